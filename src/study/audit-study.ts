import { createEmbeddingProvider } from '../audit/create-embedding-provider.js';
import { createNliProvider } from '../audit/create-nli-provider.js';
import { auditRuns } from '../audit-runner/audit-runs.js';
import type { EmbeddingProvider, NliProvider } from '../spec/audit.js';
import type { TraceStore } from '../spec/store.js';
import type { Clock } from '../util/clock.js';
import { auditIsComplete, auditMatchesSettings, type StudyAuditSettings } from './study-audit.js';

/** Creates the audit models of a study (tests inject deterministic ones); `store` caches an `llm:` NLI's completions. */
export type AuditProviderFactory = (settings: StudyAuditSettings, context: { store: TraceStore }) => Promise<{ embedding: EmbeddingProvider; nli: NliProvider }>;

/** Creates the providers the study file names (docs/audit-models.md). */
export const createStudyAuditProviders: AuditProviderFactory = async (settings, context) => {
  const embedding = await createEmbeddingProvider(settings.embed);
  try {
    return { embedding, nli: await createNliProvider(settings.nli, { completionCache: context.store }) };
  } catch (error) {
    await embedding.close?.();
    throw error;
  }
};

/** What `auditStudy` did. */
export interface StudyAuditOutcome {
  /** Runs audited now. */
  audited: string[];
  /** Runs whose stored audit already matched the study's settings and covered every unit. */
  current: string[];
}

/**
 * Audits the runs of a study with its audit settings, in one pass (each
 * model is called in a few batches for all runs). A run whose newest
 * matching audit already covers all its finished units is not audited
 * again, so re-running a finished study adds no duplicate audits.
 */
export async function auditStudy(options: {
  store: TraceStore;
  runIds: readonly string[];
  settings: StudyAuditSettings;
  createProviders?: AuditProviderFactory;
  clock?: Clock;
  newAuditId?: () => string;
}): Promise<StudyAuditOutcome> {
  const { store, settings } = options;
  const pending: string[] = [];
  const current: string[] = [];
  for (const runId of new Set(options.runIds)) {
    const counts = await store.countUnits(runId);
    const existing = (await store.listAudits(runId)).find((audit) => auditMatchesSettings(audit, settings));
    if (existing !== undefined && auditIsComplete(existing, counts.done + counts.failed)) current.push(runId);
    else pending.push(runId);
  }
  if (pending.length === 0) return { audited: [], current };
  const providers = await (options.createProviders ?? createStudyAuditProviders)(settings, { store });
  try {
    await auditRuns({
      store,
      runIds: pending,
      embedding: providers.embedding,
      nli: providers.nli,
      tau: settings.tau,
      ...(settings.stepCap === undefined ? {} : { stepCap: settings.stepCap }),
      ...(options.clock === undefined ? {} : { clock: options.clock }),
      ...(options.newAuditId === undefined ? {} : { newAuditId: options.newAuditId }),
    });
  } finally {
    await providers.embedding.close?.();
    await providers.nli.close?.();
  }
  return { audited: pending, current };
}
