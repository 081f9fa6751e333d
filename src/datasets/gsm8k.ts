import { basename } from 'node:path';
import { ConfigError, DatasetFormatError } from '../spec/errors.js';
import type { Question } from '../spec/question.js';
import type { DatasetLoader, LoadOptions } from './dataset-loader.js';
import { describeValue } from './finqa-json.js';
import { mapJsonlRecords, readDataFile } from './jsonl-records.js';

const HINT = 'GSM8K lines look like {"question": "…", "answer": "<worked solution>\\n#### 42"}';

// openai/grade-school-math: the final answer follows "#### " (grouping commas allowed, an optional minus sign)
const FINAL_ANSWER = /####\s*(-?[0-9.,]+)\s*$/;

/**
 * GSM8K (openai/grade-school-math `data/test.jsonl`, `train.jsonl`): one
 * JSON object per line with `question` and `answer`, the worked solution
 * whose last line is `#### <number>`. The gold is that number (commas
 * removed, as their `extract_answer` does). The files carry no ids, so a
 * question's id is `gsm8k:L<line>`.
 */
export const gsm8kLoader: DatasetLoader = {
  name: 'gsm8k',
  paper: 'GSM8K (Cobbe et al., 2021)',
  description: 'GSM8K JSONL (question, answer ending in "#### <number>")',
  recognizes: (record) => Object.keys(record).length === 2 && typeof record['answer'] === 'string' && record['answer'].includes('####'),
  async load(path?: string, options: LoadOptions = {}): Promise<Question[]> {
    if (path === undefined) throw new ConfigError('the gsm8k dataset needs a file', 'pass --data <path to test.jsonl from openai/grade-school-math>');
    const questions = mapJsonlRecords(path, await readDataFile(path), options.limit ?? Infinity, ({ line, value }) => gsm8kQuestion(value, path, line));
    if (questions.length === 0) throw new DatasetFormatError(path, undefined, undefined, 'no questions found (the file is empty)');
    return questions;
  },
};

/** Validates one GSM8K record and turns it into a question with a numeric gold. */
export function gsm8kQuestion(record: Record<string, unknown>, file: string, line: number): Question {
  const fail = (field: string, expected: string): DatasetFormatError => new DatasetFormatError(file, line, field, expected, HINT);
  const { question, answer } = record;
  if (typeof question !== 'string' || question.trim() === '') throw fail('question', `expected a non-empty string, found ${describeValue(question)}`);
  if (typeof answer !== 'string') throw fail('answer', `expected the worked solution as a string, found ${describeValue(answer)}`);
  const final = FINAL_ANSWER.exec(answer);
  if (final === null) throw fail('answer', 'expected a last line "#### <number>" holding the final answer');
  const value = Number(final[1]!.replace(/,/g, ''));
  if (!Number.isFinite(value)) throw fail('answer', `"#### ${final[1]}" is not a number`);
  const solution = answer.slice(0, final.index).trimEnd();
  return { id: `gsm8k:L${line}`, prompt: question, gold: { kind: 'number', value }, meta: { file: basename(file), line, solution } };
}
