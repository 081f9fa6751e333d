import { createEmbeddingProvider } from '../audit/create-embedding-provider.js';
import { createNliProvider } from '../audit/create-nli-provider.js';
import { auditRuns, type AuditRunsOptions, type AuditRunsOutcome } from '../audit-runner/audit-runs.js';
import type { EmbeddingProvider, NliProvider } from '../spec/audit.js';
import type { TraceStore } from '../spec/store.js';

/** What `audit` needs: the store and runs; providers by spec (default the offline `wordvec` and `heuristic`) or as objects. */
export interface AuditOptions extends Partial<Omit<AuditRunsOptions, 'store' | 'runIds' | 'embedding' | 'nli'>> {
  embedding?: string | EmbeddingProvider;
  nli?: string | NliProvider;
}

/**
 * Audits stored runs (CARA, contradictions, failure modes) without new
 * chat calls, as `quorum audit <run-id>` does, and stores the audits.
 */
export async function audit(store: TraceStore, runIds: readonly string[], options: AuditOptions = {}): Promise<AuditRunsOutcome> {
  const { embedding = 'wordvec', nli = 'heuristic', ...rest } = options;
  return auditRuns({
    ...rest,
    store,
    runIds,
    embedding: typeof embedding === 'string' ? await createEmbeddingProvider(embedding) : embedding,
    nli: typeof nli === 'string' ? await createNliProvider(nli) : nli,
  });
}
