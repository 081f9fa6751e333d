import { DatasetFormatError } from '../../spec/errors.js';
import type { Table } from '../../spec/question.js';

/**
 * Parses a WikiTableQuestions table CSV (`csv/<n>-csv/<m>.csv`). These are
 * not RFC 4180: inside a quoted field a quote is written `\"` and a
 * backslash `\\` (never `""`), and line breaks inside quotes are part of the
 * cell. A backslash before any other character is kept as written. The
 * first record is the header. Throws `DatasetFormatError` naming the file
 * and line for an unterminated quote or text after a closing quote.
 */
export function parseWtqCsv(text: string, file: string, id: string): Table {
  const records = csvRecords(text.replace(/^\uFEFF/, ''), file);
  return recordsToTable(records, file, id);
}

/**
 * Parses the `.tsv` rendering of a WikiTableQuestions table: tab-separated,
 * no quoting, with `\n` (line break), `\\` (backslash) and `\p` (pipe)
 * escaped. Used to cross-check the CSV reader; either gives the same table.
 */
export function parseWtqTsv(text: string, file: string, id: string): Table {
  const lines = text.replace(/^\uFEFF/, '').split('\n').map((line) => line.replace(/\r$/, ''));
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  const records = lines.map((line) => line.split('\t').map(unescapeTsv));
  return recordsToTable(records, file, id);
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

/** The records of a backslash-escaped CSV text. */
function csvRecords(text: string, file: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  let fieldLine = 1;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '\\' && (text[index + 1] === '"' || text[index + 1] === '\\')) {
        field += text[++index];
      } else if (char === '"') {
        quoted = false;
        afterQuote = true;
      } else {
        if (char === '\n') line++;
        field += char;
      }
      continue;
    }
    if (char === ',' || char === '\n' || (char === '\r' && text[index + 1] === '\n')) {
      record.push(field);
      field = '';
      afterQuote = false;
      if (char === '\r') index++;
      if (char !== ',') {
        records.push(record);
        record = [];
        line++;
      }
      continue;
    }
    if (afterQuote) throw new DatasetFormatError(file, line, undefined, `unexpected ${JSON.stringify(char)} after a closing quote`, 'WikiTableQuestions CSVs escape quotes inside fields as \\"');
    if (char === '"' && field === '') {
      quoted = true;
      fieldLine = line;
      continue;
    }
    field += char;
  }
  if (quoted) throw new DatasetFormatError(file, fieldLine, undefined, 'a quoted field is never closed', 'check for a quote that is not escaped as \\"');
  if (field !== '' || record.length > 0 || afterQuote) {
    record.push(field);
    records.push(record);
  }
  return records;
}
