import { Hono } from 'hono';
import { z } from 'zod';
import type { RunRecord, UnitRecord } from '../../spec/store.js';
import type { TraceEvent } from '../../spec/trace.js';
import { sendJson, type ApiContext } from './api-context.js';
import { ApiError, notFound } from './api-error.js';
import type { Page, UnitAuditDetail, UnitDetail, UnitNeighbours, UnitRunHeader } from './api-types.js';
import { pageParams, parseQuery } from './query-params.js';
import { requireRun } from './runs-routes.js';
import { selectAudit } from './select-audit.js';

/** Routes under /api/units: one unit, its trace, and its result in an audit. */
export function unitsRoutes(api: ApiContext): Hono {
  const app = new Hono();
  const { data } = api;

  app.get('/:unitId', async (c) => {
    parseQuery({}, c.req.query());
    const unit = await requireUnit(api, c.req.param('unitId'));
    const run = await requireRun(api, unit.runId);
    const audits = await data.store.listAudits(run.id);
    const detail: UnitDetail = {
      unit,
      run: runHeader(run),
      eventCount: (await data.store.getEvents(unit.id)).length,
      audits: audits.map((audit) => ({ id: audit.id, label: audit.label, createdAt: audit.createdAt })),
    };
    return sendJson(api, c, detail);
  });

  app.get('/:unitId/events', async (c) => {
    const { offset, limit } = parseQuery(pageParams(500, 1000), c.req.query());
    const unit = await requireUnit(api, c.req.param('unitId'));
    const events = await data.store.getEvents(unit.id);
    const page: Page<TraceEvent> = { total: events.length, offset, limit, items: events.slice(offset, offset + limit) };
    return sendJson(api, c, page);
  });

  app.get('/:unitId/neighbours', async (c) => {
    parseQuery({}, c.req.query());
    const unit = await requireUnit(api, c.req.param('unitId'));
    const run = await requireRun(api, unit.runId);
    const rows = (await data.runIndex(run)).rows;
    const position = rows.findIndex((row) => row.id === unit.id);
    const link = (index: number) => {
      const row = rows[index];
      return row === undefined ? null : { id: row.id, questionId: row.questionId };
    };
    const neighbours: UnitNeighbours = { position, total: rows.length, previous: position < 0 ? null : link(position - 1), next: position < 0 ? null : link(position + 1) };
    return sendJson(api, c, neighbours);
  });

  app.get('/:unitId/audit', async (c) => {
    const { audit: auditParam } = parseQuery({ audit: z.string().min(1).max(200).optional() }, c.req.query());
    const unit = await requireUnit(api, c.req.param('unitId'));
    const run = await requireRun(api, unit.runId);
    const audit = await selectAudit(api, run, auditParam === 'none' ? undefined : auditParam);
    if (audit === null) throw new ApiError(404, 'NOT_FOUND', `run "${run.id}" has no audit`, `audit it with: quorum audit ${run.id}`);
    const entry = (await data.auditIndex(audit)).byUnit.get(unit.id);
    if (entry === undefined) throw new ApiError(404, 'NOT_FOUND', `unit "${unit.id}" is not in audit "${audit.id}"`, 'only units finished before the audit are in it; audit the run again');
    const [question] = await data.store.listAuditQuestions(audit.id, { offset: entry.position, limit: 1 });
    if (question === undefined || question.unitId !== unit.id) throw notFound('audit result', `${audit.id}/${unit.id}`);
    const detail: UnitAuditDetail = {
      audit: { id: audit.id, label: audit.label, createdAt: audit.createdAt, tau: audit.settings.tau, embed: audit.settings.embed, nli: audit.settings.nli, fallbackNote: audit.settings.fallback.note },
      question,
    };
    return sendJson(api, c, detail);
  });

  return app;
}

async function requireUnit(api: ApiContext, unitId: string): Promise<UnitRecord> {
  const unit = await api.data.store.getUnit(unitId);
  if (unit === undefined) throw notFound('unit', unitId);
  return unit;
}

function runHeader(run: RunRecord): UnitRunHeader {
  const params = run.config.protocol.params;
  return {
    id: run.id,
    protocol: run.config.protocol.name,
    preset: run.config.protocol.preset,
    dataset: run.config.dataset.name,
    format: typeof params['format'] === 'string' ? params['format'] : null,
    agents: run.config.agents.map((agent) => ({ name: agent.name, backend: agent.backend })),
    judge: run.config.judge === undefined ? null : { name: run.config.judge.name, backend: run.config.judge.backend },
  };
}
