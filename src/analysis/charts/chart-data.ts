import type { TopLevelSpec } from 'vega-lite';

/** A chart of a report: its spec (kept for vega-embed in a browser) and why it was not drawn, if so. */
export interface ChartDefinition {
  /** File name stem: `accuracy-cost` → accuracy-cost.svg. */
  id: string;
  title: string;
  /** What the reader should look for. */
  caption: string;
  /** Null when the data needed is missing; `skipped` says why. */
  spec: TopLevelSpec | null;
  skipped?: string;
}
