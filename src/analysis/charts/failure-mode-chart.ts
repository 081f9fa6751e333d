import { FAILURE_MODES } from '../../spec/audit-result.js';
import type { ProtocolRow } from '../protocol-table.js';
import type { ChartDefinition } from './chart-data.js';

/** Low-CARA units by failure mode (FM1–FM6, docs/metrics.md), one bar per mode and cell. */
export function failureModeChart(rows: readonly ProtocolRow[]): ChartDefinition {
  const base = { id: 'failure-modes', title: 'Failure modes of low-CARA units', caption: 'Counts of the primary failure-mode label of each low-CARA unit (FM2, FM3, FM5 are quorum’s own definitions).' };
  const audited = rows.filter((row) => row.failureModes !== null);
  if (audited.length === 0) return { ...base, spec: null, skipped: 'no audit (failure modes come from the audit)' };
  const values = audited.flatMap((row) => FAILURE_MODES.map((mode) => ({ label: row.label, mode, count: row.failureModes![mode] })));
  return {
    ...base,
    spec: {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      title: base.title,
      width: 420,
      height: 260,
      data: { values },
      mark: 'bar',
      encoding: {
        x: { field: 'mode', type: 'nominal', title: 'failure mode', sort: [...FAILURE_MODES], axis: { labelAngle: 0 } },
        xOffset: { field: 'label', type: 'nominal' },
        y: { field: 'count', type: 'quantitative', title: 'low-CARA units', axis: { tickMinStep: 1, format: 'd' } },
        color: { field: 'label', type: 'nominal', title: 'protocol' },
      },
    },
  };
}
