import { readFile } from 'node:fs/promises';
import { DatasetFormatError } from '../spec/errors.js';
import { parseCsvRecords } from '../util/csv-records.js';

/** One rater's rating of one question. */
export interface Rating {
  questionId: string;
  /** The protocol the rated reasoning came from, when the source says (judge ratings, CSVs with a `protocol` column). */
  protocol?: string;
  rater: string;
  /** 1 (the agreeing agents reason differently or contradict each other) … 5 (they give the same reasons); see docs/validation.md. */
  rating: number;
  /** Where the rating came from, for messages: `file:line`, or the rated unit. */
  origin: string;
}

const REQUIRED = ['question_id', 'rater', 'rating'] as const;
const HINT = 'a ratings file is CSV with the header "question_id,rater,rating" (an optional "protocol" column, other columns ignored) and one rating 1–5 per row; see docs/validation.md';

/**
 * Parses a ratings CSV: a header naming `question_id`, `rater` and
 * `rating` (any order; a `protocol` column is optional, other columns such as
 * notes are ignored), then one row per rating. Ratings are whole numbers
 * 1–5; a rater rates a question once. Blank lines are skipped; cells are
 * RFC 4180 CSV ("Smith, J.", a quoted cell may span lines). Every problem
 * is a `DatasetFormatError` naming the file, the line and the column.
 */
export function parseRatingsCsv(text: string, file: string): Rating[] {
  let columns: Map<string, number> | undefined;
  let headerLine = 0;
  const ratings: Rating[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of parseCsvRecords(file, text, { hint: HINT })) {
    if (columns === undefined) {
      columns = new Map(cells.map((cell, position) => [cell.trim().toLowerCase(), position]));
      const missing = REQUIRED.filter((name) => !columns!.has(name));
      if (missing.length > 0) throw new DatasetFormatError(file, line, missing[0], `the header has no "${missing.join('", "')}" column (found "${cells.join(',').slice(0, 80)}")`, HINT);
      headerLine = line;
      continue;
    }
    if (cells.length !== columns.size) throw new DatasetFormatError(file, line, undefined, `expected ${columns.size} cells like the header on line ${headerLine}, found ${cells.length}`, HINT);
    const cell = (name: string): string => cells[columns!.get(name)!]!.trim();
    const questionId = cell('question_id');
    const rater = cell('rater');
    const protocol = columns.has('protocol') ? cell('protocol') : undefined;
    if (questionId === '') throw new DatasetFormatError(file, line, 'question_id', 'the question id is empty', HINT);
    if (rater === '') throw new DatasetFormatError(file, line, 'rater', 'the rater is empty', HINT);
    if (protocol === '') throw new DatasetFormatError(file, line, 'protocol', 'the protocol is empty (leave the column out when the run has one protocol)', HINT);
    const text = cell('rating');
    const rating = Number(text);
    if (text === '' || !Number.isInteger(rating) || rating < 1 || rating > 5) throw new DatasetFormatError(file, line, 'rating', `expected a whole number from 1 to 5, found "${text}"`, HINT);
    const key = JSON.stringify([protocol ?? null, questionId, rater]);
    const earlier = seen.get(key);
    if (earlier !== undefined) throw new DatasetFormatError(file, line, 'rater', `${rater} already rated question ${questionId} on line ${earlier}`, 'keep one rating per rater and question');
    seen.set(key, line);
    ratings.push({ questionId, ...(protocol === undefined ? {} : { protocol }), rater, rating, origin: `${file}:${line}` });
  }
  if (ratings.length === 0) throw new DatasetFormatError(file, columns === undefined ? undefined : headerLine, undefined, 'no ratings', HINT);
  return ratings;
}

/** Reads and parses a ratings CSV (see `parseRatingsCsv`). */
export async function loadRatingsCsv(path: string): Promise<Rating[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DatasetFormatError(path, undefined, undefined, code === 'ENOENT' ? 'no such file' : `cannot read it (${code ?? String(error)})`, 'pass --validate <ratings.csv> or --validate judge:<backend-spec>');
  }
  return parseRatingsCsv(text, path);
}
