import type { UnitRecord } from '../../spec/store.js';
import type { UnitOutcome, UnitRow } from './api-types.js';

/**
 * How a unit ended. Unparsed and ambiguous final answers are their own
 * outcome (never correct, DESIGN §6); answered units of questions without
 * a gold answer are `ungraded`.
 */
export function unitOutcome(unit: UnitRecord): UnitOutcome {
  if (unit.status === 'pending') return 'pending';
  if (unit.status === 'failed') return 'failed';
  const summary = unit.summary;
  if (summary === null) return 'failed';
  if (summary.answerStatus !== 'ok') return 'unparsed';
  if (summary.correct === null) return 'ungraded';
  return summary.correct ? 'correct' : 'wrong';
}

/** A unit as one row of the per-question table (audit scores are joined later). */
export function unitRow(unit: UnitRecord): UnitRow {
  const summary = unit.summary;
  return {
    id: unit.id,
    questionId: unit.questionId,
    protocol: unit.protocol,
    seed: unit.seed,
    status: unit.status,
    outcome: unitOutcome(unit),
    answer: summary?.answer ?? null,
    gold: summary?.gold ?? null,
    unanimous: summary?.unanimous ?? null,
    roundsRun: summary?.roundsRun ?? null,
    calls: summary?.calls ?? null,
    tokens: summary === null ? null : summary.usage.promptTokens + summary.usage.completionTokens,
    costUsd: summary?.costUsd ?? null,
    latencyMs: summary?.latencyMs ?? null,
    errors: summary?.errors ?? null,
    agents: summary === null ? null : Object.keys(summary.answersByRound).length,
    agreementSize: null,
    questionText: null,
    audit: null,
  };
}
