import type { StudyReportChartView } from '../../server/api-types.js';

/**
 * One chart of the study report: the server renders it to SVG and the page
 * shows it as an image (an SVG in an `<img>` runs no script).
 */
export function ReportChartView({ chart }: { chart: StudyReportChartView }) {
  return (
    <figure className="report-chart" data-chart-id={chart.id}>
      {/* A drawn chart carries its title in the image. */}
      {chart.url === null ? (
        <>
          <h3>{chart.title}</h3>
          <p className="muted">not drawn: {chart.skipped}</p>
        </>
      ) : (
        <img src={chart.url} alt={chart.title} loading="lazy" />
      )}
      <figcaption className="muted small">{chart.caption}</figcaption>
    </figure>
  );
}
