import { access } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ConfigError, DatasetFormatError } from '../spec/errors.js';
import type { Passage, Question } from '../spec/question.js';
import { finqaTable } from '../tools/tables/array-table.js';
import type { DatasetLoader, LoadOptions } from './dataset-loader.js';
import { numberGold } from './finqa-gold.js';
import { describeValue, readJsonArray } from './finqa-json.js';
import { sharedDataDir } from './shared-data.js';

const HINT = 'FinQA items look like {"id", "pre_text": [...], "post_text": [...], "table": [[header...], [row...]], "qa": {"question", "program", "exe_ans", "gold_inds"}}';

/** The FinQA file used when no path is given, relative to the shared data directory. */
export const FINQA_DEFAULT_FILE = join('finqa', 'dev.json');

/**
 * FinQA in its original format: one JSON array of items with `pre_text`,
 * `post_text`, `table` (normalised cells, header first) and `qa` (question,
 * program, exe_ans, gold_inds, …). Passages are the sentences of
 * `pre_text` then `post_text`, with ids `text_<i>` as FinQA's `gold_inds`
 * number them; the table has id `table`, and FinQA's `table_<i>` is its data
 * row i − 1. The gold is `exe_ans`: a number (table-QA tolerance) or
 * `yes`/`no`; items without `exe_ans` (the private test set) have none.
 */
export const finqaLoader: DatasetLoader = {
  name: 'finqa',
  paper: 'FinQA (Chen et al., 2021)',
  description: 'FinQA JSON array (pre_text, post_text, table, qa.question, qa.program, qa.exe_ans)',
  recognizes: (record) => 'pre_text' in record && 'qa' in record && 'table' in record,
  async load(path?: string, options: LoadOptions = {}): Promise<Question[]> {
    const file = path ?? (await defaultFile(FINQA_DEFAULT_FILE, 'FinQA', 'finqa/dev.json'));
    const items = await readJsonArray(file, HINT);
    if (items.length === 0) throw new DatasetFormatError(file, undefined, undefined, 'no items found (the array is empty)', HINT);
    return items.slice(0, options.limit ?? items.length).map((item, index) => finqaQuestion(item, file, index));
  },
};

/** Validates one FinQA item (index 0-based in the array) and turns it into a question. */
export function finqaQuestion(item: unknown, file: string, index: number): Question {
  const fail = (field: string, expected: string): DatasetFormatError => new DatasetFormatError(file, undefined, field === '' ? `[${index}]` : `[${index}].${field}`, expected, HINT);
  if (item === null || typeof item !== 'object' || Array.isArray(item)) throw fail('', `expected an object, found ${describeValue(item)}`);
  const record = item as Record<string, unknown>;
  const sentences = (field: 'pre_text' | 'post_text'): string[] => {
    const value = record[field];
    if (!Array.isArray(value) || value.some((sentence) => typeof sentence !== 'string')) throw fail(field, `expected a list of sentences, found ${describeValue(value)}`);
    return value as string[];
  };
  const passages: Passage[] = [...sentences('pre_text'), ...sentences('post_text')].map((text, position) => ({ id: `text_${position}`, text }));
  const table = finqaTable(record['table'], { file, field: `[${index}].table` });
  const qa = record['qa'];
  if (qa === null || typeof qa !== 'object' || Array.isArray(qa)) throw fail('qa', `expected an object, found ${describeValue(qa)}`);
  const { question, program, exe_ans: executed, answer, gold_inds: goldInds } = qa as Record<string, unknown>;
  if (typeof question !== 'string' || question.trim() === '') throw fail('qa.question', `expected a non-empty string, found ${describeValue(question)}`);
  if (program !== undefined && typeof program !== 'string') throw fail('qa.program', `expected a program string, found ${describeValue(program)}`);
  let gold: Question['gold'];
  if (executed === undefined) gold = { kind: 'none' };
  else if (typeof executed === 'number' && Number.isFinite(executed)) gold = numberGold(executed);
  else if (executed === 'yes' || executed === 'no') gold = { kind: 'text', value: executed };
  else throw fail('qa.exe_ans', `expected a number or "yes"/"no", found ${describeValue(executed)}`);
  const id = typeof record['id'] === 'string' && record['id'] !== '' ? record['id'] : `item-${index}`;
  const meta: Record<string, unknown> = { file: basename(file), index, finqaId: id };
  if (typeof program === 'string') meta['program'] = program;
  if (typeof answer === 'string') meta['answer'] = answer;
  if (goldInds !== undefined) meta['gold_inds'] = goldInds;
  return { id: `finqa:${id}`, prompt: question, gold, context: { passages, tables: [table] }, meta };
}

/** The default file of a shared-data loader, or a `ConfigError` saying how to give one. */
export async function defaultFile(relative: string, dataset: string, shown: string): Promise<string> {
  const file = join(sharedDataDir(), relative);
  try {
    await access(file);
    return file;
  } catch {
    throw new ConfigError(`no ${dataset} file given and none found at ${file}`, `pass --data <path>, or set QUORUM_SHARED_DATA to the directory that holds ${shown}`);
  }
}
