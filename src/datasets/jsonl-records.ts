import { readFile } from 'node:fs/promises';
import { ConfigError, DatasetFormatError } from '../spec/errors.js';
import { BadLines } from './bad-lines.js';

/** One JSON object of a JSONL file and the line it came from (1-based). */
export interface JsonlRecord {
  line: number;
  value: Record<string, unknown>;
}

/**
 * The longest line read, in characters. A question with its tables and
 * passages is kilobytes; a line of many megabytes is a wrong file (or a
 * hostile one) and would otherwise be sent to every model call.
 */
export const MAX_LINE_CHARS = 8 * 1024 * 1024;

/**
 * The deepest nesting of arrays and objects accepted in a line. Datasets
 * nest a few levels (a table is an array of rows of cells); parsing is
 * fine at any depth, but hashing and validating a record recurse, and a
 * line nested thousands deep overflowed the stack far from its file.
 */
export const MAX_NESTING = 64;

/**
 * Reads the text of a data file, turning "not found" and "is a directory"
 * into `ConfigError`s a person can act on.
 */
export async function readDataFile(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ConfigError(`dataset file not found: ${file}`, 'check the path given with --data');
    if (code === 'EISDIR') throw new ConfigError(`dataset path is a directory, not a file: ${file}`, 'pass the JSONL file itself with --data');
    if (code === 'ERR_STRING_TOO_LONG') throw new ConfigError(`dataset file ${file} is too large to read as text`, 'split it, or pass --limit with a smaller file');
    throw new ConfigError(`cannot read dataset file ${file}: ${(error as Error).message}`);
  }
}

/**
 * The JSON objects of a JSONL text, one per non-blank line, with their line
 * numbers. Stops after `limit` lines with a record. Every bad line (invalid
 * JSON, not an object, too long, nested too deep) is reported together in
 * one `DatasetFormatError` (see `BadLines`).
 */
export function parseJsonlRecords(file: string, text: string, limit = Infinity): JsonlRecord[] {
  return mapJsonlRecords(file, text, limit, (record) => record);
}

/**
 * Parses a JSONL text and turns each record into an item with `toItem`,
 * collecting the `DatasetFormatError` of every bad line — unparseable or
 * rejected by `toItem` — and throwing them together at the end, so a file
 * with many bad lines is fixed in one pass. `limit` counts lines read, good
 * or bad.
 */
export function mapJsonlRecords<T>(file: string, text: string, limit: number, toItem: (record: JsonlRecord) => T): T[] {
  const items: T[] = [];
  const bad = new BadLines(file);
  let start = 0;
  for (let index = 0; start <= text.length && items.length + bad.count < limit; index++) {
    const end = text.indexOf('\n', start);
    const source = text.slice(start, end === -1 ? text.length : end).replace(/\r$/, '');
    start = end === -1 ? text.length + 1 : end + 1;
    if (source.trim() === '') continue;
    const line = index + 1;
    bad.check(() => items.push(toItem({ line, value: parseLine(file, line, source) })));
  }
  bad.throwIfAny();
  return items;
}

function parseLine(file: string, line: number, source: string): Record<string, unknown> {
  if (source.length > MAX_LINE_CHARS) {
    throw new DatasetFormatError(file, line, undefined, `the line is ${(source.length / 2 ** 20).toFixed(1)} MiB long (at most ${MAX_LINE_CHARS / 2 ** 20} MiB)`, 'is this the right file? one line holds one question');
  }
  const depth = nestingDepth(source);
  if (depth > MAX_NESTING) {
    throw new DatasetFormatError(file, line, undefined, `arrays and objects nested ${depth} deep (at most ${MAX_NESTING})`, 'one line holds one question; no dataset nests this deep');
  }
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    throw new DatasetFormatError(file, line, undefined, `invalid JSON (${(error as Error).message})`, 'each line must hold one complete JSON object');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new DatasetFormatError(file, line, undefined, `expected a JSON object, found ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}`);
  }
  return value as Record<string, unknown>;
}

/** The deepest nesting of `[` and `{` outside strings (a linear scan; invalid JSON gives some depth, and fails to parse later). */
export function nestingDepth(source: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < source.length; index++) {
    const char = source.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (char === 0x5d || char === 0x7d) depth--;
  }
  return deepest;
}

/** The first record of a JSONL file, or undefined for an empty file (used to detect its format). */
export async function firstJsonlRecord(file: string): Promise<Record<string, unknown> | undefined> {
  return parseJsonlRecords(file, await readDataFile(file), 1)[0]?.value;
}
