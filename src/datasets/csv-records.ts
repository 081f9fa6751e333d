import { DatasetFormatError } from '../spec/errors.js';

/** One CSV record: its cells and the physical line it starts on (1-based). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * The records of an RFC 4180 CSV text (quoted cells may hold commas,
 * doubled quotes and line breaks, as pandas writes them). Blank lines are
 * skipped; an unclosed quote is a `DatasetFormatError` naming the line it
 * opened on. `separator` is `,` unless given (CRT-QA's tables use `#`).
 */
export function parseCsvRecords(file: string, text: string, separator = ','): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let quoteLine = 1;
  const endRecord = (): void => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
    } else if (char === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
    } else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n') {
      endRecord();
      line++;
      start = line;
    } else if (char !== '\r') cell += char;
  }
  if (quoted) throw new DatasetFormatError(file, quoteLine, undefined, 'a quoted cell is never closed', 'a cell that starts with " must end with " (write "" for a quote inside it)');
  endRecord();
  return records;
}
