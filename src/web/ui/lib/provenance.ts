/**
 * Reads provenance out of a shared-log entry's `meta` (DeALOG). The trace
 * holds no dataset context, so the viewer shows what the entry carries:
 * a table excerpt with the cited cell, or a passage with the quoted span.
 * Accepted shapes are listed in docs/viewer.md ("Shared log").
 */

/** A table with one highlighted cell (indexes into `rows`, 0-based; -1: unknown). */
export interface CitedTable {
  title: string | undefined;
  header: string[];
  rows: string[][];
  row: number;
  column: number;
}

/** A passage with one highlighted span [start, end). */
export interface CitedPassage {
  title: string | undefined;
  text: string;
  start: number;
  end: number;
}

type Meta = Record<string, unknown>;

const isRecord = (value: unknown): value is Meta => value !== null && typeof value === 'object' && !Array.isArray(value);
const cellText = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));
const isGrid = (value: unknown): value is unknown[][] => Array.isArray(value) && value.length > 0 && value.every(Array.isArray);

/** `{header, rows}`, `{rows}` or a grid whose first row is the header. */
function tableShape(value: unknown): { title: string | undefined; header: string[]; rows: string[][] } | undefined {
  if (isGrid(value)) {
    const [header, ...rows] = value;
    return { title: undefined, header: header!.map(cellText), rows: rows.map((row) => row.map(cellText)) };
  }
  if (isRecord(value) && isGrid(value['rows'])) {
    const header = Array.isArray(value['header']) ? value['header'].map(cellText) : [];
    const title = typeof value['title'] === 'string' ? value['title'] : typeof value['id'] === 'string' ? value['id'] : undefined;
    return { title, header, rows: value['rows'].map((row) => row.map(cellText)) };
  }
  return undefined;
}

/** The cited table of a LOOKUP entry, when its meta carries one. */
export function citedTable(meta: Meta): CitedTable | undefined {
  const table = tableShape(meta['table']) ?? tableShape(meta['tableData']) ?? tableShape(meta['cells']);
  if (table === undefined) return undefined;
  const row = typeof meta['row'] === 'number' && Number.isInteger(meta['row']) ? meta['row'] : -1;
  const columnValue = meta['column'] ?? meta['col'];
  const column =
    typeof columnValue === 'number' && Number.isInteger(columnValue)
      ? columnValue
      : typeof columnValue === 'string'
        ? table.header.findIndex((name) => name.trim().toLowerCase() === columnValue.trim().toLowerCase())
        : -1;
  return { ...table, row: row < table.rows.length ? row : -1, column };
}

/** The quoted passage of a QUOTE entry, when its meta carries the passage text. */
export function citedPassage(meta: Meta, quote: string): CitedPassage | undefined {
  const document = isRecord(meta['document']) ? meta['document'] : meta;
  const text = [document['passage'], document['text'], document['context'], meta['passage']].find((value): value is string => typeof value === 'string');
  if (text === undefined) return undefined;
  const title = typeof document['title'] === 'string' ? document['title'] : typeof document['id'] === 'string' ? document['id'] : typeof meta['document'] === 'string' ? meta['document'] : undefined;
  const start = meta['start'] ?? document['start'];
  const end = meta['end'] ?? document['end'];
  if (typeof start === 'number' && typeof end === 'number' && start >= 0 && end <= text.length && start < end) return { title, text, start, end };
  // Without offsets, the quote itself locates the span (the verifier requires an exact span).
  const found = quote === '' ? -1 : text.indexOf(quote);
  return { title, text, start: found, end: found < 0 ? found : found + quote.length };
}

/** Log positions an entry refers to (`relies`, `entries`, `cites`), for ANSWER, FLAG and OK entries. */
export function referencedEntries(meta: Meta): number[] {
  const refs = ['relies', 'entries', 'cites', 'entry'].flatMap((name) => {
    const value = meta[name];
    return Array.isArray(value) ? value : [value];
  });
  return refs.filter((value): value is number => typeof value === 'number' && Number.isInteger(value));
}
