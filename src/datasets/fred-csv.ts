import { DatasetFormatError } from '../spec/errors.js';
import { parseCsvRecords } from '../util/csv-records.js';
import type { Observation } from './forecast-events.js';

/** A monthly FRED series read from a CSV download. */
export interface FredSeries {
  file: string;
  /** FRED series id: the header of the value column (`CORESTICKM159SFRBATL`). */
  seriesId: string;
  /** The header of the date column: `DATE` (older downloads) or `observation_date` (newer). */
  dateColumn: string;
  /** Every row in file order, missing values included as null. */
  observations: Observation[];
}

const HINT = 'a FRED download looks like "observation_date,SERIESID" (or "DATE,SERIESID") followed by rows like "2015-01-01,1.976365"; missing values are "." or empty';

/** The date column names of the two FRED CSV vintages. */
export const FRED_DATE_COLUMNS = ['DATE', 'observation_date'] as const;

/** Whether a CSV header row is a single-series FRED download. */
export function isFredHeader(header: readonly string[]): boolean {
  return header.length === 2 && FRED_DATE_COLUMNS.some((name) => name.toLowerCase() === header[0]?.toLowerCase()) && /^[A-Za-z0-9_.]+$/.test(header[1] ?? '');
}

/**
 * Parses a FRED CSV download of one monthly series. Both header vintages
 * are accepted. Missing values (`.` in FRED's files, an empty cell in some
 * exports) become null; anything else that is not a number is an error.
 * Dates must be first-of-month and consecutive, so a window of W rows is
 * always W months. Errors name the file, the line and the column.
 */
export function parseFredCsv(file: string, text: string): FredSeries {
  let headerLine = 0;
  let header: string[] | undefined;
  const observations: Observation[] = [];
  for (const record of parseCsvRecords(file, text, { hint: HINT })) {
    const line = record.line;
    const cells = record.cells.map((cell) => cell.trim());
    if (header === undefined) {
      if (!isFredHeader(cells)) {
        throw new DatasetFormatError(file, line, undefined, `expected the header "observation_date,<SERIES>" or "DATE,<SERIES>", found "${shorten(record.cells.join(','))}"`, HINT);
      }
      header = cells;
      headerLine = line;
      continue;
    }
    const [dateColumn, seriesId] = header as [string, string];
    if (cells.length !== 2) throw new DatasetFormatError(file, line, undefined, `expected 2 columns (${dateColumn}, ${seriesId}), found ${cells.length}`, HINT);
    const [date, raw] = cells as [string, string];
    const previous = observations.at(-1);
    const dateProblem = checkDate(date, previous?.date);
    if (dateProblem !== undefined) throw new DatasetFormatError(file, line, dateColumn, dateProblem, HINT);
    observations.push({ date, value: parseValue(raw, () => new DatasetFormatError(file, line, seriesId, `expected a number or "." (missing), found "${shorten(raw)}"`, HINT)), line });
  }
  if (header === undefined) throw new DatasetFormatError(file, undefined, undefined, 'the file is empty (no header)', HINT);
  if (observations.length === 0) throw new DatasetFormatError(file, headerLine, undefined, 'no observations after the header', HINT);
  return { file, seriesId: header[1]!, dateColumn: header[0]!, observations };
}

function parseValue(raw: string, fail: () => DatasetFormatError): number | null {
  if (raw === '.' || raw === '') return null;
  const value = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value)) throw fail();
  return value;
}

/** Why a date cannot follow the previous one, or undefined when it is the next month. */
function checkDate(date: string, previous: string | undefined): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (match === null) return `expected a date YYYY-MM-DD, found "${shorten(date)}"`;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12) return `"${date}" has no month ${match[2]}`;
  if (day !== 1) return `"${date}" is not the first day of a month; only monthly series are supported`;
  if (previous === undefined) return undefined;
  const expected = nextMonth(previous);
  if (date === expected) return undefined;
  const [pYear, pMonth] = previous.split('-').map(Number) as [number, number];
  if (year * 12 + month <= pYear * 12 + pMonth) return `"${date}" does not come after the previous row's "${previous}"; rows must be in date order`;
  return `"${date}" skips months after "${previous}" (expected ${expected}); add the missing months with "." as the value`;
}

/** The first day of the month after an ISO first-of-month date. */
export function nextMonth(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
