import { reportTable, tableCsv, type ReportColumn } from '../../analysis/report-table.js';
import type { UnitRow } from './api-types.js';

type Cell = string | number | boolean | null;

/** One CSV column of the per-question table: its header and raw value. */
function column(header: string, value: (row: UnitRow) => Cell): ReportColumn<UnitRow> {
  return { header, text: (row) => String(value(row) ?? ''), csv: [{ name: header, value }] };
}

/** The per-question table's CSV columns: raw values at full precision, missing values empty. */
const COLUMNS: ReadonlyArray<ReportColumn<UnitRow>> = [
  column('unit_id', (row) => row.id),
  column('question_id', (row) => row.questionId),
  column('question', (row) => row.questionText),
  column('protocol', (row) => row.protocol),
  column('seed', (row) => row.seed),
  column('outcome', (row) => row.outcome),
  column('answer', (row) => row.answer),
  column('gold', (row) => row.gold),
  column('unanimous', (row) => row.unanimous),
  column('agents', (row) => row.agents),
  column('agreement_set_size', (row) => row.agreementSize),
  column('eligible', (row) => row.audit?.eligible ?? null),
  column('cara_hyb', (row) => row.audit?.caraHyb ?? null),
  column('sim', (row) => row.audit?.sim ?? null),
  column('contradiction_rate', (row) => row.audit?.contradictionRate ?? null),
  column('cara_gt', (row) => row.audit?.caraGt ?? null),
  column('failure_mode', (row) => row.audit?.failureMode ?? null),
  column('rounds', (row) => row.roundsRun),
  column('calls', (row) => row.calls),
  column('tokens', (row) => row.tokens),
  column('cost_usd', (row) => row.costUsd),
  column('latency_ms', (row) => row.latencyMs),
  column('errors', (row) => row.errors),
];

/** The rows of a run's table (filtered and sorted as shown) as RFC 4180 CSV, one line per unit. */
export function unitTableCsv(rows: readonly UnitRow[]): string {
  return tableCsv(reportTable('units', 'units', COLUMNS, rows));
}
