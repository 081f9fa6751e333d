import { createRequire } from 'node:module';
import type * as CsvParseSync from 'csv-parse/sync';
import type { CsvError } from 'csv-parse/sync';
import { DatasetFormatError } from '../spec/errors.js';

let loaded: typeof CsvParseSync | undefined;

/**
 * csv-parse, loaded on the first CSV read from its CommonJS build (as
 * `kysely()` loads kysely): the dataset registry imports this module, so a
 * top-level import put csv-parse's nine ES modules into the start-up of
 * every `quorum run`, also of runs that read no CSV.
 */
function csvParse(): typeof CsvParseSync {
  loaded ??= createRequire(import.meta.url)('csv-parse/sync') as typeof CsvParseSync;
  return loaded;
}

/** One CSV record: its cells and the physical line it starts on (1-based). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** How a CSV file is written, where it departs from RFC 4180. */
export interface CsvDialect {
  /** Cell separator; default `,` (CRT-QA's tables use `#`, TSV files a tab). */
  separator?: string;
  /**
   * The character that escapes a quote inside a quoted cell; default `"`
   * (RFC 4180: `""`). WikiTableQuestions writes `\"` and `\\` instead.
   */
  escape?: string;
  /** False for files with no quoting at all (a `"` is an ordinary character). */
  quoted?: boolean;
  /** Said with every error: what the file should look like. */
  hint?: string;
}

/**
 * The records of a CSV text, read with csv-parse: RFC 4180 quoting (quoted
 * cells may hold separators, doubled quotes and line breaks), CRLF or LF
 * line ends, a leading byte-order mark dropped. Records may differ in length
 * (callers check widths and name what they expected); empty or white-space
 * lines are skipped (a row of empty cells, `,,`, is a record). A quoting error is a `DatasetFormatError` naming
 * the file and the line its record starts on.
 */
export function parseCsvRecords(file: string, text: string, dialect: CsvDialect = {}): CsvRecord[] {
  const source = Buffer.from(text.replace(/^\uFEFF/, ''), 'utf8');
  const lines = new LineCounter(source);
  // `context.bytes` is where a record ends (in UTF-8 bytes); the next one starts there.
  const starts: number[] = [];
  let recordStart = 0;
  let records: string[][];
  const { CsvError, parse } = csvParse();
  try {
    records = parse(source, {
      delimiter: dialect.separator ?? ',',
      escape: dialect.escape ?? '"',
      quote: dialect.quoted === false ? false : '"',
      record_delimiter: ['\r\n', '\n'],
      relax_column_count: true,
      on_record: (record, context) => {
        starts.push(recordStart);
        recordStart = context.bytes;
        return record;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const column = (error as CsvError & { column?: number }).column;
    throw new DatasetFormatError(file, lines.lineAt(recordStart), column === undefined || column === 0 ? undefined : `cell ${column + 1}`, describeCsvError(error, dialect), dialect.hint);
  }
  const result: CsvRecord[] = [];
  records.forEach((cells, index) => {
    if (cells.length > 1 || cells[0]!.trim() !== '') result.push({ line: lines.lineAt(starts[index]!), cells });
  });
  return result;
}

function describeCsvError(error: CsvError, dialect: CsvDialect): string {
  const escapedQuote = dialect.escape === undefined || dialect.escape === '"' ? '""' : `${dialect.escape}"`;
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `a quoted cell is never closed (a cell that starts with " must end with "; write ${escapedQuote} for a quote inside it)`;
    case 'CSV_INVALID_CLOSING_QUOTE': {
      const found = /got "(.*?)"/.exec(error.message)?.[1];
      return `expected a separator or the end of the line after a closing quote, found ${found === undefined ? 'more text' : `"${found}"`} (write ${escapedQuote} for a quote inside a quoted cell)`;
    }
    case 'INVALID_OPENING_QUOTE':
      return `a quote inside an unquoted cell; quote the whole cell ("…") and write ${escapedQuote} for the quote`;
    default:
      return `unreadable CSV (${error.message})`;
  }
}

/** Line numbers of byte offsets, counted forward once (offsets are asked in order). */
class LineCounter {
  #offset = 0;
  #line = 1;

  constructor(private readonly source: Buffer) {}

  lineAt(offset: number): number {
    if (offset < this.#offset) {
      this.#offset = 0;
      this.#line = 1;
    }
    for (let at = this.source.indexOf(0x0a, this.#offset); at !== -1 && at < offset; at = this.source.indexOf(0x0a, at + 1)) this.#line++;
    this.#offset = offset;
    return this.#line;
  }
}
