import { z } from 'zod';
import { canonicalJson } from '../../util/canonical-json.js';

/** Result of checking a value against a JSON schema. */
export type SchemaCheck = { ok: true } | { ok: false; problems: string[] };

type Validator = (value: unknown) => SchemaCheck;

const validators = new Map<string, Validator>();
const MAX_CACHED_SCHEMAS = 256;

/**
 * Checks a parsed reply against the JSON schema the request asked for. Uses
 * zod 4's `z.fromJSONSchema`, which covers what structured-output schemas
 * use (object/array/string/number/integer/boolean, enum, required,
 * properties, items, additionalProperties, maxLength, minItems, maxItems,
 * anyOf, nullable types). A schema zod cannot convert is not checked (every
 * value passes): servers accept schemas we cannot read, and refusing their
 * replies would be worse than trusting them.
 */
export function checkJsonSchema(schema: Record<string, unknown>, value: unknown): SchemaCheck {
  return validatorFor(schema)(value);
}

function validatorFor(schema: Record<string, unknown>): Validator {
  const key = canonicalJson(schema);
  let validator = validators.get(key);
  if (validator === undefined) {
    validator = compile(schema);
    // Schemas are few per run (one per protocol format); the bound only guards against misuse.
    if (validators.size >= MAX_CACHED_SCHEMAS) validators.clear();
    validators.set(key, validator);
  }
  return validator;
}

function compile(schema: Record<string, unknown>): Validator {
  let zodSchema: z.ZodType;
  try {
    zodSchema = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch {
    return () => ({ ok: true });
  }
  return (value) => {
    const result = zodSchema.safeParse(value);
    if (result.success) return { ok: true };
    const problems = result.error.issues.slice(0, 5).map((issue) => {
      const path = issue.path.length === 0 ? '(root)' : issue.path.map(String).join('.');
      return `${path}: ${issue.message}`;
    });
    if (result.error.issues.length > 5) problems.push(`… and ${result.error.issues.length - 5} more`);
    return { ok: false, problems };
  };
}
