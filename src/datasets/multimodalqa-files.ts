import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ConfigError, DatasetFormatError } from '../spec/errors.js';
import { type JsonlRecord, parseJsonlRecords, readDataFile } from './jsonl-records.js';

/** Reads a text file that may be gzipped (`.gz`), as the official MultiModalQA files are. */
export async function readMaybeGzipped(file: string): Promise<string> {
  if (!file.endsWith('.gz')) return readDataFile(file);
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(code === 'ENOENT' ? `dataset file not found: ${file}` : `cannot read dataset file ${file}: ${(error as Error).message}`, 'check the path given with --data');
  }
  try {
    return gunzipSync(bytes).toString('utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    throw new DatasetFormatError(file, undefined, undefined, `not a gzip file (${(error as Error).message})`, 'pass the .jsonl.gz file as released, or the unpacked .jsonl');
  }
}

/** The records of a JSONL file that may be gzipped. */
export async function readJsonlMaybeGzipped(file: string, limit?: number): Promise<JsonlRecord[]> {
  return parseJsonlRecords(file, await readMaybeGzipped(file), limit);
}

/**
 * The companion file `<stem>.jsonl.gz` or `<stem>.jsonl` in a folder
 * (MMQA_tables, MMQA_texts, MMQA_images), or undefined when neither exists.
 */
export async function findCompanion(folder: string, stem: string): Promise<string | undefined> {
  for (const name of [`${stem}.jsonl.gz`, `${stem}.jsonl`]) {
    const path = join(folder, name);
    if (await exists(path)) return path;
  }
  return undefined;
}

/**
 * The image file of an `MMQA_images` record's `path`: inside
 * `final_dataset_images/` (the folder of the official zip), `images/`, or
 * the folder itself. Undefined when none exists.
 */
export async function findImageFile(folder: string, path: string): Promise<string | undefined> {
  for (const candidate of [join(folder, 'final_dataset_images', path), join(folder, 'images', path), join(folder, path)]) {
    if (await exists(candidate)) return candidate;
  }
  return undefined;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
