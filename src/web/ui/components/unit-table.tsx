import { useCallback, useEffect, useRef, useState } from 'react';
import type { UnitPage, UnitRow } from '../../server/api-types.js';
import { getJson } from '../lib/api-client.js';
import { integer } from '../lib/format.js';
import type { TableMeta } from '../lib/unit-query.js';
import { UnitTableRow, UNIT_COLUMNS } from './unit-table-row.js';

/** How far the server's text index has got (the `textIndex` of a page of rows). */
type TextIndexProgress = UnitPage['textIndex'];

/** Height of one row in pixels; rows are absolutely placed, so it must match the CSS. */
export const ROW_HEIGHT = 32;
/** Rows fetched per request. */
const PAGE_SIZE = 200;
/** How often the text index's progress is read while a first full-text search waits. */
const INDEX_PROGRESS_MS = 500;
/** Rows rendered beyond the visible ones, so fast scrolling shows no gaps. */
const OVERSCAN = 12;
/** How often loaded rows are fetched again while question texts are read or the run is going. */
const REFRESH_MS = 1_500;
/** How often the visible rows are asked for again while the server reads their question texts (a page's texts take a fraction of a second). */
const READING_MS = 400;
/** Rows fetched ahead of the rendered ones, so the next page is usually there before it scrolls into view. */
const PREFETCH = 120;

/** The API path of one page of the table's rows (the run page prefetches the first). */
export function unitPagePath(runId: string, query: string, page: number): string {
  const separator = query === '' ? '' : '&';
  return `/api/runs/${encodeURIComponent(runId)}/units?${query}${separator}offset=${page * PAGE_SIZE}&limit=${PAGE_SIZE}`;
}

/**
 * The per-question table, virtualised: the scroll area is as tall as all
 * matching rows, only the visible rows (plus a margin) are in the DOM, and
 * rows are fetched in pages as they scroll into view. 10,000 units cost a
 * few dozen DOM rows and one page request per screenful.
 */
