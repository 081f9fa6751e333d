/**
 * Reads provenance out of a shared-log entry's `meta` (DeALOG). Entries
 * cite their source by id (table, row, column and cell text; passage id
 * and character offsets; image and OCR lines); the source itself lives in
 * the dataset, not the trace. When an entry also carries the source (a
 * table excerpt, the passage text), the viewer highlights the cited part
 * in it. Accepted shapes are listed in docs/viewer.md ("Shared log").
 */

/** A table with one highlighted cell (indexes into `rows`, 0-based; -1: unknown). */
export interface CitedTable {
  title: string | undefined;
  header: string[];
  rows: string[][];
  row: number;
  column: number;
}

/** A cited cell without its table: what a LOOKUP's meta says about it. */
export interface CitedCell {
  table: string | undefined;
  row: number | undefined;
  rowLabel: string | undefined;
  column: string | undefined;
  /** The cell's own text, as the provenance check read it. */
  cell: string | undefined;
  /** The value the agent claimed. */
  value: string | undefined;
}

/** A passage with one highlighted span [start, end); `text` is undefined when the entry carries only offsets. */
export interface CitedPassage {
  title: string | undefined;
  text: string | undefined;
  start: number;
  end: number;
  match: string | undefined;
}

type Meta = Record<string, unknown>;

const isRecord = (value: unknown): value is Meta => value !== null && typeof value === 'object' && !Array.isArray(value);
const cellText = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));
const isGrid = (value: unknown): value is unknown[][] => Array.isArray(value) && value.length > 0 && value.every(Array.isArray);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);
const integer = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);

/** `{header, rows}`, `{rows}` or a grid whose first row is the header. */
function tableShape(value: unknown): { title: string | undefined; header: string[]; rows: string[][] } | undefined {
  if (isGrid(value)) {
    const [header, ...rows] = value;
    return { title: undefined, header: header!.map(cellText), rows: rows.map((row) => row.map(cellText)) };
  }
  if (isRecord(value) && isGrid(value['rows'])) {
    const header = Array.isArray(value['header']) ? value['header'].map(cellText) : [];
    return { title: text(value['title']) ?? text(value['id']), header, rows: value['rows'].map((row) => row.map(cellText)) };
  }
  return undefined;
}

/** The cited table of a LOOKUP, when its meta carries the table (`table` as an object or grid, `tableData`, `cells`). */
export function citedTable(meta: Meta): CitedTable | undefined {
  const table = tableShape(meta['table']) ?? tableShape(meta['tableData']) ?? tableShape(meta['cells']);
  if (table === undefined) return undefined;
  const title = table.title ?? text(meta['table']);
  const row = integer(meta['row']) ?? -1;
  const columnValue = meta['columnIndex'] ?? meta['column'] ?? meta['col'];
  const column =
    integer(columnValue) ??
    (typeof columnValue === 'string' ? table.header.findIndex((name) => name.trim().toLowerCase() === columnValue.trim().toLowerCase()) : -1);
  return { ...table, title, row: row < table.rows.length ? row : -1, column };
}

/** What a LOOKUP's meta says about its cell when it does not carry the table. */
export function citedCell(meta: Meta): CitedCell | undefined {
  const cell: CitedCell = {
    table: text(meta['table']),
    row: integer(meta['row']),
    rowLabel: text(meta['rowLabel']),
    column: text(meta['column']) ?? text(meta['columnIndex']),
    cell: text(meta['cell']),
    value: text(meta['value']),
  };
  return Object.values(cell).some((value) => value !== undefined) ? cell : undefined;
}

/**
 * The quoted passage of a QUOTE (or the OCR text of a VISUAL): offsets
 * from `start`/`end`, the text from `passageText`, `text`, `context` or a
 * `document` object. Without offsets, the quote itself is looked up in the
 * text. Without text, only the offsets are known.
 */
export function citedPassage(meta: Meta, quote: string): CitedPassage | undefined {
  const document = isRecord(meta['document']) ? meta['document'] : undefined;
  const body = [meta['passageText'], meta['text'], meta['context'], document?.['passage'], document?.['text']].find((value): value is string => typeof value === 'string');
  const title = text(document?.['title']) ?? text(document?.['id']) ?? text(meta['passage']) ?? text(meta['document']) ?? text(meta['image']);
  const start = integer(meta['start'] ?? document?.['start']);
  const end = integer(meta['end'] ?? document?.['end']);
  const match = text(meta['match']);
  if (body === undefined) return start === undefined || end === undefined ? undefined : { title, text: undefined, start, end, match };
  if (start !== undefined && end !== undefined && start >= 0 && end <= body.length && start < end) return { title, text: body, start, end, match };
  const found = quote === '' ? -1 : body.indexOf(quote);
  return { title, text: body, start: found, end: found < 0 ? found : found + quote.length, match };
}

/** Log positions an entry builds on or judges (`uses`, `relies`, `entries`, `cites`, `entry`, `answerSeq`). */
export function referencedEntries(meta: Meta): number[] {
  const refs = ['uses', 'relies', 'entries', 'cites', 'entry', 'answerSeq'].flatMap((name) => {
    const value = meta[name];
    return Array.isArray(value) ? value : [value];
  });
  return [...new Set(refs.filter((value): value is number => typeof value === 'number' && Number.isInteger(value)))];
}
