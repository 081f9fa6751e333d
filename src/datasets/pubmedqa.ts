import { basename } from 'node:path';
import { ConfigError, DatasetFormatError } from '../spec/errors.js';
import type { Passage, Question } from '../spec/question.js';
import type { DatasetLoader, LoadOptions } from './dataset-loader.js';
import { describeValue } from './finqa-json.js';
import { readDataFile } from './jsonl-records.js';

const HINT = 'PubMedQA files look like {"<pmid>": {"QUESTION": "…", "CONTEXTS": ["…"], "LABELS": ["BACKGROUND", …], "final_decision": "yes", "LONG_ANSWER": "…", …}}';
const DECISIONS = ['yes', 'no', 'maybe'];

/**
 * PubMedQA's expert-labelled set as pubmedqa/pubmedqa ships it
 * (`data/ori_pqal.json`, also the `test_set.json` its split script writes):
 * one JSON object keyed by PMID, each entry with `QUESTION`, `CONTEXTS`
 * (the abstract without its conclusion) and their `LABELS`, `MESHES`,
 * `YEAR`, `final_decision` (yes / no / maybe) and `LONG_ANSWER` (the
 * conclusion). Contexts become passages titled by their label; the gold is
 * the decision as text. Ids are `pubmedqa:<pmid>`; errors name the line
 * the entry starts on.
 */
export const pubmedqaLoader: DatasetLoader = {
  name: 'pubmedqa',
  paper: 'PubMedQA (Jin et al., 2019)',
  description: 'PubMedQA ori_pqal.json ({pmid: {QUESTION, CONTEXTS, LABELS, final_decision, LONG_ANSWER, …}})',
  async load(path?: string, options: LoadOptions = {}): Promise<Question[]> {
    if (path === undefined) throw new ConfigError('the pubmedqa dataset needs a file', 'pass --data <path to ori_pqal.json from pubmedqa/pubmedqa>');
    const text = await readDataFile(path);
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch (error) {
      throw new DatasetFormatError(path, undefined, undefined, `invalid JSON (${(error as Error).message})`, HINT);
    }
    if (document === null || typeof document !== 'object' || Array.isArray(document)) {
      throw new DatasetFormatError(path, undefined, undefined, `expected one JSON object keyed by PMID, found ${Array.isArray(document) ? 'an array' : describeValue(document)}`, HINT);
    }
    const entries = Object.entries(document as Record<string, unknown>).slice(0, options.limit ?? Infinity);
    if (entries.length === 0) throw new DatasetFormatError(path, undefined, undefined, 'no questions found (the object is empty)', HINT);
    return entries.map(([pmid, entry]) => pubmedqaQuestion(pmid, entry, path, lineOfKey(text, pmid)));
  },
};

// JSON.parse keeps no positions; the entry's key is unique in the file, so its first quoted occurrence is where the entry starts
function lineOfKey(text: string, key: string): number | undefined {
  const at = text.indexOf(`${JSON.stringify(key)}:`);
  const found = at >= 0 ? at : text.indexOf(`${JSON.stringify(key)} :`);
  return found < 0 ? undefined : text.slice(0, found).split('\n').length;
}

/** Validates one PubMedQA entry and turns it into a question with a yes/no/maybe gold. */
export function pubmedqaQuestion(pmid: string, entry: unknown, file: string, line: number | undefined): Question {
  const fail = (field: string, expected: string): DatasetFormatError => new DatasetFormatError(file, line, field === '' ? pmid : `${pmid}.${field}`, expected, HINT);
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw fail('', `expected an object, found ${describeValue(entry)}`);
  const record = entry as Record<string, unknown>;
  const { QUESTION: question, CONTEXTS: contexts, LABELS: labels, final_decision: decision, LONG_ANSWER: longAnswer, YEAR: year, MESHES: meshes } = record;
  if (typeof question !== 'string' || question.trim() === '') throw fail('QUESTION', `expected a non-empty string, found ${describeValue(question)}`);
  if (!Array.isArray(contexts) || contexts.length === 0 || contexts.some((context) => typeof context !== 'string')) {
    throw fail('CONTEXTS', `expected a non-empty list of abstract sections, found ${describeValue(contexts)}`);
  }
  if (labels !== undefined && (!Array.isArray(labels) || labels.length !== contexts.length || labels.some((label) => typeof label !== 'string'))) {
    throw fail('LABELS', `expected one section label per context (${contexts.length}), found ${describeValue(labels)}`);
  }
  if (typeof decision !== 'string' || !DECISIONS.includes(decision)) throw fail('final_decision', `expected "yes", "no" or "maybe", found ${describeValue(decision)}`);
  const passages: Passage[] = (contexts as string[]).map((text, index) => {
    const label = (labels as string[] | undefined)?.[index];
    return { id: `context-${index + 1}`, text, ...(label === undefined ? {} : { title: label }) };
  });
  const meta: Record<string, unknown> = { file: basename(file), pmid };
  if (line !== undefined) meta['line'] = line;
  if (typeof longAnswer === 'string') meta['long_answer'] = longAnswer;
  if (typeof year === 'string') meta['year'] = year;
  if (Array.isArray(meshes)) meta['meshes'] = meshes;
  return { id: `pubmedqa:${pmid}`, prompt: question, gold: { kind: 'text', value: decision }, context: { passages }, meta };
}