export function UnitTable({
  runId,
  query,
  onMeta,
  onFailure,
  live = false,
}: {
  runId: string;
  query: string;
  onMeta: (meta: TableMeta) => void;
  /** Told when a page could not be read (pass a state setter: it must not change between renders). */
  onFailure?: (failed: boolean) => void;
  live?: boolean;
}) {
  const viewport = useRef<HTMLDivElement>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [pages, setPages] = useState<ReadonlyMap<number, UnitRow[]>>(new Map());
  const [error, setError] = useState<Error | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  const requested = useRef(new Set<number>());
  const generation = useRef(0);
  const lastMeta = useRef('');

  const [reading, setReading] = useState(false);
  const fetchPage = useCallback(
    (page: number, again = false) => {
      if (requested.current.has(page) && !again) return;
      requested.current.add(page);
      const current = generation.current;
      getJson<UnitPage>(unitPagePath(runId, query, page)).then(
        (result) => {
          // A filter change since the request started makes its answer stale.
          if (current !== generation.current) return;
          setPages((previous) => new Map(previous).set(page, result.items));
          setTotal(result.total);
          setReading(result.textIndex.indexed < result.textIndex.total);
          // Every page repeats the counts; telling the page only when they change spares it a re-render per page.
          const meta = { total: result.total, outcomes: result.outcomes, auditId: result.auditId, textIndex: result.textIndex };
          const key = JSON.stringify(meta);
          if (key !== lastMeta.current) {
            lastMeta.current = key;
            onMeta(meta);
          }
        },
        (failure: unknown) => {
          if (current !== generation.current) return;
          requested.current.delete(page);
          setError(failure instanceof Error ? failure : new Error(String(failure)));
          onFailure?.(true);
        },
      );
    },
    [runId, query, onMeta, onFailure],
  );

  useEffect(() => {
    generation.current += 1;
    requested.current = new Set();
    setPages(new Map());
    setTotal(null);
    setError(null);
    viewport.current?.scrollTo({ top: 0 });
    setScrollTop(0);
    fetchPage(0);
  }, [fetchPage]);

  // Question texts arrive while the server reads the run's traces, and a run in progress gains units:
  // the visible pages are fetched again in place until both settle; pages out of view are forgotten,
  // so they are fetched afresh when they scroll back in.
  const visible = useRef<{ from: number; to: number }>({ from: 0, to: 0 });
  useEffect(() => {
    if (!reading && !live) return;
    const timer = setInterval(() => {
      const { from, to } = visible.current;
      for (const page of [...requested.current]) {
        if (page >= from && page <= to) fetchPage(page, true);
        else requested.current.delete(page);
      }
    }, reading ? READING_MS : REFRESH_MS);
    return () => clearInterval(timer);
  }, [reading, live, fetchPage]);

  // The first full-text search of a large run waits while the server reads every unit's events once: say how far it has got.
  const [indexing, setIndexing] = useState<TextIndexProgress | null>(null);
  const searching = total === null && error === null && new URLSearchParams(query).has('text');
  useEffect(() => {
    setIndexing(null);
    if (!searching) return;
    const timer = setInterval(() => {
      getJson<TextIndexProgress>(`/api/runs/${encodeURIComponent(runId)}/text-index`).then(setIndexing, () => undefined);
    }, INDEX_PROGRESS_MS);
    return () => clearInterval(timer);
  }, [searching, runId]);

  useEffect(() => {
    const element = viewport.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min((total ?? 0) - 1, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);

  useEffect(() => {
    if (total === null || last < first) return;
    const from = Math.max(0, first - PREFETCH);
    const to = Math.min(total - 1, last + PREFETCH);
    visible.current = { from: Math.floor(from / PAGE_SIZE), to: Math.floor(to / PAGE_SIZE) };
    for (let page = Math.floor(from / PAGE_SIZE); page <= Math.floor(to / PAGE_SIZE); page++) fetchPage(page);
  }, [first, last, total, fetchPage]);

  const onScroll = useRef<number | null>(null);
  const handleScroll = () => {
    // One state update per frame, however many scroll events arrive.
    if (onScroll.current !== null) return;
    onScroll.current = requestAnimationFrame(() => {
      onScroll.current = null;
      setScrollTop(viewport.current?.scrollTop ?? 0);
    });
  };

  const rows = [];
  for (let index = first; index <= last; index++) {
    const row = pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE];
    rows.push(<UnitTableRow key={row?.id ?? `placeholder-${index}`} runId={runId} row={row} index={index} top={index * ROW_HEIGHT} />);
  }
  return (
    <div className="unit-table" role="table" aria-label="questions" aria-rowcount={total ?? undefined}>
      <div className="unit-table-head" role="row">
        {UNIT_COLUMNS.map((column) => (
          <div key={column.key} role="columnheader" className={`cell cell-${column.key}`} title={column.title}>
            {column.label}
          </div>
        ))}
      </div>
      {error !== null && <div className="error-box">{error.message}</div>}
      <div className="unit-table-body" ref={viewport} onScroll={handleScroll} data-testid="unit-table-viewport">
        <div className="unit-table-spacer" style={{ height: `${(total ?? 0) * ROW_HEIGHT}px` }}>
          {rows}
        </div>
        {total === 0 && <p className="empty">No question matches these filters.</p>}
      </div>
      <div className="unit-table-foot muted small" data-testid="unit-table-total">
        {total === null ? 'loading…' : `${integer(total)} question${total === 1 ? '' : 's'}`}
        {searching && indexing !== null && indexing.indexed < indexing.total && (
          <span data-testid="text-index-progress">
            {' '}
            · reading the run&apos;s texts for the first search: {integer(indexing.indexed)} / {integer(indexing.total)} units
          </span>
        )}
        {reading && ' · reading question texts…'}
      </div>
    </div>
  );
}
