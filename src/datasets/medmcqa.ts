import { basename } from 'node:path';
import { ConfigError, DatasetFormatError } from '../spec/errors.js';
import type { Question } from '../spec/question.js';
import type { DatasetLoader, LoadOptions } from './dataset-loader.js';
import { describeValue } from './finqa-json.js';
import { mapJsonlRecords, readDataFile } from './jsonl-records.js';

const HINT = 'MedMCQA lines look like {"id": "…", "question": "…", "opa": "…", "opb": "…", "opc": "…", "opd": "…", "cop": 2, "choice_type": "single", "exp": "…", "subject_name": "…", "topic_name": "…"}';
const OPTION_FIELDS = [['A', 'opa'], ['B', 'opb'], ['C', 'opc'], ['D', 'opd']] as const;

/**
 * MedMCQA as its authors publish it (`train.json`, `dev.json`: one JSON
 * object per line): `question`, options `opa`…`opd`, `cop` the correct
 * option **1-based** (1 = opa; their `dataset.py` subtracts 1), `exp`,
 * `subject_name`, `topic_name`, `choice_type`, `id`. The Hugging Face
 * export numbers `cop` from 0 and is not this format. Ids are
 * `medmcqa:<id>`; duplicates are errors.
 */
export const medmcqaLoader: DatasetLoader = {
  name: 'medmcqa',
  paper: 'MedMCQA (Pal et al., 2022)',
  description: 'MedMCQA JSON lines (question, opa..opd, cop 1-based, exp, subject_name, topic_name, id)',
  recognizes: (record) => 'opa' in record && 'cop' in record && 'question' in record,
  async load(path?: string, options: LoadOptions = {}): Promise<Question[]> {
    if (path === undefined) throw new ConfigError('the medmcqa dataset needs a file', 'pass --data <path to dev.json from MedMCQA>');
    const firstLine = new Map<string, number>();
    const questions = mapJsonlRecords(path, await readDataFile(path), options.limit ?? Infinity, ({ line, value }) => {
      const question = medmcqaQuestion(value, path, line);
      const seen = firstLine.get(question.id);
      if (seen !== undefined) throw new DatasetFormatError(path, line, 'id', `duplicate id "${String(value['id'])}" (first on line ${seen})`, HINT);
      firstLine.set(question.id, line);
      return question;
    });
    if (questions.length === 0) throw new DatasetFormatError(path, undefined, undefined, 'no questions found (the file is empty)');
    return questions;
  },
};

/** Validates one MedMCQA record and turns it into a question with a letter gold. */
export function medmcqaQuestion(record: Record<string, unknown>, file: string, line: number): Question {
  const fail = (field: string, expected: string): DatasetFormatError => new DatasetFormatError(file, line, field, expected, HINT);
  const { id, question, cop, exp } = record;
  if (typeof id !== 'string' || id.trim() === '') throw fail('id', `expected a non-empty string, found ${describeValue(id)}`);
  if (typeof question !== 'string' || question.trim() === '') throw fail('question', `expected a non-empty string, found ${describeValue(question)}`);
  const options: Record<string, string> = {};
  for (const [letter, field] of OPTION_FIELDS) {
    const text = record[field];
    if (typeof text !== 'string' || text.trim() === '') throw fail(field, `expected the text of option ${letter}, found ${describeValue(text)}`);
    options[letter] = text;
  }
  if (cop === undefined) throw fail('cop', 'missing; expected the correct option, 1 (opa) to 4 (opd) — the test split has no public answers');
  if (cop === 0) throw fail('cop', '0 is not an option; the published files number options 1 (opa) to 4 (opd), 0-based cop is the Hugging Face export');
  if (cop !== 1 && cop !== 2 && cop !== 3 && cop !== 4) throw fail('cop', `expected 1 (opa) to 4 (opd), found ${describeValue(cop)}`);
  if (exp !== undefined && exp !== null && typeof exp !== 'string') throw fail('exp', `expected an explanation string or null, found ${describeValue(exp)}`);
  const meta: Record<string, unknown> = { file: basename(file), line };
  for (const field of ['subject_name', 'topic_name', 'choice_type', 'exp'] as const) {
    if (typeof record[field] === 'string') meta[field] = record[field];
  }
  return { id: `medmcqa:${id}`, prompt: question, options, gold: { kind: 'choice', value: OPTION_FIELDS[cop - 1]![0] }, meta };
}
