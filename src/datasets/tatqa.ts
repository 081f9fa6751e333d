import { basename, join } from 'node:path';
import { DatasetFormatError } from '../spec/errors.js';
import type { Gold, Passage, Question } from '../spec/question.js';
import { tatqaTable } from '../tools/tables/array-table.js';
import type { DatasetLoader, LoadOptions } from './dataset-loader.js';
import { defaultFile } from './finqa.js';
import { answerListGold, numberGold, plainNumber } from './finqa-gold.js';
import { describeValue, readJsonArray } from './finqa-json.js';

const HINT = 'TAT-QA files are a JSON array of documents {"table": {"uid", "table": [[...]]}, "paragraphs": [{"uid", "order", "text"}], "questions": [{"uid", "question", "answer", "answer_type", "scale", "derivation", ...}]}';

/** The TAT-QA file used when no path is given, relative to the shared data directory. */
export const TATQA_DEFAULT_FILE = join('tatqa', 'tatqa_dataset_test_gold.json');

const ANSWER_TYPES = new Set(['span', 'multi-span', 'arithmetic', 'count']);
const SCALES = new Set(['', 'thousand', 'million', 'billion', 'percent']);

/**
 * TAT-QA in its original format: a JSON array of documents (one table, its
 * paragraphs, its questions). Each question becomes one item, with the
 * document's table (id `table`; only the first row is the header, so TAT-QA
 * cell [r, c] is data row r − 1) and paragraphs (ids `paragraph_<order>`,
 * as TAT-QA's `mappings` name them). Gold: arithmetic and count answers are
 * numbers in the question's `scale` (kept in `meta.scale`, not applied);
 * a single span that is a plain number is a number too; other spans are
 * text, and multi-span answers a list (`meta.answers`).
 */
export const tatqaLoader: DatasetLoader = {
  name: 'tatqa',
  paper: 'TAT-QA (Zhu et al., 2021)',
  description: 'TAT-QA JSON array of documents (table, paragraphs, questions with answer, answer_type, scale, derivation)',
  recognizes: (record) => 'table' in record && 'paragraphs' in record && 'questions' in record,
  async load(path?: string, options: LoadOptions = {}): Promise<Question[]> {
    const file = path ?? (await defaultFile(TATQA_DEFAULT_FILE, 'TAT-QA', 'tatqa/tatqa_dataset_test_gold.json'));
    const documents = await readJsonArray(file, HINT);
    const questions: Question[] = [];
    const limit = options.limit ?? Infinity;
    for (const [index, document] of documents.entries()) {
      if (questions.length >= limit) break;
      questions.push(...tatqaQuestions(document, file, index).slice(0, limit - questions.length));
    }
    if (questions.length === 0) throw new DatasetFormatError(file, undefined, undefined, 'no questions found', HINT);
    return questions;
  },
};

/** Validates one TAT-QA document (index 0-based) and turns its questions into items. */
export function tatqaQuestions(document: unknown, file: string, index: number): Question[] {
  const fail = (field: string, expected: string): DatasetFormatError => new DatasetFormatError(file, undefined, `[${index}]${field}`, expected, HINT);
  if (document === null || typeof document !== 'object' || Array.isArray(document)) throw fail('', `expected a document object, found ${describeValue(document)}`);
  const record = document as Record<string, unknown>;
  const table = tatqaTable(record['table'], { file, field: `[${index}].table` });
  const tableUid = (record['table'] as { uid?: unknown }).uid;
  const paragraphs = record['paragraphs'];
  if (!Array.isArray(paragraphs)) throw fail('.paragraphs', `expected a list of {uid, order, text}, found ${describeValue(paragraphs)}`);
  const passages: Passage[] = paragraphs.map((paragraph, position) => {
    const { order, text } = (paragraph ?? {}) as Record<string, unknown>;
    if (typeof text !== 'string') throw fail(`.paragraphs[${position}].text`, `expected a string, found ${describeValue(text)}`);
    if (typeof order !== 'number') throw fail(`.paragraphs[${position}].order`, `expected a number, found ${describeValue(order)}`);
    return { id: `paragraph_${order}`, text };
  });
  const questions = record['questions'];
  if (!Array.isArray(questions)) throw fail('.questions', `expected a list of questions, found ${describeValue(questions)}`);
  return questions.map((raw, position) => {
    const at = (field: string): string => `.questions[${position}].${field}`;
    const { uid, question, answer, answer_type: answerType, scale, derivation } = (raw ?? {}) as Record<string, unknown>;
    if (typeof uid !== 'string' || uid === '') throw fail(at('uid'), `expected a question id, found ${describeValue(uid)}`);
    if (typeof question !== 'string' || question.trim() === '') throw fail(at('question'), `expected a non-empty string, found ${describeValue(question)}`);
    if (typeof answerType !== 'string' || !ANSWER_TYPES.has(answerType)) throw fail(at('answer_type'), `expected span, multi-span, arithmetic or count, found ${describeValue(answerType)}`);
    if (typeof scale !== 'string' || !SCALES.has(scale)) throw fail(at('scale'), `expected "", thousand, million, billion or percent, found ${describeValue(scale)}`);
    const { gold, answers } = tatqaGold(answer, answerType, (expected) => fail(at('answer'), expected));
    const source = raw as Record<string, unknown>;
    const meta: Record<string, unknown> = { file: basename(file), document: index, uid, answer_type: answerType, scale, answers };
    if (typeof tableUid === 'string') meta['tableUid'] = tableUid;
    if (typeof derivation === 'string' && derivation !== '') meta['derivation'] = derivation;
    for (const field of ['answer_from', 'rel_paragraphs', 'mappings', 'facts']) if (source[field] !== undefined) meta[field] = source[field];
    return { id: `tatqa:${uid}`, prompt: question, gold, context: { passages, tables: [table] }, meta };
  });
}

function tatqaGold(answer: unknown, answerType: string, fail: (expected: string) => DatasetFormatError): { gold: Gold; answers: string[] } {
  if (answerType === 'arithmetic' || answerType === 'count') {
    const value = typeof answer === 'number' ? answer : typeof answer === 'string' ? plainNumber(answer) : undefined;
    if (value === undefined || !Number.isFinite(value)) throw fail(`expected a number for a ${answerType} answer, found ${describeValue(answer)}`);
    return { gold: numberGold(value), answers: [String(answer)] };
  }
  if (!Array.isArray(answer) || answer.length === 0 || answer.some((each) => typeof each !== 'string')) throw fail(`expected a non-empty list of strings for a ${answerType} answer, found ${describeValue(answer)}`);
  const answers = answer as string[];
  const single = answers.length === 1 ? plainNumber(answers[0]!) : undefined;
  return { gold: single === undefined ? answerListGold(answers) : numberGold(single), answers };
}
