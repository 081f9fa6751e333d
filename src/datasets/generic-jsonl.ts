import { dirname, isAbsolute, join } from 'node:path';
import { z } from 'zod';
import { ConfigError, DatasetFormatError } from '../spec/errors.js';
import type { Gold, Question } from '../spec/question.js';
import type { DatasetLoader, LoadOptions } from './dataset-loader.js';
import { mapJsonlRecords, readDataFile } from './jsonl-records.js';
import { compareOptionKeys } from './option-key-order.js';

const HINT = 'see docs/datasets.md, "Generic JSONL", for the fields of a line';

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]).transform((value) => (value === null ? '' : String(value)));

/**
 * One line of quorum's generic JSONL format (docs/datasets.md). Unknown
 * fields are errors, so a misspelt `scoring_point` cannot silently drop a
 * rubric; put anything extra under `meta`.
 */
export const genericRecordSchema = z.strictObject({
  id: z.union([z.string().min(1), z.number().int()]).transform(String),
  question: z.string().min(1),
  /** `{"A": "…", …}` or a list (lettered A, B, … in order). */
  options: z.union([z.record(z.string().regex(/^[A-Z]$/, 'option keys must be single capital letters'), z.string().min(1)), z.array(z.string().min(1)).min(2).max(26)]).optional(),
  answer: z.union([z.string(), z.number()]).nullable().optional(),
  answer_type: z.enum(['choice', 'number', 'text', 'none']).optional(),
  /** Absolute tolerance of a numeric answer. */
  tolerance: z.number().nonnegative().optional(),
  /** Other accepted spellings of a text answer. */
  aliases: z.array(z.string().min(1)).optional(),
  context: z
    .strictObject({
      passages: z.array(z.strictObject({ id: z.string().optional(), text: z.string(), title: z.string().optional() })).optional(),
      tables: z
        .array(z.strictObject({ id: z.string().optional(), header: z.array(cell), rows: z.array(z.array(cell)), caption: z.string().optional() }))
        .optional(),
      images: z.array(z.strictObject({ id: z.string().optional(), path: z.string().min(1), caption: z.string().optional() })).optional(),
    })
    .optional(),
  scoring_points: z.array(z.string().min(1)).optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type GenericRecord = z.output<typeof genericRecordSchema>;

/** quorum's own JSONL format: any question type, with context, rubric and metadata. */
export const genericLoader: DatasetLoader = {
  name: 'generic',
  description: "quorum's JSONL format: id, question, options?, answer, answer_type?, tolerance?, context?, scoring_points?, meta?",
  recognizes: (record) => 'id' in record && 'question' in record && ('answer' in record || 'answer_type' in record),
  async load(path?: string, options: LoadOptions = {}): Promise<Question[]> {
    if (path === undefined) throw new ConfigError('the generic dataset needs a file', 'pass --data <file.jsonl>');
    const firstLineOf = new Map<string, number>();
    const questions = mapJsonlRecords(path, await readDataFile(path), options.limit ?? Infinity, ({ line, value }) => {
      const question = genericQuestion(value, path, line);
      const seen = firstLineOf.get(question.id);
      if (seen !== undefined) throw new DatasetFormatError(path, line, 'id', `duplicate id "${question.id}" (first on line ${seen})`, 'ids must be unique within a file');
      firstLineOf.set(question.id, line);
      return question;
    });
    if (questions.length === 0) throw new DatasetFormatError(path, undefined, undefined, 'no questions found (the file is empty)');
    return questions;
  },
};

/** Validates one generic record and turns it into a question. */
export function genericQuestion(value: Record<string, unknown>, file: string, line: number): Question {
  const parsed = genericRecordSchema.safeParse(value);
  if (!parsed.success) throw issueError(parsed.error.issues[0], file, line);
  const record = parsed.data;
  const fail = (field: string, expected: string): DatasetFormatError => new DatasetFormatError(file, line, field, expected, HINT);
  const options = Array.isArray(record.options)
    ? Object.fromEntries(record.options.map((text, index) => [String.fromCharCode(65 + index), text]))
    : record.options === undefined
      ? undefined
      : Object.fromEntries(Object.entries(record.options).sort(([a], [b]) => compareOptionKeys(a, b)));
  const gold = goldOf(record, options, fail);
  if (record.tolerance !== undefined && gold.kind !== 'number') throw fail('tolerance', `only numeric answers have a tolerance (answer_type is "${gold.kind}")`);
  if (record.aliases !== undefined && gold.kind !== 'text') throw fail('aliases', `only text answers have aliases (answer_type is "${gold.kind}")`);
  const question: Question = { id: record.id, prompt: record.question, gold };
  if (options !== undefined) question.options = options;
  if (record.context !== undefined) {
    const { passages, tables, images } = record.context;
    question.context = {};
    if (passages !== undefined) question.context.passages = passages.map((p, i) => ({ ...p, id: p.id ?? `passage-${i + 1}` }));
    if (tables !== undefined) question.context.tables = tables.map((t, i) => ({ ...t, id: t.id ?? `table-${i + 1}` }));
    if (images !== undefined) question.context.images = images.map((m, i) => ({ ...m, id: m.id ?? `image-${i + 1}`, path: imagePath(m.path, file) }));
  }
  if (record.scoring_points !== undefined) question.scoringPoints = record.scoring_points;
  question.meta = { ...record.meta, line };
  return question;
}

/**
 * An image path as written in the file is relative to the file (like a
 * dataset's own asset folder), not to wherever quorum is started; absolute
 * paths and data URLs are kept.
 */
function imagePath(path: string, file: string): string {
  return path.startsWith('data:') || isAbsolute(path) ? path : join(dirname(file), path);
}

function goldOf(record: GenericRecord, options: Record<string, string> | undefined, fail: (field: string, expected: string) => DatasetFormatError): Gold {
  const answer = record.answer ?? undefined;
  const type = record.answer_type ?? (options !== undefined ? 'choice' : typeof answer === 'number' ? 'number' : answer !== undefined ? 'text' : undefined);
  if (type === undefined) throw fail('answer', 'missing; give the gold answer, or set "answer_type": "none" for an open question');
  if (type === 'none') {
    if (answer !== undefined) throw fail('answer', 'must be absent when answer_type is "none"');
    return { kind: 'none' };
  }
  if (answer === undefined) throw fail('answer', `missing; answer_type "${type}" needs a gold answer`);
  if (type === 'choice') {
    if (options === undefined) throw fail('options', 'missing; answer_type "choice" needs options');
    const letter = String(answer).trim().toUpperCase();
    if (options[letter] === undefined) throw fail('answer', `"${String(answer)}" is not one of the option letters (${Object.keys(options).join(', ')})`);
    return { kind: 'choice', value: letter };
  }
  if (type === 'number') {
    const number = typeof answer === 'number' ? answer : Number(answer.replace(/,/g, '').trim());
    if (!Number.isFinite(number) || (typeof answer === 'string' && answer.trim() === '')) throw fail('answer', `expected a number, found ${JSON.stringify(answer)}`);
    return record.tolerance === undefined ? { kind: 'number', value: number } : { kind: 'number', value: number, tolerance: record.tolerance };
  }
  const text = String(answer).trim();
  if (text === '') throw fail('answer', 'expected a non-empty text answer');
  return record.aliases === undefined ? { kind: 'text', value: text } : { kind: 'text', value: text, aliases: record.aliases };
}

/** A zod issue as a `DatasetFormatError` whose field is the issue's path ("context.tables[0].rows"). */
function issueError(first: z.core.$ZodIssue | undefined, file: string, line: number): DatasetFormatError {
  if (first === undefined) return new DatasetFormatError(file, line, undefined, 'invalid record', HINT);
  const { issue, path: parts } = specificIssue(first, []);
  const path = parts.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text === '' ? String(part) : `${text}.${String(part)}`), '');
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const field = path === '' ? key : `${path}.${key}`;
    return new DatasetFormatError(file, line, field, 'unknown field', `${HINT}; extra data belongs under "meta"`);
  }
  const field = path === '' ? undefined : path;
  let message = issue.message;
  if (issue.code === 'invalid_key') message = `Invalid key: ${issue.issues[0]?.message ?? 'not allowed'}`;
  if (issue.code === 'invalid_union') {
    const expected = issue.errors.flatMap((branch) => (branch[0]?.code === 'invalid_type' ? [branch[0].expected] : []));
    message = `expected ${[...new Set(expected)].join(' or ') || 'a different value'}`;
  }
  return new DatasetFormatError(file, line, field, message.replace(/^Invalid input: /, '').replace(/, received undefined$/, ' (missing)'), HINT);
}

/**
 * The issue that says what is wrong: inside a union (`options` is an object
 * or a list), the branch whose type matched, so a bad key reports that key
 * rather than "invalid input".
 */
function specificIssue(issue: z.core.$ZodIssue, prefix: PropertyKey[]): { issue: z.core.$ZodIssue; path: PropertyKey[] } {
  const path = [...prefix, ...issue.path];
  if (issue.code !== 'invalid_union') return { issue, path };
  const matched = issue.errors.find((branch) => branch[0] !== undefined && !(branch[0].code === 'invalid_type' && branch[0].path.length === 0));
  return matched?.[0] === undefined ? { issue, path } : specificIssue(matched[0], path);
}
