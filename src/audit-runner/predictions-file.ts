import { parseJsonlRecords, readDataFile } from '../datasets/jsonl-records.js';
import { DatasetFormatError } from '../spec/errors.js';
import type { Question } from '../spec/question.js';
import type { Prediction } from '../spec/scorer.js';

/** One line of a predictions file. */
export interface PredictionLine {
  line: number;
  id: string;
  prediction: Prediction;
  question: Question;
}

const HINT = 'each line is {"id": "<question id as quorum names it, e.g. wtq:nu-0>", "answer": "<final answer text>"} (TAT-QA may add "scale")';

/**
 * Reads a predictions file (JSONL, one `{id, answer, scale?}` per line) and
 * matches every line to its question. Duplicate ids are allowed (repeats of
 * one question); an unknown id, a missing or non-string answer, or an
 * unknown field throws a `DatasetFormatError` naming the file and line.
 */
export async function readPredictions(file: string, questions: ReadonlyMap<string, Question>): Promise<PredictionLine[]> {
  const records = parseJsonlRecords(file, await readDataFile(file));
  if (records.length === 0) throw new DatasetFormatError(file, undefined, undefined, 'no predictions found (the file is empty)', HINT);
  return records.map(({ line, value }) => {
    const fail = (field: string, expected: string): DatasetFormatError => new DatasetFormatError(file, line, field, expected, HINT);
    const unknown = Object.keys(value).filter((key) => key !== 'id' && key !== 'answer' && key !== 'scale');
    if (unknown.length > 0) throw fail(unknown[0]!, 'unknown field; expected only "id", "answer" and "scale"');
    const { id, answer, scale } = value;
    if (typeof id !== 'string' || id.trim() === '') throw fail('id', `expected a question id, found ${JSON.stringify(id) ?? 'nothing'}`);
    const question = questions.get(id);
    if (question === undefined) throw fail('id', `no question "${id}" in the dataset${idForm(questions)}`);
    if (answer !== null && typeof answer !== 'string' && typeof answer !== 'number') throw fail('answer', `expected the answer text (or null for no answer), found ${JSON.stringify(answer) ?? 'nothing'}`);
    if (scale !== undefined && typeof scale !== 'string') throw fail('scale', `expected "", thousand, million, billion or percent, found ${JSON.stringify(scale)}`);
    const text = answer === null ? null : String(answer);
    const prediction: Prediction = scale === undefined ? { answer: text } : { answer: text, scale };
    return { line, id, prediction, question };
  });
}

// An id given in another form ("nu-0" for "wtq:nu-0"): show the form the dataset uses.
function idForm(questions: ReadonlyMap<string, Question>): string {
  const first = questions.keys().next().value;
  return first === undefined ? '' : ` (ids look like "${first}")`;
}
