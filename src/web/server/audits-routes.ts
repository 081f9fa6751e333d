import { Hono } from 'hono';
import type { AuditQuestionRecord, AuditRecord } from '../../spec/audit-result.js';
import { sendJson, type ApiContext } from './api-context.js';
import { notFound } from './api-error.js';
import type { Page } from './api-types.js';
import { pageParams, parseQuery } from './query-params.js';

/** Routes under /api/audits: an audit's summary and its per-unit results with alignment details. */
export function auditsRoutes(api: ApiContext): Hono {
  const app = new Hono();
  const { data } = api;

  app.get('/:auditId', async (c) => {
    parseQuery({}, c.req.query());
    return sendJson(api, c, await requireAudit(api, c.req.param('auditId')));
  });

  app.get('/:auditId/questions', async (c) => {
    // Results carry cosine matrices and best matches: small pages.
    const { offset, limit } = parseQuery(pageParams(20, 100), c.req.query());
    const audit = await requireAudit(api, c.req.param('auditId'));
    const total = (await data.auditIndex(audit)).byUnit.size;
    const items = await data.store.listAuditQuestions(audit.id, { offset, limit });
    const page: Page<AuditQuestionRecord> = { total, offset, limit, items };
    return sendJson(api, c, page);
  });

  return app;
}

async function requireAudit(api: ApiContext, auditId: string): Promise<AuditRecord> {
  const audit = await api.data.store.getAudit(auditId);
  if (audit === undefined) throw notFound('audit', auditId);
  return audit;
}
