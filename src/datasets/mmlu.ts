import { basename } from 'node:path';
import { ConfigError, DatasetFormatError } from '../spec/errors.js';
import type { Question } from '../spec/question.js';
import { parseCsvRecords } from '../util/csv-records.js';
import type { DatasetLoader, LoadOptions } from './dataset-loader.js';
import { readDataFile } from './jsonl-records.js';

const HINT = 'MMLU rows are CSV without a header: question,A,B,C,D,answer (answer is the letter), in a file named <subject>_test.csv';
const LETTERS = 'ABCDEFGHIJ';

/**
 * MMLU as hendrycks/test ships it (`data/test/<subject>_test.csv`, also
 * `_dev` and `_val`): CSV without a header, one question per row, cells
 * question, the options, and the answer letter last — the layout their
 * `evaluate.py` reads with `header=None` (options = columns − 2). The
 * subject is the file name without the split suffix. Ids are
 * `mmlu:<subject>:L<line>` (the line the row starts on).
 */
export const mmluLoader: DatasetLoader = {
  name: 'mmlu',
  paper: 'MMLU (Hendrycks et al., 2021)',
  description: 'MMLU CSV without header (question,A,B,C,D,answer), one file per subject',
  async load(path?: string, options: LoadOptions = {}): Promise<Question[]> {
    if (path === undefined) throw new ConfigError('the mmlu dataset needs a file', 'pass --data <subject>_test.csv from hendrycks/test data/test/');
    const records = parseCsvRecords(path, await readDataFile(path), { hint: HINT }).slice(0, options.limit ?? Infinity);
    if (records.length === 0) throw new DatasetFormatError(path, undefined, undefined, 'no questions found (the file is empty)', HINT);
    const subject = mmluSubject(path);
    return records.map(({ line, cells }) => mmluQuestion(cells, { file: path, line, subject }));
  },
};

/** The subject of an MMLU file: `college_medicine_test.csv` → `college_medicine`. */
export function mmluSubject(file: string): string {
  return basename(file).replace(/\.csv$/i, '').replace(/_(test|dev|val)$/, '');
}

/** Validates the cells of one MMLU row and turns them into a question. */
export function mmluQuestion(cells: readonly string[], where: { file: string; line: number; subject: string }): Question {
  const fail = (field: string, expected: string): DatasetFormatError => new DatasetFormatError(where.file, where.line, field, expected, HINT);
  // their evaluate.py takes every column between the question and the answer as an option
  const count = cells.length - 2;
  if (count < 2 || count > LETTERS.length) throw fail('row', `expected question, 2–${LETTERS.length} options and the answer letter, found ${cells.length} cells`);
  const [question, ...rest] = cells;
  if (question!.trim() === '') throw fail('question', 'expected a non-empty question (column 1)');
  const options: Record<string, string> = {};
  rest.slice(0, count).forEach((text, position) => {
    const letter = LETTERS[position]!;
    if (text.trim() === '') throw fail(letter, `expected the text of option ${letter} (column ${position + 2}), found an empty cell`);
    options[letter] = text;
  });
  const answer = rest[count]!.trim();
  if (options[answer] === undefined) throw fail('answer', `"${answer}" is not one of the options (${Object.keys(options).join(', ')}); column ${cells.length} must be the answer letter`);
  return {
    id: `mmlu:${where.subject}:L${where.line}`,
    prompt: question!,
    options,
    gold: { kind: 'choice', value: answer },
    meta: { file: basename(where.file), line: where.line, subject: where.subject },
  };
}
