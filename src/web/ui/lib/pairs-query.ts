import type { StudyComparisonView } from '../../server/api-types.js';

/** What the paired-differences view shows, kept in the study page's URL so Back returns to it. */
export interface PairsQuery {
  /** Index into the report's comparisons. */
  comparison: number;
  metric: string;
  differentOnly: boolean;
  offset: number;
}

/** Reads the view's state from the URL, falling back to the first comparison and its first metric. */
export function readPairsQuery(search: URLSearchParams, comparisons: readonly StudyComparisonView[]): PairsQuery {
  const index = Number(search.get('cmp') ?? '0');
  const comparison = Number.isInteger(index) && index >= 0 && index < comparisons.length ? index : 0;
  const metrics = comparisons[comparison]?.metrics ?? [];
  const wanted = search.get('metric');
  const metric = wanted !== null && metrics.includes(wanted) ? wanted : metrics.includes('accuracy') ? 'accuracy' : (metrics[0] ?? 'accuracy');
  const offset = Number(search.get('pairsOffset') ?? '0');
  return { comparison, metric, differentOnly: search.get('differ') !== 'false', offset: Number.isInteger(offset) && offset >= 0 ? offset : 0 };
}

/** The URL search of a view state (other parameters kept). */
export function writePairsQuery(search: URLSearchParams, query: PairsQuery): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('cmp', String(query.comparison));
  next.set('metric', query.metric);
  next.set('differ', String(query.differentOnly));
  if (query.offset === 0) next.delete('pairsOffset');
  else next.set('pairsOffset', String(query.offset));
  return next;
}
