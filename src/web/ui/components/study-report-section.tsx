import type { StudyReportView } from '../../server/api-types.js';
import { apiPath } from '../lib/api-client.js';
import { readPairsQuery, writePairsQuery } from '../lib/pairs-query.js';
import { navigate, paths } from '../lib/router.js';
import { useApi } from '../lib/use-api.js';
import { ErrorBox } from './error-box.js';
import { Loading } from './loading.js';
import { PairedDifferences } from './paired-differences.js';
import { ReportChartView } from './report-chart-view.js';
import { ReportTableView } from './report-table-view.js';

/** The study report: warnings, tables, charts and the paired per-question differences. */
export function StudyReportSection({ studyId, search }: { studyId: string; search: URLSearchParams }) {
  const state = useApi<StudyReportView>(apiPath(`/api/studies/${encodeURIComponent(studyId)}/report`));
  if (state.status === 'loading') return <Loading what="the report (statistics and charts)" />;
  if (state.status === 'error') return <ErrorBox error={state.error} />;
  const report = state.data;
  const query = readPairsQuery(search, report.comparisons);
  return (
    <>
      {report.warnings.length > 0 && (
        <ul className="report-warnings">
          {report.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      <section>
        <h2>Paired differences</h2>
        <p className="muted small">
          One row per question and seed under both protocols{report.pairing === 'question' ? ' (the statistics above average seeds per question; pairs here keep them apart)' : ''}; click an answer to open that
          trace.
        </p>
        <PairedDifferences studyId={studyId} comparisons={report.comparisons} query={query} onChange={(next) => navigate(`${paths.study(studyId)}?${writePairsQuery(search, next)}`, { replace: true })} />
      </section>
      <section>
        <h2>Charts</h2>
        <div className="report-charts">
          {report.charts.map((chart) => (
            <ReportChartView key={chart.id} chart={chart} />
          ))}
        </div>
      </section>
      <section>
        <h2>Tables</h2>
        {report.tables.map((table) => (
          <ReportTableView key={table.id} table={table} />
        ))}
      </section>
    </>
  );
}
