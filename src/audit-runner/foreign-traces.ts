import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { parseJsonlRecords } from '../datasets/jsonl-records.js';
import { ConfigError, DatasetFormatError } from '../spec/errors.js';
import { describeZodIssue } from '../store/zod-issue.js';

/**
 * Foreign traces: debates recorded by other systems, audited without any
 * chat backend. One JSON object per line, one (question, protocol, seed)
 * per line; the format is documented with an example in docs/metrics.md
 * ("Foreign traces"). Field names are exact (unknown fields are refused,
 * so a misspelt `scoring_points` cannot silently drop CARA-GT); anything
 * else a system wants to keep goes in `meta` (accepted, not stored).
 * Spelling follows quorum's generic dataset format (snake_case).
 */

const answerSchema = z.union([z.string(), z.number()]).nullable();

const stepSchema = z.union([
  z.string().trim().min(1, 'a step must not be blank'),
  z.strictObject({ claim: z.string().trim().min(1, 'a claim must not be blank'), ground: z.string().optional() }),
]);

const agentSchema = z
  .strictObject({
    /** Agent name, unique within the line. */
    name: z.string().trim().min(1),
    /** Final answer; null (or "") when the agent gave none that parses. */
    answer: answerSchema,
    /** Final-round rationale as free text (segmented into steps like quorum's own free-format turns). */
    rationale: z.string().optional(),
    /** Final-round reasoning steps, kept as given: text, or GDP-style `{claim, ground}`. */
    steps: z.array(stepSchema).optional(),
    /** Answers of the agent's earlier rounds, oldest first, without the final one (FM4 reads them). */
    history: z.array(answerSchema).optional(),
  })
  .refine((agent) => agent.rationale === undefined || agent.steps === undefined, { message: 'give either "rationale" or "steps", not both' });

/** One line of a foreign-trace file. */
export const foreignTraceSchema = z
  .strictObject({
    question_id: z.string().trim().min(1),
    /** Question text, shown by the viewer; optional. */
    question: z.string().optional(),
    /** Gold answer (letter, number or text); null or absent when there is none. */
    gold: answerSchema.optional(),
    /** quorum's dataset name (`wtq`, `tatqa`, …): the trace is scored with that dataset's scorer; default: the `question_id` prefix, else a generic scorer by the gold's kind. */
    dataset: z.string().trim().min(1).optional(),
    /** Protocol that produced the trace (default `foreign`): the audit reports per protocol. */
    protocol: z.string().trim().min(1).optional(),
    /** Seed or repeat index (default 0). */
    seed: z.number().int().nonnegative().optional(),
    /** The system's aggregated answer; when absent, the majority of final answers (ties drawn with a seed). */
    aggregated: answerSchema.optional(),
    /** Expert scoring points for CARA-GT. */
    scoring_points: z.array(z.string().trim().min(1)).optional(),
    agents: z.array(agentSchema).min(1),
    meta: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((trace, context) => {
    const seen = new Set<string>();
    trace.agents.forEach((agent, index) => {
      if (seen.has(agent.name)) context.addIssue({ code: 'custom', path: ['agents', index, 'name'], message: `agent name "${agent.name}" appears twice` });
      seen.add(agent.name);
    });
  });

export type ForeignTrace = z.infer<typeof foreignTraceSchema>;
export type ForeignAgent = ForeignTrace['agents'][number];

/** A validated line and where it came from. */
export interface ForeignTraceLine {
  line: number;
  trace: ForeignTrace;
}

/** An answer as quorum stores it: trimmed text, null when absent or blank. */
export function foreignAnswer(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/**
 * Reads and validates a foreign-trace file. Errors are `DatasetFormatError`s
 * naming the file, line and field; a unit key (question, protocol, seed)
 * may appear once. Returns the file's text too, whose hash names the
 * imported run.
 */
export async function readForeignTraces(file: string): Promise<{ text: string; lines: ForeignTraceLine[] }> {
  let text: string;
  try {
    text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ConfigError(`traces file not found: ${file}`, 'pass a stored run id or the path of a foreign-trace .jsonl file');
    throw new ConfigError(`cannot read traces file ${file}: ${(error as Error).message}`);
  }
  const lines: ForeignTraceLine[] = [];
  const keys = new Map<string, number>();
  for (const record of parseJsonlRecords(file, text)) {
    if ('traceVersion' in record.value && 'events' in record.value) {
      throw new DatasetFormatError(file, record.line, undefined, 'this is a quorum trace export, not a foreign-trace file', 'import it with `quorum import <file>`, then audit the run id it prints');
    }
    const parsed = foreignTraceSchema.safeParse(record.value);
    if (!parsed.success) {
      const issue = describeZodIssue(parsed.error);
      throw new DatasetFormatError(file, record.line, issue.field, issue.message, 'see docs/metrics.md, "Foreign traces", for the format');
    }
    const trace = parsed.data;
    const key = JSON.stringify([trace.question_id, trace.protocol ?? 'foreign', trace.seed ?? 0]);
    const previous = keys.get(key);
    if (previous !== undefined) {
      throw new DatasetFormatError(file, record.line, 'question_id', `question "${trace.question_id}" with this protocol and seed already appears on line ${previous}`, 'give repeats different "seed" values');
    }
    keys.set(key, record.line);
    lines.push({ line: record.line, trace });
  }
  if (lines.length === 0) throw new ConfigError(`traces file ${file} holds no traces`, 'see docs/metrics.md, "Foreign traces", for the format');
  return { text, lines };
}
