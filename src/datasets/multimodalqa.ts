import { basename, dirname, join } from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';
import { ConfigError, DatasetFormatError } from '../spec/errors.js';
import type { ImageRef, Passage, Question, Table } from '../spec/question.js';
import { mmqaTable } from '../tools/tables/mmqa-table.js';
import type { DatasetLoader, LoadOptions } from './dataset-loader.js';
import { answerListGold } from './finqa-gold.js';
import { describeValue } from './finqa-json.js';
import { findCompanion, findImageFile, readJsonlMaybeGzipped } from './multimodalqa-files.js';

const HINT = 'MMQA question lines look like {"qid", "question", "answers": [{"answer", "type", "modality", ...}], "metadata": {"type", "modalities", "table_id", "text_doc_ids", "image_doc_ids"}, "supporting_context"}';

/** The format-true sample written for quorum (fixtures/multimodalqa), used when no path is given in a checkout. */
export const MMQA_SAMPLE_FILE = join(PACKAGE_ROOT, 'fixtures', 'multimodalqa', 'MMQA_dev.jsonl');

/** Documents of the companion files, by id. */
interface Library {
  tables: Map<string, Table>;
  texts: Map<string, Passage>;
  images: Map<string, ImageRef>;
}

/**
 * MultiModalQA in its official layout: a questions file (`MMQA_dev.jsonl`
 * or `.jsonl.gz`) with `MMQA_tables`, `MMQA_texts` and `MMQA_images`
 * (`.jsonl.gz` or `.jsonl`) beside it and the image files in
 * `final_dataset_images/` (or `images/`). Each question gets the table of
 * `metadata.table_id`, the texts of `metadata.text_doc_ids` (passages with
 * their page titles) and the images of `metadata.image_doc_ids` (absolute
 * paths, so the protocol can read them). The gold is the list of
 * `answers[].answer` (all required); questions without answers (the test
 * split) have none.
 */
export const mmqaLoader: DatasetLoader = {
  name: 'mmqa',
  paper: 'MultiModalQA (Talmor et al., 2021)',
  description: 'MultiModalQA JSONL(.gz) questions with MMQA_tables/texts/images beside them',
  recognizes: (record) => 'qid' in record && 'question' in record && 'metadata' in record,
  async load(path?: string, options: LoadOptions = {}): Promise<Question[]> {
    const file = path ?? MMQA_SAMPLE_FILE;
    const records = await readJsonlMaybeGzipped(file, options.limit);
    if (records.length === 0) throw new DatasetFormatError(file, undefined, undefined, 'no questions found (the file is empty)', HINT);
    // Only the images these questions use must be on disk (the official zip is large).
    const wanted = new Set(records.flatMap(({ value }) => {
      const ids = (value['metadata'] as { image_doc_ids?: unknown } | undefined)?.image_doc_ids;
      return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
    }));
    const library = await readLibrary(dirname(file), wanted);
    return records.map(({ line, value }) => mmqaQuestion(value, file, line, library));
  },
};

async function readLibrary(folder: string, wantedImages: ReadonlySet<string>): Promise<Library> {
  const library: Library = { tables: new Map(), texts: new Map(), images: new Map() };
  const tablesFile = await findCompanion(folder, 'MMQA_tables');
  for (const { line, value } of tablesFile === undefined ? [] : await readJsonlMaybeGzipped(tablesFile)) {
    const table = mmqaTable(value, { file: tablesFile!, line, field: 'table' });
    library.tables.set(table.id, table);
  }
  const textsFile = await findCompanion(folder, 'MMQA_texts');
  for (const { line, value } of textsFile === undefined ? [] : await readJsonlMaybeGzipped(textsFile)) {
    const { id, text, title } = value;
    if (typeof id !== 'string' || typeof text !== 'string') throw new DatasetFormatError(textsFile!, line, typeof id !== 'string' ? 'id' : 'text', 'expected {title, url, id, text} with string id and text');
    library.texts.set(id, { id, text, ...(typeof title === 'string' ? { title } : {}) });
  }
  const imagesFile = await findCompanion(folder, 'MMQA_images');
  for (const { line, value } of imagesFile === undefined ? [] : await readJsonlMaybeGzipped(imagesFile)) {
    const { id, path, title } = value;
    if (typeof id !== 'string' || typeof path !== 'string') throw new DatasetFormatError(imagesFile!, line, typeof id !== 'string' ? 'id' : 'path', 'expected {title, url, id, path} with string id and path');
    if (!wantedImages.has(id)) continue;
    const resolved = await findImageFile(folder, path);
    if (resolved === undefined) throw new ConfigError(`image ${path} of ${basename(imagesFile!)} line ${line} not found in ${folder}`, 'unpack the MMQA images into final_dataset_images/ next to the questions file');
    library.images.set(id, { id, path: resolved, ...(typeof title === 'string' ? { caption: title } : {}) });
  }
  return library;
}

