import { readFile } from 'node:fs/promises';
import { ConfigError, DatasetFormatError } from '../spec/errors.js';

/** One JSON object of a JSONL file and the line it came from (1-based). */
export interface JsonlRecord {
  line: number;
  value: Record<string, unknown>;
}

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
    throw new ConfigError(`cannot read dataset file ${file}: ${(error as Error).message}`);
  }
}

/**
 * The JSON objects of a JSONL text, one per non-blank line, with their line
 * numbers. Stops after `limit` records. Invalid JSON and non-objects throw
 * `DatasetFormatError` naming the line.
 */
export function parseJsonlRecords(file: string, text: string, limit = Infinity): JsonlRecord[] {
  const records: JsonlRecord[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length && records.length < limit; index++) {
    const source = lines[index]!.replace(/\r$/, '');
    if (source.trim() === '') continue;
    const line = index + 1;
    let value: unknown;
    try {
      value = JSON.parse(source);
    } catch (error) {
      throw new DatasetFormatError(file, line, undefined, `invalid JSON (${(error as Error).message})`, 'each line must hold one complete JSON object');
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new DatasetFormatError(file, line, undefined, `expected a JSON object, found ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}`);
    }
    records.push({ line, value: value as Record<string, unknown> });
  }
  return records;
}

/** The first record of a JSONL file, or undefined for an empty file (used to detect its format). */
export async function firstJsonlRecord(file: string): Promise<Record<string, unknown> | undefined> {
  return parseJsonlRecords(file, await readDataFile(file), 1)[0]?.value;
}
