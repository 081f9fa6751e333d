import { basename } from 'node:path';
import { ConfigError, DatasetFormatError } from '../spec/errors.js';
import type { Question } from '../spec/question.js';
import type { DatasetLoader, LoadOptions } from './dataset-loader.js';
import { describeValue, readJsonArray } from './finqa-json.js';
import { embeddedOptions } from './medthink-options.js';

const HINT = 'MedThink-Bench items look like {"Index": 1, "QA_Type": "Pharmacology", "question": "…\\nA. …\\nB. …", "answer": "B. …", "Scoring_Points": ["…", "…"]}';

/**
 * MedThink-Bench (plusnli/MedThink-Bench `data/QA_data.json`): one JSON
 * array of items with `Index`, `QA_Type` (the medical domain), `question`,
 * `answer` and `Scoring_Points` (the experts' reasoning steps, which become
 * `scoringPoints` for CARA-GT). About half the questions embed lettered
 * options ("\nA. …"); when the answer names one ("B. …"), the options are
 * split off the prompt and the gold is that letter; otherwise the gold is
 * the answer text. Ids are `medthink:<Index>`; duplicates are errors.
 */
export const medthinkLoader: DatasetLoader = {
  name: 'medthink',
  paper: 'MedThink-Bench (Zhou et al., 2025)',
  description: 'MedThink-Bench JSON array (Index, QA_Type, question, answer, Scoring_Points)',
  async load(path?: string, options: LoadOptions = {}): Promise<Question[]> {
    if (path === undefined) throw new ConfigError('the medthink dataset needs a file', 'pass --data <path to QA_data.json from MedThink-Bench>; the data carries no licence, so quorum ships none');
    const items = await readJsonArray(path, HINT);
    if (items.length === 0) throw new DatasetFormatError(path, undefined, undefined, 'no items found (the array is empty)', HINT);
    const firstIndex = new Map<string, number>();
    return items.slice(0, options.limit ?? items.length).map((item, position) => {
      const question = medthinkQuestion(item, path, position);
      const seen = firstIndex.get(question.id);
      if (seen !== undefined) throw new DatasetFormatError(path, undefined, `[${position}].Index`, `duplicate Index ${question.id.slice('medthink:'.length)} (first at [${seen}])`, HINT);
      firstIndex.set(question.id, position);
      return question;
    });
  },
};

/** Validates one MedThink-Bench item (position 0-based in the array) and turns it into a question. */
export function medthinkQuestion(item: unknown, file: string, position: number): Question {
  const fail = (field: string, expected: string): DatasetFormatError => new DatasetFormatError(file, undefined, field === '' ? `[${position}]` : `[${position}].${field}`, expected, HINT);
  if (item === null || typeof item !== 'object' || Array.isArray(item)) throw fail('', `expected an object, found ${describeValue(item)}`);
  const { Index: index, QA_Type: type, question, answer, Scoring_Points: points } = item as Record<string, unknown>;
  if (typeof index !== 'number' || !Number.isInteger(index)) throw fail('Index', `expected an integer, found ${describeValue(index)}`);
  if (typeof type !== 'string' || type.trim() === '') throw fail('QA_Type', `expected the domain as a string, found ${describeValue(type)}`);
  if (typeof question !== 'string' || question.trim() === '') throw fail('question', `expected a non-empty string, found ${describeValue(question)}`);
  if (typeof answer !== 'string' || answer.trim() === '') throw fail('answer', `expected a non-empty string, found ${describeValue(answer)}`);
  if (!Array.isArray(points) || points.length === 0 || points.some((point) => typeof point !== 'string' || point.trim() === '')) {
    throw fail('Scoring_Points', `expected a non-empty list of non-empty strings, found ${describeValue(points)}`);
  }
  const meta: Record<string, unknown> = { file: basename(file), index: position, QA_Type: type, answer };
  const base = { id: `medthink:${index}`, scoringPoints: points as string[], meta };
  const letter = /^\(?([A-Z])[.):]\s/.exec(answer.trim())?.[1];
  const embedded = embeddedOptions(question);
  if (letter === undefined || embedded === undefined) return { ...base, prompt: question, gold: { kind: 'text', value: answer.trim() } };
  if (embedded.options[letter] === undefined) throw fail('answer', `names option ${letter}, but the question's options are ${Object.keys(embedded.options).join(', ')}`);
  return { ...base, prompt: embedded.stem, options: embedded.options, gold: { kind: 'choice', value: letter } };
}
