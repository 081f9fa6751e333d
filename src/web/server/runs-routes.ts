import { Hono } from 'hono';
import { z } from 'zod';
import type { RunRecord } from '../../spec/store.js';
import { sendJson, type ApiContext } from './api-context.js';
import { ApiError, notFound } from './api-error.js';
import type { ConsistencyPage, ConsistencyPoint, IndexProgressPage, Page, RunDetail, RunHeader, RunListItem, RunMetricsPage, UnitPage } from './api-types.js';
import { planOrderPage, type RowsPage } from './plan-order-page.js';
import { unitTableCsv } from './unit-table-csv.js';
import { compareRuns } from './compare-runs.js';
import { matchingRows, unitQueryShape, withText, type UnitQuery } from './matching-rows.js';
import { displayConfig } from './display-config.js';
import { pageParams, parseQuery } from './query-params.js';
import { runListItem } from './run-list-item.js';
import { selectAudit } from './select-audit.js';

/** Routes under /api/runs: the runs list, one run, and its per-question table. */
export function runsRoutes(api: ApiContext): Hono {
  const app = new Hono();
  const { data } = api;

  app.get('/', async (c) => {
    const { offset, limit } = parseQuery(pageParams(50, 200), c.req.query());
    const runs = await data.store.listRuns();
    const items: RunListItem[] = [];
    // Indexes are built only for the runs on this page.
    for (const run of runs.slice(offset, offset + limit)) items.push(await runListItem(api, run));
    const page: Page<RunListItem> = { total: runs.length, offset, limit, items };
    return sendJson(api, c, page);
  });

  app.get('/:runId', async (c) => {
    parseQuery({}, c.req.query());
    const run = await requireRun(api, c.req.param('runId'));
    const header = await runHeader(api, run);
    const detail: RunDetail = { ...header, metrics: await (await data.runIndex(run)).metrics() };
    return sendJson(api, c, detail);
  });

  // The run page's first screen: everything but the metrics, which need every unit read (the header needs none).
  app.get('/:runId/header', async (c) => {
    parseQuery({}, c.req.query());
    const run = await requireRun(api, c.req.param('runId'));
    return sendJson(api, c, await runHeader(api, run));
  });

  // How far the unit index of a large run has got: the run page polls it while its metrics wait for the index.
  app.get('/:runId/index-progress', async (c) => {
    parseQuery({}, c.req.query());
    const run = await requireRun(api, c.req.param('runId'));
    c.header('Cache-Control', 'no-store');
    const page: IndexProgressPage = { building: data.indexProgress(run) };
    return sendJson(api, c, page);
  });

  app.get('/:runId/metrics', async (c) => {
    parseQuery({}, c.req.query());
    const run = await requireRun(api, c.req.param('runId'));
    const index = await data.runIndex(run);
    const metrics = await index.metrics();
    const unavailable = index.metricsUnavailable();
    const page: RunMetricsPage = { metrics, ...(unavailable === null ? {} : { unavailable }) };
    return sendJson(api, c, page);
  });

  app.get('/:runId/units', async (c) => {
    const { offset, limit, ...query } = parseQuery({ ...pageParams(100, 500), ...unitQueryShape() }, c.req.query());
    const run = await requireRun(api, c.req.param('runId'));
    // The default view of a run just opened comes from the store; everything else (and it, once indexed) from the run's index.
    const page = (await planOrderPage(api, run, query, offset, limit)) ?? (await indexedPage(api, run, query, offset, limit));
    const text = data.textIndexOf(run);
    // The question column needs the text of the rows shown, not of the whole run: queue only theirs (each read once).
    // Not awaited: reading 200 units' events would hold the rows back; the table asks again while textIndex says it is reading.
    void text.update(page.rows.filter((row) => row.status !== 'pending').map((row) => row.id));
    const body: UnitPage = {
      total: page.total,
      offset,
      limit,
      items: page.rows.map((row) => withText(row, text)),
      outcomes: page.outcomes,
      auditId: page.audit?.id ?? null,
      textIndex: text.progress,
    };
    return sendJson(api, c, body);
  });

  app.get('/:runId/compare/:otherId', async (c) => {
    const { audit, otherAudit } = parseQuery({ audit: z.string().min(1).max(200).optional(), otherAudit: z.string().min(1).max(200).optional() }, c.req.query());
    const [run, other] = [await requireRun(api, c.req.param('runId')), await requireRun(api, c.req.param('otherId'))];
    const comparison = await compareRuns(data.store, { run, audit: await selectAudit(api, run, audit) }, { run: other, audit: await selectAudit(api, other, otherAudit) });
    return sendJson(api, c, comparison);
  });

  // How far the text index has got: the table polls it while the first full-text search of a large run waits.
  app.get('/:runId/text-index', async (c) => {
    const run = await requireRun(api, c.req.param('runId'));
    c.header('Cache-Control', 'no-store');
    return sendJson(api, c, data.textIndexOf(run).progress);
  });

  app.get('/:runId/units.csv', async (c) => {
    const query = parseQuery(unitQueryShape(), c.req.query());
    const run = await requireRun(api, c.req.param('runId'));
    const { index, text, rows } = await matchingRows(api, run, query);
    // An export is complete: wait until every finished unit's question text is read.
    await api.data.textIndex(run, index).ready;
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${run.id.replace(/[^\w.-]/g, '_')}-units.csv"`);
    return c.body(api.scrubber.text(unitTableCsv(rows.map((row) => withText(row, text)))));
  });

  app.get('/:runId/consistency', async (c) => {
    const { sort: _sort, ...query } = parseQuery(unitQueryShape(), c.req.query());
    const run = await requireRun(api, c.req.param('runId'));
    const { audit, rows } = await matchingRows(api, run, { ...query, sort: 'position' });
    if (audit === null) throw new ApiError(404, 'NEEDS_AUDIT', `run "${run.id}" has no audit: the quadrant plots CARA against agreement`, `audit it first: quorum audit ${run.id}`);
    const points: ConsistencyPoint[] = [];
    for (const row of rows) {
      if (row.audit === null || row.agents === null || row.agents === 0) continue;
      const { agreementSize, eligible, caraHyb, sim, contradictionRate } = row.audit;
      points.push({ unitId: row.id, questionId: row.questionId, outcome: row.outcome, agreement: agreementSize / row.agents, agreementSize, agents: row.agents, eligible, caraHyb, sim, contradictionRate });
    }
    const page: ConsistencyPage = { auditId: audit.id, points, notAudited: rows.length - points.length, lowCaraThreshold: audit.summary.overall.lowCara.threshold, lowSim: audit.settings.failureModes.lowSim };
    return sendJson(api, c, page);
  });

  return app;
}

/** A page of the rows that pass the query, from the run's unit index. */
async function indexedPage(api: ApiContext, run: RunRecord, query: UnitQuery, offset: number, limit: number): Promise<RowsPage> {
  const { index, audit, rows } = await matchingRows(api, run, query);
  return { total: rows.length, outcomes: index.outcomes, audit, rows: rows.slice(offset, offset + limit) };
}

/** A run's header (configuration, counts, audits, filter choices), from its overview: no unit is read. */
async function runHeader(api: ApiContext, run: RunRecord): Promise<RunHeader> {
  const overview = await api.data.overview(run);
  return {
    id: run.id,
    createdAt: run.createdAt,
    status: run.status,
    config: displayConfig(run.config),
    units: overview.units,
    audits: await api.data.store.listAudits(run.id),
    protocols: overview.protocols,
    seeds: overview.seeds,
  };
}

/** The run, or a 404. */
export async function requireRun(api: ApiContext, runId: string): Promise<RunRecord> {
  const run = await api.data.store.getRun(runId);
  if (run === undefined) throw notFound('run', runId);
  return run;
}
