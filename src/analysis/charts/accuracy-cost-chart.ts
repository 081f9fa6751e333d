import type { ProtocolRow } from '../protocol-table.js';
import type { ChartDefinition } from './chart-data.js';

/**
 * Accuracy (with its 95 % CI) against cost per unit, one point per cell.
 * Without prices for every cell, tokens per unit stand in for cost and the
 * axis says so: the trade-off a deployment chooses on.
 */
export function accuracyCostChart(rows: readonly ProtocolRow[]): ChartDefinition {
  const base = { id: 'accuracy-cost', title: 'Accuracy vs cost', caption: 'Each point is one protocol (per dataset and setup); bars are 95 % bootstrap CIs of accuracy.' };
  const usable = rows.filter((row) => row.estimates.accuracy.mean !== null);
  if (usable.length === 0) return { ...base, spec: null, skipped: 'no accuracy: the questions have no gold answers, or no unit finished' };
  const priced = usable.every((row) => row.estimates.cost_usd.mean !== null);
  const xTitle = priced ? 'cost per unit (USD)' : 'tokens per unit (no prices for every backend)';
  const values = usable.map((row) => ({
    label: row.label,
    x: priced ? row.estimates.cost_usd.mean : row.estimates.tokens.mean,
    accuracy: row.estimates.accuracy.mean,
    low: row.estimates.accuracy.low,
    high: row.estimates.accuracy.high,
  }));
  const x = { field: 'x', type: 'quantitative' as const, title: xTitle, scale: { zero: false, nice: true } };
  return {
    ...base,
    spec: {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      title: base.title,
      width: 420,
      height: 280,
      data: { values },
      layer: [
        { mark: { type: 'rule', strokeWidth: 1.5 }, encoding: { x, y: { field: 'low', type: 'quantitative', title: 'accuracy', scale: { domain: [0, 1] } }, y2: { field: 'high' }, color: { field: 'label', type: 'nominal', legend: null } } },
        { mark: { type: 'point', filled: true, size: 80 }, encoding: { x, y: { field: 'accuracy', type: 'quantitative' }, color: { field: 'label', type: 'nominal', title: 'protocol' } } },
        { mark: { type: 'text', align: 'left', dx: 7, dy: -7, fontSize: 11 }, encoding: { x, y: { field: 'accuracy', type: 'quantitative' }, text: { field: 'label' } } },
      ],
    },
  };
}
