import { DatasetFormatError } from '../../spec/errors.js';
import type { Table } from '../../spec/question.js';
import { parseCsvRecords } from '../../util/csv-records.js';

/**
 * Parses a WikiTableQuestions table CSV (`csv/<n>-csv/<m>.csv`). These are
 * not RFC 4180: inside a quoted field a quote is written `\"` and a
 * backslash `\\` (never `""`), and line breaks inside quotes are part of the
 * cell. A backslash before any other character is dropped (csv-parse's
 * escape rule; no table of the release has one). The first record is the
 * header. Throws `DatasetFormatError` naming
 * the file and line for an unterminated quote or text after a closing quote.
 */
export function parseWtqCsv(text: string, file: string, id: string): Table {
  const records = parseCsvRecords(file, text, { escape: '\\', hint: 'WikiTableQuestions CSVs escape quotes inside fields as \\"' });
  return recordsToTable(records.map((record) => record.cells), file, id);
}

/**
 * Parses the `.tsv` rendering of a WikiTableQuestions table: tab-separated,
 * no quoting, with `\n` (line break), `\\` (backslash) and `\p` (pipe)
 * escaped. Used to cross-check the CSV reader; either gives the same table.
 */
export function parseWtqTsv(text: string, file: string, id: string): Table {
  const records = parseCsvRecords(file, text, { separator: '\t', quoted: false });
  return recordsToTable(records.map((record) => record.cells.map(unescapeTsv)), file, id);
}

function unescapeTsv(cell: string): string {
  return cell.replace(/\\(.)/g, (whole, next: string) => (next === 'n' ? '\n' : next === '\\' ? '\\' : next === 'p' ? '|' : whole));
}

function recordsToTable(records: string[][], file: string, id: string): Table {
  if (records.length === 0) throw new DatasetFormatError(file, undefined, undefined, 'expected a header row, found an empty table file');
  const width = Math.max(...records.map((record) => record.length));
  const padded = records.map((record) => (record.length < width ? [...record, ...Array<string>(width - record.length).fill('')] : record));
  const [header, ...rows] = padded;
  return { id, header: header!, rows };
}