/** Validates one MMQA question line and joins its documents. */
export function mmqaQuestion(record: Record<string, unknown>, file: string, line: number, library: Library): Question {
  const fail = (field: string, expected: string): DatasetFormatError => new DatasetFormatError(file, line, field, expected, HINT);
  const { qid, question, answers, metadata } = record;
  if (typeof qid !== 'string' || qid === '') throw fail('qid', `expected a question id, found ${describeValue(qid)}`);
  if (typeof question !== 'string' || question.trim() === '') throw fail('question', `expected a non-empty string, found ${describeValue(question)}`);
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) throw fail('metadata', `expected an object, found ${describeValue(metadata)}`);
  const meta = metadata as Record<string, unknown>;
  const ids = (field: string): string[] => {
    const value = meta[field] ?? [];
    if (!Array.isArray(value) || value.some((id) => typeof id !== 'string')) throw fail(`metadata.${field}`, `expected a list of document ids, found ${describeValue(value)}`);
    return value as string[];
  };
  const lookup = <T>(field: string, id: string, documents: Map<string, T>, companion: string): T => {
    const document = documents.get(id);
    if (document === undefined) throw fail(field, `${id} is not in ${companion} next to the questions file`);
    return document;
  };
  const tables: Table[] = [];
  if (typeof meta['table_id'] === 'string' && meta['table_id'] !== '') tables.push(lookup('metadata.table_id', meta['table_id'], library.tables, 'MMQA_tables'));
  const passages = ids('text_doc_ids').map((id) => lookup('metadata.text_doc_ids', id, library.texts, 'MMQA_texts'));
  const images = ids('image_doc_ids').map((id) => lookup('metadata.image_doc_ids', id, library.images, 'MMQA_images'));
  let values: string[] = [];
  if (answers !== undefined) {
    if (!Array.isArray(answers) || answers.length === 0) throw fail('answers', `expected a non-empty list of {answer, type, modality}, found ${describeValue(answers)}`);
    values = answers.map((answer, index) => {
      const value = answer !== null && typeof answer === 'object' ? (answer as { answer?: unknown }).answer : undefined;
      if (typeof value !== 'string' && typeof value !== 'number') throw fail(`answers[${index}].answer`, `expected a string, found ${describeValue(value)}`);
      return String(value);
    });
  }
  const questionMeta: Record<string, unknown> = { file: basename(file), line, qid, answers: values };
  for (const field of ['type', 'modalities', 'intermediate_answers']) if (meta[field] !== undefined) questionMeta[field] = meta[field];
  if (Array.isArray(answers)) questionMeta['answerModalities'] = answers.map((answer) => (answer as { modality?: unknown }).modality ?? null);
  if (record['supporting_context'] !== undefined) questionMeta['supporting_context'] = record['supporting_context'];
  return {
    id: `mmqa:${qid}`,
    prompt: question,
    gold: values.length === 0 ? { kind: 'none' } : answerListGold([...new Set(values)]),
    context: { ...(tables.length === 0 ? {} : { tables }), ...(passages.length === 0 ? {} : { passages }), ...(images.length === 0 ? {} : { images }) },
    meta: questionMeta,
  };
}
