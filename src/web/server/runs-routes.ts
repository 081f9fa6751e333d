import { Hono } from 'hono';
import { z } from 'zod';
import type { AuditRecord } from '../../spec/audit-result.js';
import type { RunRecord } from '../../spec/store.js';
import { sendJson, type ApiContext } from './api-context.js';
import { ApiError, notFound } from './api-error.js';
import type { Page, RunDetail, RunListItem, UnitPage } from './api-types.js';
import { displayConfig } from './display-config.js';
import { pageParams, parseQuery } from './query-params.js';
import { runListItem } from './run-list-item.js';
import { needsAudit, rowFilter, sortRows, unitFilterShape, unitSortSchema, type UnitFilterValues } from './unit-filters.js';

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
    const index = await data.runIndex(run);
    const detail: RunDetail = {
      id: run.id,
      createdAt: run.createdAt,
      status: run.status,
      config: displayConfig(run.config),
      units: await data.store.countUnits(run.id),
      metrics: index.metrics,
      audits: await data.store.listAudits(run.id),
      protocols: index.protocols,
      seeds: index.seeds,
    };
    return sendJson(api, c, detail);
  });

  app.get('/:runId/units', async (c) => {
    const query = parseQuery({ ...pageParams(100, 500), ...unitFilterShape(), audit: z.string().min(1).max(200).optional(), sort: unitSortSchema.default('position') }, c.req.query());
    const { offset, limit, audit: auditParam, sort, ...filters } = query;
    const run = await requireRun(api, c.req.param('runId'));
    const audit = await selectAudit(api, run, auditParam);
    if (audit === null && needsAudit(filters as UnitFilterValues)) {
      throw new ApiError(400, 'NEEDS_AUDIT', 'the eligible, failureMode, lowCara and caraBelow filters need an audit of the run', `audit it first: quorum audit ${run.id}`);
    }
    const { index, rows } = await data.table(run, audit);
    const matching = sortRows(rows.filter(rowFilter(filters as UnitFilterValues)), sort);
    const page: UnitPage = { total: matching.length, offset, limit, items: matching.slice(offset, offset + limit), outcomes: index.outcomes, auditId: audit?.id ?? null };
    return sendJson(api, c, page);
  });

  return app;
}

/** The run, or a 404. */
export async function requireRun(api: ApiContext, runId: string): Promise<RunRecord> {
  const run = await api.data.store.getRun(runId);
  if (run === undefined) throw notFound('run', runId);
  return run;
}

/**
 * The audit whose scores the table shows: the one named (it must belong to
 * the run), none for `none`, or by default the run's newest audit.
 */
export async function selectAudit(api: ApiContext, run: RunRecord, auditId: string | undefined): Promise<AuditRecord | null> {
  if (auditId === 'none') return null;
  const audits = await api.data.store.listAudits(run.id);
  if (auditId === undefined) return audits[0] ?? null;
  const audit = audits.find((candidate) => candidate.id === auditId);
  if (audit === undefined) throw new ApiError(404, 'NOT_FOUND', `run "${run.id}" has no audit "${auditId}"`, 'the run page lists its audits');
  return audit;
}
