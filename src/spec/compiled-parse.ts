import type { z } from 'zod';

/** What a compiled parse returns when it cannot vouch for the value: the caller parses with zod itself. */
export const ASK_ZOD: unique symbol = Symbol('ask zod');

/**
 * A parse of one value: zod's output, built directly, or `ASK_ZOD`. An
 * object (or a discriminated union of objects) writes its fields into
 * `into` when one is given, after the keys `into` already has, and returns
 * it; after `ASK_ZOD`, `into` holds some fields and is to be dropped.
 */
export type CompiledParse = (value: unknown, into?: Record<string, unknown>) => unknown;

/**
 * Compiles a zod schema into a parse that builds zod's output directly —
 * same keys in the same order, defaults filled in, unknown keys dropped —
 * without zod's per-field result objects: 1.7 KB allocated per turn event
 * instead of 3.2–3.4 KB, and the parse of every trace event was the
 * largest allocation of a run. It understands only the
 * schema kinds and checks trace v1 uses (objects, strings, numbers with
 * integer and bound checks, booleans, literals, enums, arrays, string-keyed
 * records, nullable, optional, default, unknown, discriminated unions) and
 * only plainly valid values: anything else — an unknown schema kind, a
 * failed check, an optional key present as `undefined`, an object with
 * another prototype — gives `ASK_ZOD`, so invalid values always get zod's
 * own error. test/spec/compiled-parse.test.ts feeds valid and broken events
 * to both and checks that every answer other than `ASK_ZOD` is zod's.
 */
export function compileParse(schema: z.ZodType): CompiledParse {
  const def = definitionOf(schema);
  // Checks (refinements, lengths) are read for numbers only; elsewhere they are zod's.
  if (def.type !== 'number' && !noChecks(def)) return askZod;
  switch (def.type) {
    case 'string':
      return (value) => (typeof value === 'string' ? value : ASK_ZOD);
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? value : ASK_ZOD);
    case 'number':
      return compileNumber(def);
    case 'literal':
    case 'enum': {
      const values = (schema as unknown as { _zod: { values?: ReadonlySet<unknown> } })._zod.values;
      return values === undefined ? askZod : (value) => (values.has(value) ? value : ASK_ZOD);
    }
    case 'unknown':
      return (value) => value;
    case 'nullable': {
      const inner = compileParse(def['innerType'] as z.ZodType);
      return (value) => (value === null ? null : inner(value));
    }
    case 'array':
      return compileArray(compileParse(def['element'] as z.ZodType));
    case 'record':
      return compileRecord(def);
    case 'object':
      return compileObject(def);
    case 'union':
      return compileDiscriminatedUnion(def);
    default:
      // optional and default are read by the object that holds them; anything else is zod's.
      return askZod;
  }
}

type Definition = { type: string; checks?: ReadonlyArray<{ _zod: { def: Record<string, unknown> } }> } & Record<string, unknown>;

function definitionOf(schema: z.ZodType): Definition {
  return (schema as unknown as { _zod: { def: Definition } })._zod.def;
}

const askZod: CompiledParse = () => ASK_ZOD;

function noChecks(def: Definition): boolean {
  return def.checks === undefined || def.checks.length === 0;
}

function compileNumber(def: Definition): CompiledParse {
  let integer = false;
  let minimum = -Infinity;
  let minimumInclusive = true;
  let maximum = Infinity;
  let maximumInclusive = true;
  for (const check of def.checks ?? []) {
    const { check: kind, value: bound, inclusive, format } = check._zod.def;
    if (kind === 'number_format' && format === 'safeint') integer = true;
    // One bound of each side, as trace v1 has; more are left to zod.
    else if (kind === 'greater_than' && typeof bound === 'number' && minimum === -Infinity) [minimum, minimumInclusive] = [bound, inclusive === true];
    else if (kind === 'less_than' && typeof bound === 'number' && maximum === Infinity) [maximum, maximumInclusive] = [bound, inclusive === true];
    else return askZod;
  }
  return (value) =>
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!integer || Number.isSafeInteger(value)) &&
    (minimumInclusive ? value >= minimum : value > minimum) &&
    (maximumInclusive ? value <= maximum : value < maximum)
      ? value
      : ASK_ZOD;
}

