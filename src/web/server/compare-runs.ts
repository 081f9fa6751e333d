import { comparePaired } from '../../analysis/paired-comparison.js';
import { unitObservation, type UnitObservation } from '../../analysis/unit-observations.js';
import { registeredMetrics } from '../../metrics/metric-registry.js';
import type { AuditQuestionRecord, AuditRecord } from '../../spec/audit-result.js';

/** Audit results read per store call. */
const AUDIT_PAGE = 500;
import type { RunRecord, TraceStore, UnitRecord } from '../../spec/store.js';
import type { ComparedMetric, ComparedPair, RunComparison } from './api-types.js';

/** The bootstrap of a study's default analysis (study-schema), so a comparison here matches `quorum study report`. */
export const COMPARE_BOOTSTRAP = { resamples: 2000, seed: 0 };

async function observations(store: TraceStore, run: RunRecord, audit: AuditRecord | null): Promise<{ units: UnitRecord[]; byKey: Map<string, { unit: UnitRecord; observation: UnitObservation }> }> {
  const units = await store.listUnits(run.id);
  const auditByUnit = new Map<string, AuditQuestionRecord>();
  for (let offset = 0; audit !== null; offset += AUDIT_PAGE) {
    const page = await store.listAuditQuestions(audit.id, { offset, limit: AUDIT_PAGE });
    for (const question of page) auditByUnit.set(question.unitId, question);
    if (page.length < AUDIT_PAGE) break;
  }
  const byKey = new Map<string, { unit: UnitRecord; observation: UnitObservation }>();
  for (const unit of units) {
    const observation = unitObservation(unit, auditByUnit.get(unit.id), { params: run.config.protocol.params });
    if (observation !== null) byKey.set(`${unit.questionId}\u0000${unit.seed}`, { unit, observation });
  }
  return { units, byKey };
}

/**
 * Pairs the finished units of two runs by (question, seed) and compares
 * every metric both have on those pairs with `comparePaired` — mean
 * difference a − b with its bootstrap CI, paired t, Wilcoxon, McNemar for
 * 0/1 metrics, effect sizes — the statistics of a study report.
 */
export async function compareRuns(store: TraceStore, a: { run: RunRecord; audit: AuditRecord | null }, b: { run: RunRecord; audit: AuditRecord | null }): Promise<RunComparison> {
  const [left, right] = [await observations(store, a.run, a.audit), await observations(store, b.run, b.audit)];
  const pairs: ComparedPair[] = [];
  const matched: Array<[UnitObservation, UnitObservation]> = [];
  for (const [key, first] of left.byKey) {
    const second = right.byKey.get(key);
    if (second === undefined) continue;
    matched.push([first.observation, second.observation]);
    const side = (unit: UnitRecord) => ({ unitId: unit.id, answer: unit.summary?.answer ?? null, correct: unit.summary?.correct ?? null });
    pairs.push({ questionId: first.unit.questionId, seed: first.unit.seed, a: side(first.unit), b: side(second.unit) });
  }
  const metrics: ComparedMetric[] = [];
  // every registered metric, as in a study report; a pair with n/a on either side is left out
  for (const { key: metric, label, binary } of registeredMetrics()) {
    const valuesA: number[] = [];
    const valuesB: number[] = [];
    for (const [first, second] of matched) {
      const x = first.values[metric];
      const y = second.values[metric];
      if (x === undefined || y === undefined) continue;
      valuesA.push(x);
      valuesB.push(y);
    }
    if (valuesA.length === 0) continue;
    metrics.push({ metric, label, comparison: comparePaired(valuesA, valuesB, { binary, bootstrap: COMPARE_BOOTSTRAP }) });
  }
  return {
    a: { runId: a.run.id, auditId: a.audit?.id ?? null, units: left.units.length },
    b: { runId: b.run.id, auditId: b.audit?.id ?? null, units: right.units.length },
    pairs,
    metrics,
    bootstrap: COMPARE_BOOTSTRAP,
  };
}
