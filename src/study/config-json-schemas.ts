import { z } from 'zod';
import { runFileSchema } from '../runner/run-file.js';
import { studyFileSchema } from './study-schema.js';

/** File names of the JSON Schemas under `schemas/`, by the YAML file they describe. */
export const CONFIG_SCHEMA_FILES = { run: 'run.schema.json', study: 'study.schema.json' } as const;

/**
 * JSON Schemas of run.yaml and study.yaml, generated from the zod schemas the
 * loaders validate with, so an editor (yaml-language-server) completes and
 * checks the same fields the loaders accept. Checks the schemas cannot
 * express (known protocol names, references between sections) stay with
 * the loaders. `io: 'input'`: the schema describes what people write, with
 * defaults optional.
 */
export function configJsonSchemas(): Record<string, Record<string, unknown>> {
  const generate = (schema: z.ZodType, title: string, description: string): Record<string, unknown> => ({
    ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }),
    title,
    description,
  });
  return {
    [CONFIG_SCHEMA_FILES.run]: generate(runFileSchema, 'quorum run file', 'quorum run --config run.yaml (docs/agents.md, "The run file")'),
    [CONFIG_SCHEMA_FILES.study]: generate(studyFileSchema, 'quorum study file', 'quorum study run study.yaml (docs/studies.md)'),
  };
}

/** A schema file's text: two-space JSON with a final newline. */
export function schemaFileText(schema: Record<string, unknown>): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