function compileArray(element: CompiledParse): CompiledParse {
  return (value) => {
    if (!Array.isArray(value)) return ASK_ZOD;
    const output = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = element(value[i]);
      if (item === ASK_ZOD) return ASK_ZOD;
      output[i] = item;
    }
    return output;
  };
}

/** An object literal as JSON would give it; zod accepts more (class instances, null prototypes) but those are left to it. */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function compileRecord(def: Definition): CompiledParse {
  const keyDef = definitionOf(def['keyType'] as z.ZodType);
  if (keyDef.type !== 'string' || !noChecks(keyDef) || def['mode'] !== undefined) return askZod;
  const entry = compileParse(def['valueType'] as z.ZodType);
  return (value) => {
    // zod also reads symbol keys (and rejects them); a value with any is left to it.
    if (!isPlainRecord(value) || Object.getOwnPropertySymbols(value).length > 0) return ASK_ZOD;
    const output: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (key === '__proto__') return ASK_ZOD;
      const parsed = entry(value[key]);
      if (parsed === ASK_ZOD) return ASK_ZOD;
      output[key] = parsed;
    }
    return output;
  };
}

/** How an object reads one key of its shape. */
interface Field {
  key: string;
  parse: CompiledParse;
  /** optional: an absent key is left out. */
  optional: boolean;
  /** default: an absent key gets this value (primitives only). */
  hasDefault: boolean;
  defaultValue: unknown;
}

function compileObject(def: Definition): CompiledParse {
  if (def['catchall'] !== undefined) return askZod;
  const fields: Field[] = [];
  for (const [key, fieldSchema] of Object.entries(def['shape'] as Record<string, z.ZodType>)) {
    const field = compileField(key, fieldSchema);
    if (field === undefined) return askZod;
    fields.push(field);
  }
  return (value, into) => {
    if (!isPlainRecord(value)) return ASK_ZOD;
    const output: Record<string, unknown> = into ?? {};
    for (const field of fields) {
      const entry = value[field.key];
      if (entry === undefined) {
        // Present as undefined is a case of its own in zod (the key is kept or refused): left to it.
        if (field.key in value) return ASK_ZOD;
        if (field.hasDefault) output[field.key] = field.defaultValue;
        else if (!field.optional) return ASK_ZOD;
        continue;
      }
      const parsed = field.parse(entry);
      if (parsed === ASK_ZOD) return ASK_ZOD;
      output[field.key] = parsed;
    }
    return output;
  };
}

function compileField(key: string, schema: z.ZodType): Field | undefined {
  const def = definitionOf(schema);
  if (def.type === 'optional') {
    const innerDef = definitionOf(def['innerType'] as z.ZodType);
    if (innerDef.type === 'default' || innerDef.type === 'optional') return undefined;
    return { key, parse: compileParse(def['innerType'] as z.ZodType), optional: true, hasDefault: false, defaultValue: undefined };
  }
  if (def.type === 'default') {
    const defaultValue = def['defaultValue'];
    if (defaultValue !== null && (typeof defaultValue === 'object' || typeof defaultValue === 'function')) return undefined;
    if (defaultValue === undefined) return undefined;
    return { key, parse: compileParse(def['innerType'] as z.ZodType), optional: false, hasDefault: true, defaultValue };
  }
  return { key, parse: compileParse(schema), optional: false, hasDefault: false, defaultValue: undefined };
}

function compileDiscriminatedUnion(def: Definition): CompiledParse {
  const discriminator = def['discriminator'];
  if (typeof discriminator !== 'string') return askZod;
  const byTag = new Map<unknown, CompiledParse>();
  for (const option of def['options'] as z.ZodType[]) {
    const tagSchema = (definitionOf(option)['shape'] as Record<string, z.ZodType> | undefined)?.[discriminator];
    const tags = (tagSchema as unknown as { _zod?: { values?: ReadonlySet<unknown> } } | undefined)?._zod?.values;
    if (tags === undefined) return askZod;
    const parse = compileParse(option);
    for (const tag of tags) {
      if (byTag.has(tag)) return askZod;
      byTag.set(tag, parse);
    }
  }
  return (value, into) => {
    if (!isPlainRecord(value)) return ASK_ZOD;
    const parse = byTag.get(value[discriminator]);
    return parse === undefined ? ASK_ZOD : parse(value, into);
  };
}
