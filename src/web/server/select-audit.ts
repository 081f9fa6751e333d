import type { AuditRecord } from '../../spec/audit-result.js';
import type { RunRecord } from '../../spec/store.js';
import type { ApiContext } from './api-context.js';
import { ApiError } from './api-error.js';

/**
 * The audit whose scores the table shows: the one named (it must belong to
 * the run), none for `none`, or by default the run's newest audit. Its own
 * module: the run routes, the unit routes, the index's matching rows and
 * the plan-order page all use it, and importing it from the run routes made
 * the last two import cycles.
 */
export async function selectAudit(api: ApiContext, run: RunRecord, auditId: string | undefined): Promise<AuditRecord | null> {
  if (auditId === 'none') return null;
  const audits = await api.data.store.listAudits(run.id);
  if (auditId === undefined) return audits[0] ?? null;
  const audit = audits.find((candidate) => candidate.id === auditId);
  if (audit === undefined) throw new ApiError(404, 'NOT_FOUND', `run "${run.id}" has no audit "${auditId}"`, 'the run page lists its audits');
  return audit;
}
