import { DatasetFormatError } from '../spec/errors.js';
import { readDataFile } from './jsonl-records.js';

/**
 * Reads a file that is one JSON array (FinQA `dev.json`, TAT-QA
 * `tatqa_dataset_*.json`). Invalid JSON is a `DatasetFormatError` naming the
 * line it broke on; a document that is not an array says what it is.
 */
export async function readJsonArray(file: string, hint: string): Promise<unknown[]> {
  const text = await readDataFile(file);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const line = position === null ? undefined : text.slice(0, Number(position[1])).split('\n').length;
    throw new DatasetFormatError(file, line, undefined, `invalid JSON (${message})`, hint);
  }
  if (!Array.isArray(value)) throw new DatasetFormatError(file, undefined, undefined, `expected a JSON array of items, found ${value === null ? 'null' : typeof value}`, hint);
  return value;
}

/** Describes a value for an error message. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
