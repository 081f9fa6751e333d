import { randomBytes } from 'node:crypto';
import type { AuditModelCalls, EmbeddingProvider, NliProvider } from '../spec/audit.js';
import type { AuditQuestionRecord, AuditQuestionResult, AuditRecord, AuditSummary } from '../spec/audit-result.js';
import { ConfigError } from '../spec/errors.js';
import type { RunRecord, TraceStore } from '../spec/store.js';
import { isoNow, systemClock, type Clock } from '../util/clock.js';
import { auditCost, modelCallsSince } from './audit-cost.js';
import { auditLabel, auditSettings, type AuditChoices } from './audit-settings.js';
import { EmbeddingCache, type AuditProgress } from './embedding-cache.js';
import { labelFailureModes } from './label-failure-modes.js';
import { NliCache } from './nli-cache.js';
import { scoreUnits } from './score-units.js';
import { scoringPointsOf } from './scoring-points.js';
import { summarizeGroup } from './summarize-audit.js';
import { unitAuditInput, type UnitAuditInput } from './unit-audit-input.js';

/** What to audit and with what. */
export interface AuditRunsOptions extends AuditChoices {
  store: TraceStore;
  runIds: readonly string[];
  embedding: EmbeddingProvider;
  nli: NliProvider;
  /** Label of the stored audits (default: models and τ, e.g. `wordvec+heuristic τ=0.5 (fallback)`). */
  label?: string;
  clock?: Clock;
  newAuditId?: () => string;
  progress?: AuditProgress;
  batchSize?: { embed?: number; nli?: number };
}

/** One stored audit and its per-unit results. */
export interface RunAudit {
  run: RunRecord;
  audit: AuditRecord;
  questions: AuditQuestionRecord[];
}

/** What the whole invocation asked of the models (after de-duplication across runs and units). */
export interface AuditCalls {
  /** Distinct texts embedded. */
  embeddedTexts: number;
  /** Distinct NLI pairs classified. */
  nliPairs: number;
  /** NLI pairs asked for before de-duplication. */
  nliPairsRequested: number;
  durationMs: number;
  /** Chat-model calls of an `llm:` NLI during this pass. */
  nliModelCalls?: AuditModelCalls;
}

/** The audits of one invocation. */
export interface AuditRunsOutcome {
  audits: RunAudit[];
  calls: AuditCalls;
}

/** A new audit id: time-ordered prefix plus randomness. */
export function newAuditId(): string {
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `audit-${stamp}-${randomBytes(3).toString('hex')}`;
}

/**
 * Audits stored runs and stores one audit per run beside it (earlier
 * audits are kept). All runs' units are scored in one pass, so each model
 * is called in a few batches for the whole invocation; low-CARA cuts,
 * failure modes and summaries are per run.
 */
export async function auditRuns(options: AuditRunsOptions): Promise<AuditRunsOutcome> {
  const { store } = options;
  const settings = auditSettings(options.embedding.id, options.nli.id, options);
  const clock = options.clock ?? systemClock;
  const started = performance.now();
  const loaded: Array<{ run: RunRecord; inputs: UnitAuditInput[]; pending: number; warnings: string[] }> = [];
  for (const runId of options.runIds) {
    const run = await store.getRun(runId);
    if (run === undefined) throw new ConfigError(`no run "${runId}" in this store`, 'list runs with `quorum runs`, or pass a traces .jsonl file');
    const units = await store.listUnits(runId);
    const finished = units.filter((unit) => unit.status !== 'pending');
    const points = await scoringPointsOf(run.config);
    const inputs: UnitAuditInput[] = [];
    for (const unit of finished) {
      const scoringPoints = points.byQuestion.get(unit.questionId);
      inputs.push(unitAuditInput(unit, await store.getEvents(unit.id), { stepCap: settings.stepCap, ...(scoringPoints === undefined ? {} : { scoringPoints }) }));
    }
    loaded.push({ run, inputs, pending: units.length - finished.length, warnings: points.warnings });
  }

  const embeddings = new EmbeddingCache(options.embedding, options.batchSize?.embed === undefined ? {} : { batchSize: options.batchSize.embed });
  const callsBefore = options.nli.modelCalls?.();
  const nli = new NliCache(options.nli, options.batchSize?.nli === undefined ? {} : { batchSize: options.batchSize.nli });
  const scored: AuditQuestionResult[] = await scoreUnits(
    loaded.flatMap((entry) => entry.inputs),
    { embeddings, nli, settings, ...(options.progress === undefined ? {} : { progress: options.progress }) },
  );

  const callsAfter = options.nli.modelCalls?.();
  const nliCalls = callsBefore === undefined || callsAfter === undefined ? undefined : { ...modelCallsSince(callsBefore, callsAfter), sharedByRuns: loaded.length };
  const audits: RunAudit[] = [];
  let offset = 0;
  for (const entry of loaded) {
    const results = scored.slice(offset, offset + entry.inputs.length);
    offset += entry.inputs.length;
    const thresholds = labelFailureModes(results, settings.failureModes);
    const protocols = [...new Set(results.map((result) => result.protocol))];
    const lowRule = settings.failureModes.low;
    const fixedThreshold = lowRule.kind === 'threshold' ? lowRule.value : null;
    const summary: AuditSummary = {
      groups: protocols.map((protocol) =>
        summarizeGroup(
          protocol,
          results.filter((result) => result.protocol === protocol),
          settings,
          thresholds.get(protocol) ?? fixedThreshold,
        ),
      ),
      overall: summarizeGroup(protocols.length === 1 ? protocols[0]! : 'all', results, settings, protocols.length === 1 ? (thresholds.get(protocols[0]!) ?? fixedThreshold) : fixedThreshold),
      pendingUnits: entry.pending,
      ...auditCost(results),
      ...(nliCalls === undefined ? {} : { nliCalls }),
      warnings: entry.warnings,
    };
    const audit: AuditRecord = {
      id: (options.newAuditId ?? newAuditId)(),
      runId: entry.run.id,
      createdAt: isoNow(clock),
      label: options.label ?? auditLabel(settings),
      settings,
      summary,
    };
    const questions = results.map((result) => ({ ...result, auditId: audit.id }));
    await store.saveAudit(audit, questions);
    audits.push({ run: entry.run, audit, questions });
  }
  return {
    audits,
    calls: { embeddedTexts: embeddings.size, nliPairs: nli.size, nliPairsRequested: nli.requested, durationMs: performance.now() - started, ...(nliCalls === undefined ? {} : { nliModelCalls: nliCalls }) },
  };
}
