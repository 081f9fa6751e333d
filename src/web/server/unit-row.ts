import type { UnitRecord, UnitStatus, UnitSummary } from '../../spec/store.js';
import type { UnitOutcome, UnitRow } from './api-types.js';

/** What decides a unit's outcome: its status and three fields of its summary (null when it has none). */
export interface OutcomeFields {
  status: UnitStatus;
  answerStatus: UnitSummary['answerStatus'] | null;
  correct: boolean | null;
}

/**
 * How a unit ended. Unparsed and ambiguous final answers are their own
 * outcome (never correct, DESIGN §6); answered units of questions without
 * a gold answer are `ungraded`. A finished unit without a summary is
 * `failed`. One rule for a unit read whole and for a group counted by the
 * store (`RunOverview`).
 */
export function outcomeOf({ status, answerStatus, correct }: OutcomeFields): UnitOutcome {
  if (status === 'pending') return 'pending';
  if (status === 'failed' || answerStatus === null) return 'failed';
  if (answerStatus !== 'ok') return 'unparsed';
  if (correct === null) return 'ungraded';
  return correct ? 'correct' : 'wrong';
}

/** How a unit ended (see `outcomeOf`). */
export function unitOutcome(unit: UnitRecord): UnitOutcome {
  return outcomeOf({ status: unit.status, answerStatus: unit.summary?.answerStatus ?? null, correct: unit.summary?.correct ?? null });
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
