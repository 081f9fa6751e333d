import type { ProtocolRow } from '../protocol-table.js';
import type { ChartDefinition } from './chart-data.js';

/**
 * CARA-HYB against the contradiction rate (CR), one point per cell, split
 * into quadrants at the means over the plotted cells. The seed paper's
 * "consistency illusion" is the move toward low CR without high CARA-HYB:
 * fewer explicit contradictions, yet reasoning that does not align (lower
 * left); grounded agreement is low CR with high CARA-HYB (upper left).
 */
export function consistencyQuadrantChart(rows: readonly ProtocolRow[]): ChartDefinition {
  const base = {
    id: 'consistency-quadrant',
    title: 'CARA-HYB vs contradiction rate (CR)',
    caption: 'Lines are the means over the protocols shown. Lower left: few contradictions but low alignment (the consistency illusion); upper left: grounded agreement.',
  };
  const usable = rows.filter((row) => row.estimates.cara_hyb.mean !== null && row.estimates.cr.mean !== null);
  if (usable.length === 0) return { ...base, spec: null, skipped: 'no audit with CARA-HYB and CR (run the study with the audit enabled)' };
  const values = usable.map((row) => ({ label: row.label, cr: row.estimates.cr.mean, cara: row.estimates.cara_hyb.mean }));
  const mean = (key: 'cr' | 'cara') => values.reduce((sum, value) => sum + value[key]!, 0) / values.length;
  const x = { field: 'cr', type: 'quantitative' as const, title: 'contradiction rate (CR)', scale: { zero: true, nice: true } };
  const y = { field: 'cara', type: 'quantitative' as const, title: 'CARA-HYB', scale: { zero: false, nice: true } };
  return {
    ...base,
    spec: {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      title: base.title,
      width: 420,
      height: 300,
      layer: [
        { data: { values: [{ cr: mean('cr') }] }, mark: { type: 'rule', strokeDash: [4, 4], color: '#888' }, encoding: { x } },
        { data: { values: [{ cara: mean('cara') }] }, mark: { type: 'rule', strokeDash: [4, 4], color: '#888' }, encoding: { y } },
        { data: { values }, mark: { type: 'point', filled: true, size: 90 }, encoding: { x, y, color: { field: 'label', type: 'nominal', title: 'protocol' } } },
        { data: { values }, mark: { type: 'text', align: 'left', dx: 7, dy: -7, fontSize: 11 }, encoding: { x, y, text: { field: 'label' } } },
      ],
    },
  };
}
