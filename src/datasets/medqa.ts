import { access } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ConfigError, DatasetFormatError } from '../spec/errors.js';
import type { Question } from '../spec/question.js';
import type { DatasetLoader, LoadOptions } from './dataset-loader.js';
import { mapJsonlRecords, readDataFile } from './jsonl-records.js';
import { sharedDataDir } from './shared-data.js';
import { compareOptionKeys } from './option-key-order.js';

const HINT = 'MedQA lines look like {"question": "…", "options": {"A": "…", …}, "answer": "<text of the correct option>", "answer_idx": "B", "meta_info": "step1"}';

/** The MedQA file used when no path is given, relative to the shared data directory. */
export const MEDQA_DEFAULT_FILE = join('medqa', 'phrases_no_exclude_test.jsonl');

/**
 * MedQA-USMLE in its original JSONL format (`question`, `options`,
 * `answer`, `answer_idx`, `meta_info`, optional `metamap_phrases`, which is
 * ignored). Question ids are `medqa:L<line>` (the 1-based line in the file):
 * stable for a given file and traceable to its row.
 */
export const medqaLoader: DatasetLoader = {
  name: 'medqa',
  paper: 'MedQA-USMLE (Jin et al., 2021)',
  description: 'MedQA-USMLE 4-option JSONL (question, options, answer, answer_idx, meta_info)',
  recognizes: (record) => 'question' in record && 'answer_idx' in record && 'options' in record,
  async load(path?: string, options: LoadOptions = {}): Promise<Question[]> {
    const file = path ?? (await defaultMedqaFile());
    const questions = mapJsonlRecords(file, await readDataFile(file), options.limit ?? Infinity, ({ line, value }) => medqaQuestion(value, file, line));
    if (questions.length === 0) throw new DatasetFormatError(file, undefined, undefined, 'no questions found (the file is empty)');
    return questions;
  },
};

async function defaultMedqaFile(): Promise<string> {
  const file = join(sharedDataDir(), MEDQA_DEFAULT_FILE);
  try {
    await access(file);
    return file;
  } catch {
    throw new ConfigError(
      `no MedQA file given and none found at ${file}`,
      'pass --data <path to a MedQA .jsonl file>, or set QUORUM_SHARED_DATA to the directory that holds medqa/phrases_no_exclude_test.jsonl',
    );
  }
}

/** Validates one MedQA record and turns it into a question. */
export function medqaQuestion(record: Record<string, unknown>, file: string, line: number): Question {
  const fail = (field: string, expected: string): DatasetFormatError => new DatasetFormatError(file, line, field, expected, HINT);
  const { question, options, answer, answer_idx: answerIdx, meta_info: metaInfo } = record;
  if (typeof question !== 'string' || question.trim() === '') throw fail('question', `expected a non-empty string, found ${describe(question)}`);
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw fail('options', `expected an object of option letters to texts, found ${describe(options)}`);
  }
  const entries = Object.entries(options as Record<string, unknown>).sort(([a], [b]) => compareOptionKeys(a, b));
  if (entries.length < 2) throw fail('options', `expected at least two options, found ${entries.length}`);
  const optionTexts: Record<string, string> = {};
  for (const [key, text] of entries) {
    if (!/^[A-Z]$/.test(key)) throw fail(`options.${key}`, 'expected option keys to be single capital letters (A, B, …)');
    if (typeof text !== 'string' || text.trim() === '') throw fail(`options.${key}`, `expected a non-empty string, found ${describe(text)}`);
    optionTexts[key] = text;
  }
  const letters = Object.keys(optionTexts).join(', ');
  if (answerIdx === undefined) throw fail('answer_idx', `missing; expected the letter of the correct option (${letters})`);
  if (typeof answerIdx !== 'string') throw fail('answer_idx', `expected a letter (${letters}), found ${describe(answerIdx)}`);
  const goldText = optionTexts[answerIdx];
  if (goldText === undefined) throw fail('answer_idx', `"${answerIdx}" is not one of the options (${letters})`);
  if (typeof answer !== 'string') throw fail('answer', `expected the text of the correct option, found ${describe(answer)}`);
  // The official files are consistent; a mismatch means the row was edited or misaligned, so the gold is not trustworthy.
  if (answer.trim() !== goldText.trim()) {
    throw fail('answer', `"${shorten(answer)}" differs from options.${answerIdx} "${shorten(goldText)}"; answer must be the text of the option answer_idx names`);
  }
  if (metaInfo !== undefined && typeof metaInfo !== 'string') throw fail('meta_info', `expected a string such as "step1", found ${describe(metaInfo)}`);
  const meta: Record<string, unknown> = { file: basename(file), line };
  if (metaInfo !== undefined) meta['meta_info'] = metaInfo;
  if (record['realidx'] !== undefined) meta['realidx'] = record['realidx'];
  return { id: `medqa:L${line}`, prompt: question, options: optionTexts, gold: { kind: 'choice', value: answerIdx }, meta };
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
