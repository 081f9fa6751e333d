import { access } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ConfigError, DatasetFormatError } from '../spec/errors.js';
import type { Question, Table } from '../spec/question.js';
import { parseCsvRecords } from '../util/csv-records.js';
import type { DatasetLoader, LoadOptions } from './dataset-loader.js';
import { describeValue } from './finqa-json.js';
import { readDataFile } from './jsonl-records.js';

const HINT = 'CRT-QA dataset.json looks like {"<table>.csv": [{"Question name": "…", "Answer": "…", "Tittle": "<table title>", …}]}, with the tables in all_csv/ beside it ("#"-separated, header first)';
const TABLE_DIR = 'all_csv';

/**
 * CRT-QA (Zhang et al., EMNLP 2023), one of DeALOG's table-QA sets, in the
 * layout its release uses: `dataset.json`, an object from a table's file
 * name to the questions on it (`Question name`, `Answer`, `Tittle` — the
 * release's spelling — and annotations kept in `meta`), and the tables in
 * `all_csv/<file>` beside it, `#`-separated with a header row. The gold is
 * the answer as text (EM). Ids are `crtqa:<table file>:<position>`, the
 * question's 0-based position in its table's list.
 */
export const crtqaLoader: DatasetLoader = {
  name: 'crtqa',
  paper: 'CRT-QA (Zhang et al., 2023)',
  description: 'CRT-QA dataset.json ({table.csv: [{Question name, Answer, Tittle}]}) with all_csv/ tables ("#"-separated)',
  async load(path?: string, options: LoadOptions = {}): Promise<Question[]> {
    if (path === undefined) throw new ConfigError('the crtqa dataset needs a file', 'pass --data <path to CRT-QA dataset.json> (its all_csv/ folder beside it)');
    const text = await readDataFile(path);
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch (error) {
      throw new DatasetFormatError(path, undefined, undefined, `invalid JSON (${(error as Error).message})`, HINT);
    }
    if (document === null || typeof document !== 'object' || Array.isArray(document)) {
      throw new DatasetFormatError(path, undefined, undefined, `expected one JSON object keyed by table file, found ${Array.isArray(document) ? 'an array' : describeValue(document)}`, HINT);
    }
    const questions: Question[] = [];
    const limit = options.limit ?? Infinity;
    for (const [tableFile, items] of Object.entries(document as Record<string, unknown>)) {
      if (questions.length >= limit) break;
      if (!Array.isArray(items)) throw new DatasetFormatError(path, undefined, tableFile, `expected a list of questions, found ${describeValue(items)}`, HINT);
      const table = await readCrtqaTable(path, tableFile);
      for (const [position, item] of items.slice(0, limit - questions.length).entries()) questions.push(crtqaQuestion(item, { file: path, tableFile, position, table }));
    }
    if (questions.length === 0) throw new DatasetFormatError(path, undefined, undefined, 'no questions found', HINT);
    return questions;
  },
};

async function readCrtqaTable(datasetFile: string, tableFile: string): Promise<Table> {
  const file = join(dirname(datasetFile), TABLE_DIR, tableFile);
  try {
    await access(file);
  } catch {
    throw new DatasetFormatError(datasetFile, undefined, tableFile, `its table ${TABLE_DIR}/${tableFile} is missing beside the dataset file`, HINT);
  }
  const records = parseCsvRecords(file, await readDataFile(file), { separator: '#', hint: HINT });
  if (records.length === 0) throw new DatasetFormatError(file, undefined, undefined, 'expected a header row, found an empty table', HINT);
  const [header, ...rows] = records;
  for (const row of rows) {
    if (row.cells.length !== header!.cells.length) throw new DatasetFormatError(file, row.line, undefined, `expected ${header!.cells.length} "#"-separated cells as in the header, found ${row.cells.length}`, HINT);
  }
  return { id: tableFile, header: header!.cells, rows: rows.map((row) => row.cells) };
}

/** Validates one CRT-QA question of a table and turns it into a question with a text gold. */
export function crtqaQuestion(item: unknown, where: { file: string; tableFile: string; position: number; table: Table }): Question {
  const field = `${where.tableFile}[${where.position}]`;
  const fail = (name: string, expected: string): DatasetFormatError => new DatasetFormatError(where.file, undefined, name === '' ? field : `${field}.${name}`, expected, HINT);
  if (item === null || typeof item !== 'object' || Array.isArray(item)) throw fail('', `expected an object, found ${describeValue(item)}`);
  const { 'Question name': question, Answer: answer, Tittle: title, ...rest } = item as Record<string, unknown>;
  if (typeof question !== 'string' || question.trim() === '') throw fail('Question name', `expected a non-empty string, found ${describeValue(question)}`);
  if (typeof answer !== 'string' && typeof answer !== 'number') throw fail('Answer', `expected a string or a number, found ${describeValue(answer)}`);
  if (title !== undefined && typeof title !== 'string') throw fail('Tittle', `expected the table title as a string, found ${describeValue(title)}`);
  const table: Table = typeof title === 'string' && title !== '' ? { ...where.table, caption: title } : where.table;
  return {
    id: `crtqa:${where.tableFile}:${where.position}`,
    prompt: question,
    gold: { kind: 'text', value: String(answer) },
    context: { tables: [table] },
    meta: { file: basename(where.file), table: where.tableFile, position: where.position, ...rest },
  };
}
