import { basename, join } from 'node:path';
import { DatasetFormatError } from '../spec/errors.js';
import type { Question } from '../spec/question.js';
import { fetaqaTable } from '../tools/tables/array-table.js';
import type { DatasetLoader, LoadOptions } from './dataset-loader.js';
import { defaultFile } from './finqa.js';
import { describeValue } from './finqa-json.js';
import { mapJsonlRecords, readDataFile } from './jsonl-records.js';

const HINT = 'FeTaQA lines look like {"feta_id", "table_page_title", "table_section_title", "table_array": [[header...], [row...]], "highlighted_cell_ids": [[r, c]], "question", "answer"}';

/** The FeTaQA file used when no path is given, relative to the shared data directory. */
export const FETAQA_DEFAULT_FILE = join('fetaqa', 'fetaQA-v1_test.jsonl');

/**
 * FeTaQA in its original JSONL format: one question per line with its table
 * inline (`table_array`, header first; caption "page title — section
 * title"). The gold is the free-form answer sentence (text; scored by
 * overlap metrics, not exact match). `highlighted_cell_ids` are kept in meta
 * as the file has them: [r, c] is data row r − 1 of the table.
 */
export const fetaqaLoader: DatasetLoader = {
  name: 'fetaqa',
  paper: 'FeTaQA (Nan et al., 2022)',
  description: 'FeTaQA JSONL (feta_id, table_array, highlighted_cell_ids, question, answer)',
  recognizes: (record) => 'feta_id' in record && 'table_array' in record,
  async load(path?: string, options: LoadOptions = {}): Promise<Question[]> {
    const file = path ?? (await defaultFile(FETAQA_DEFAULT_FILE, 'FeTaQA', 'fetaqa/fetaQA-v1_test.jsonl'));
    const questions = mapJsonlRecords(file, await readDataFile(file), options.limit ?? Infinity, ({ line, value }) => fetaqaQuestion(value, file, line));
    if (questions.length === 0) throw new DatasetFormatError(file, undefined, undefined, 'no questions found (the file is empty)', HINT);
    return questions;
  },
};

/** Validates one FeTaQA record and turns it into a question. */
export function fetaqaQuestion(record: Record<string, unknown>, file: string, line: number): Question {
  const fail = (field: string, expected: string): DatasetFormatError => new DatasetFormatError(file, line, field, expected, HINT);
  const { feta_id: fetaId, question, answer, table_page_title: pageTitle, table_section_title: sectionTitle, highlighted_cell_ids: highlighted } = record;
  if (typeof fetaId !== 'number' && typeof fetaId !== 'string') throw fail('feta_id', `expected an id, found ${describeValue(fetaId)}`);
  if (typeof question !== 'string' || question.trim() === '') throw fail('question', `expected a non-empty string, found ${describeValue(question)}`);
  if (typeof answer !== 'string' || answer.trim() === '') throw fail('answer', `expected the answer sentence, found ${describeValue(answer)}`);
  if (highlighted !== undefined && !(Array.isArray(highlighted) && highlighted.every((cell) => Array.isArray(cell) && cell.length === 2 && cell.every(Number.isInteger)))) {
    throw fail('highlighted_cell_ids', `expected a list of [row, column] pairs, found ${describeValue(highlighted)}`);
  }
  const caption = [pageTitle, sectionTitle].filter((part): part is string => typeof part === 'string' && part !== '').join(' — ');
  const table = fetaqaTable(record['table_array'], { file, line, field: 'table_array' }, caption === '' ? undefined : caption);
  const meta: Record<string, unknown> = { file: basename(file), line, fetaId };
  if (highlighted !== undefined) meta['highlighted_cell_ids'] = highlighted;
  if (typeof record['page_wikipedia_url'] === 'string') meta['url'] = record['page_wikipedia_url'];
  return { id: `fetaqa:${fetaId}`, prompt: question, gold: { kind: 'text', value: answer }, context: { tables: [table] }, meta };
}
