import { access } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { DatasetFormatError } from '../spec/errors.js';
import type { Question, Table } from '../spec/question.js';
import { parseWtqCsv, parseWtqTsv } from '../tools/tables/wtq-csv.js';
import { parseCsvRecords } from '../util/csv-records.js';
import type { DatasetLoader, LoadOptions } from './dataset-loader.js';
import { defaultFile } from './finqa.js';
import { answerListGold, numberGold, plainNumber } from './finqa-gold.js';
import { readDataFile } from './jsonl-records.js';
import { readWtqTargetCanon } from './wtq-tagged.js';

const HINT = 'WikiTableQuestions question files are TSV with the header "id<TAB>utterance<TAB>context<TAB>targetValue"; context is a table path such as csv/203-csv/733.csv';

/** The WikiTableQuestions file used when no path is given, relative to the shared data directory. */
export const WTQ_DEFAULT_FILE = join('wikitablequestions', 'data', 'pristine-unseen-tables.tsv');

const COLUMNS = ['id', 'utterance', 'context', 'targetValue'] as const;

/**
 * WikiTableQuestions in its original layout: a TSV of questions
 * (`data/*.tsv`: id, utterance, context, targetValue) whose `context`
 * column names a table CSV relative to the dataset root (the folder above
 * `data/`, or the TSV's own folder). TSV fields unescape `\n`, `\\` and
 * `\p` (a literal pipe); `|` separates the answers of a list. Tables are read
 * from the CSV (backslash-escaped quotes, `parseWtqCsv`), or from the `.tsv`
 * beside it when the CSV is missing, and each is read once. Gold: one plain
 * number is numeric, anything else text, lists of several answers a list
 * (`meta.answers`). CoreNLP's `targetCanon` joins `meta` when the
 * `tagged/data/*.tagged` file of the question file is there.
 */
export const wtqLoader: DatasetLoader = {
  name: 'wtq',
  paper: 'WikiTableQuestions (Pasupat and Liang, 2015)',
  description: 'WikiTableQuestions TSV (id, utterance, context, targetValue) with the referenced csv/ tables',
  async load(path?: string, options: LoadOptions = {}): Promise<Question[]> {
    const file = path ?? (await defaultFile(WTQ_DEFAULT_FILE, 'WikiTableQuestions', 'wikitablequestions/data/pristine-unseen-tables.tsv'));
    const [first, ...records] = parseCsvRecords(file, await readDataFile(file), { separator: '\t', quoted: false, hint: HINT });
    const header = first?.cells ?? [];
    if (first?.line !== 1 || COLUMNS.some((column, index) => header[index] !== column)) {
      throw new DatasetFormatError(file, 1, undefined, `expected the header ${COLUMNS.join(', ')}, found ${first?.line === 1 ? header.join(', ') : 'an empty line'}`, HINT);
    }
    const tables = new Map<string, Promise<Table>>();
    const canon = await readWtqTargetCanon(file);
    const questions: Question[] = [];
    for (const record of records) {
      if (questions.length >= (options.limit ?? Infinity)) break;
      const question = await wtqQuestion(record.cells, file, record.line, tables);
      const targetCanon = canon.get(String(question.meta?.['wtqId']));
      if (targetCanon !== undefined) question.meta = { ...question.meta, targetCanon };
      questions.push(question);
    }
    if (questions.length === 0) throw new DatasetFormatError(file, undefined, undefined, 'no questions found', HINT);
    return questions;
  },
};

async function wtqQuestion(cells: readonly string[], file: string, lineNumber: number, tables: Map<string, Promise<Table>>): Promise<Question> {
  const fail = (field: string, expected: string): DatasetFormatError => new DatasetFormatError(file, lineNumber, field, expected, HINT);
  if (cells.length < COLUMNS.length) throw fail(COLUMNS[cells.length]!, `missing; expected ${COLUMNS.length} tab-separated columns, found ${cells.length}`);
  const [id, utterance, context, target] = cells as [string, string, string, string];
  if (id.trim() === '') throw fail('id', 'expected a question id');
  if (utterance.trim() === '') throw fail('utterance', 'expected the question text');
  if (!/^csv\/[^/]+\/[^/]+\.(?:csv|tsv)$/.test(context)) throw fail('context', `expected a table path like csv/203-csv/733.csv, found ${JSON.stringify(context)}`);
  const answers = target.split('|').map(unescapeField);
  if (answers.some((answer) => answer.trim() === '')) throw fail('targetValue', `expected answers separated by "|", found ${JSON.stringify(target)}`);
  let table = tables.get(context);
  if (table === undefined) {
    table = readTable(file, lineNumber, context);
    tables.set(context, table);
  }
  const single = answers.length === 1 ? plainNumber(answers[0]!) : undefined;
  return {
    id: `wtq:${id}`,
    prompt: unescapeField(utterance),
    gold: single === undefined ? answerListGold(answers) : numberGold(single),
    context: { tables: [await table] },
    meta: { file: basename(file), line: lineNumber, wtqId: id, table: context, answers, targetValue: target },
  };
}

/** `\n`, `\\` and `\p` (pipe) as the WikiTableQuestions README defines them. */
function unescapeField(text: string): string {
  return text.replace(/\\(.)/g, (whole, next: string) => (next === 'n' ? '\n' : next === '\\' ? '\\' : next === 'p' ? '|' : whole));
}

async function readTable(questionFile: string, lineNumber: number, context: string): Promise<Table> {
  const folder = dirname(questionFile);
  const roots = [dirname(folder), folder];
  for (const root of roots) {
    const csv = join(root, context);
    if (await exists(csv)) return parseWtqCsv(await readDataFile(csv), csv, context);
    const tsv = csv.replace(/\.csv$/, '.tsv');
    if (tsv !== csv && (await exists(tsv))) return parseWtqTsv(await readDataFile(tsv), tsv, context);
  }
  throw new DatasetFormatError(questionFile, lineNumber, 'context', `table ${context} not found under ${roots.join(' or ')}`, 'keep the csv/ folder of WikiTableQuestions next to data/');
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
