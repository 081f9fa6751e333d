import type { ProtocolRow } from '../protocol-table.js';
import type { ChartDefinition } from './chart-data.js';

/**
 * Consensus formation by round: 1 − Var_r / Var_round0 of the agents'
 * numeric forecasts, averaged over units, one line per cell. 0 at round 0 by
 * definition; rising lines mean converging forecasts.
 */
export function cfByRoundChart(rows: readonly ProtocolRow[]): ChartDefinition {
  const base = { id: 'cf-by-round', title: 'Consensus formation (CF) by round', caption: 'CF_r = 1 − Var_r / Var_round0 of the agents’ numeric forecasts, mean over units.' };
  const values = rows.flatMap((row) => (row.cfByRound ?? []).flatMap((cf, round) => (cf === null ? [] : [{ label: row.label, round, cf }])));
  if (values.length === 0) return { ...base, spec: null, skipped: 'no numeric answers (CF applies to forecasts)' };
  return {
    ...base,
    spec: {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      title: base.title,
      width: 420,
      height: 280,
      data: { values },
      mark: { type: 'line', point: true },
      encoding: {
        x: { field: 'round', type: 'quantitative', title: 'round', axis: { tickMinStep: 1, format: 'd' } },
        y: { field: 'cf', type: 'quantitative', title: 'CF' },
        color: { field: 'label', type: 'nominal', title: 'protocol' },
      },
    },
  };
}
