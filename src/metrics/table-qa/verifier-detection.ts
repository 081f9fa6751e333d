import { EvidenceSources } from '../../protocols/shared-log/evidence-sources.js';
import { type AnswerMeta, type LogEntry, answerMeta } from '../../spec/log-entry.js';
import { verifyAnswer } from '../../protocols/shared-log/verify-answer.js';
import type { Question } from '../../spec/question.js';

/** Errors injected into a proposed answer: `arithmetic` (result off by 10 %), `unit` (a thousands/millions mix-up, ×1000). */
export const INJECTED_ERRORS = ['arithmetic', 'unit'] as const;
export type InjectedError = (typeof INJECTED_ERRORS)[number];

/** The answer with an error injected; undefined when the answer is not a number. */
export function injectError(meta: AnswerMeta, kind: InjectedError): AnswerMeta | undefined {
  if (typeof meta.answer !== 'number') return undefined;
  const answer = kind === 'arithmetic' ? meta.answer * 1.1 : meta.answer * 1000;
  return { ...meta, answer: Number(answer.toPrecision(12)) };
}

/** Detection counts of one injected error kind. */
export interface DetectionCount {
  injected: number;
  detected: number;
  /** detected / injected; null when nothing could be injected. */
  rate: number | null;
}

/** The verifier's detection rate per injected error kind. */
export interface VerifierDetection {
  /** ANSWER entries the verifier passed as proposed (the ones errors are injected into). */
  baseline: number;
  byKind: Record<InjectedError, DetectionCount>;
}

/**
 * Measures how often `verifyAnswer` (deterministic, no model) catches an
 * error injected into a proposed answer: for each unit's latest ANSWER that
 * is numeric and passes as proposed, each error kind is injected and the
 * ANSWER re-verified against the same log; a failed verdict is a detection.
 * Reads stored logs only (`logEntriesFromEvents`), so it re-scores traces.
 */
export function verifierDetection(units: ReadonlyArray<{ question: Question; entries: readonly LogEntry[] }>, quoteMatch: 'exact' | 'loose' = 'loose'): VerifierDetection {
  const counts = Object.fromEntries(INJECTED_ERRORS.map((kind) => [kind, { injected: 0, detected: 0 }])) as Record<InjectedError, { injected: number; detected: number }>;
  let baseline = 0;
  for (const { question, entries } of units) {
    const answer = entries.findLast((entry) => entry.accepted && entry.type === 'ANSWER');
    if (answer === undefined) continue;
    const sources = new EvidenceSources(question, quoteMatch);
    if (!verifyAnswer({ question, answer, entries, sources }).passed) continue;
    baseline += 1;
    for (const kind of INJECTED_ERRORS) {
      const injected = injectError(answerMeta(answer), kind);
      if (injected === undefined) continue;
      counts[kind].injected += 1;
      const mutated: LogEntry = { ...answer, meta: { ...answer.meta, ...injected } };
      if (!verifyAnswer({ question, answer: mutated, entries, sources }).passed) counts[kind].detected += 1;
    }
  }
  const byKind = Object.fromEntries(
    INJECTED_ERRORS.map((kind) => [kind, { ...counts[kind], rate: counts[kind].injected === 0 ? null : counts[kind].detected / counts[kind].injected }]),
  ) as Record<InjectedError, DetectionCount>;
  return { baseline, byKind };
}
