import type { ParsedAnswer } from '../spec/answer.js';
import type { Usage } from '../spec/chat.js';
import type { UnitResult } from '../spec/store.js';
import { ServeError } from './serve-error.js';

/** One agent's turn, as the `quorum` extension field of a reply shows it. */
export interface ServedTurn {
  agent: string;
  round: number;
  /** The answer parsed from the turn, or null when none could be read. */
  answer: string | null;
  /** The turn's rationale (GDP: its steps joined). */
  rationale: string;
}

/** What one served request produced: the stored unit and its final answer. */
export interface ServedAnswer {
  runId: string;
  unitId: string;
  questionId: string;
  preset: string;
  /** The aggregated answer as the agents stated it; empty when no agent gave a readable one (`answer.status` says why). */
  content: string;
  answer: ParsedAnswer;
  /** Agents whose final answer is the aggregated one. */
  agreement: string[];
  roundsRun: number;
  /** Every selected turn (drafts the judge did not pick are left out), in the order spoken. */
  turns: ServedTurn[];
  /** Summed over every model call of the unit (agents, judge). */
  usage: Usage;
  calls: number;
  costUsd: number | null;
}

/**
 * Reads a finished unit into the answer of a request. A failed unit
 * (stored as such) becomes a `ServeError`: 502 when a backend failed, 500
 * otherwise; the message names the run and unit, whose trace holds the rest.
 */
export function servedAnswerOf(result: UnitResult, ids: { runId: string; unitId: string; questionId: string; preset: string }): ServedAnswer {
  const final = result.events.find((event) => event.type === 'final');
  if (result.status === 'failed' || final?.type !== 'final') {
    const error = result.events.find((event) => event.type === 'error');
    const message = error?.type === 'error' ? error.message : 'the protocol ended without a final answer';
    const upstream = error?.type === 'error' && error.code.startsWith('BACKEND_');
    throw new ServeError(upstream ? 502 : 500, error?.type === 'error' ? error.code : 'protocol_failed', `${upstream ? 'an agent\'s backend failed' : 'the protocol failed'}: ${message}`, {
      hint: `stored as failed unit ${ids.unitId} of run ${ids.runId}; \`quorum show ${ids.runId}\` lists it`,
    });
  }
  const turns: ServedTurn[] = result.events.flatMap((event) =>
    event.type === 'turn' && event.selected ? [{ agent: event.agent, round: event.round, answer: event.parsed.answer.value, rationale: event.parsed.rationale }] : [],
  );
  return {
    ...ids,
    content: final.answer.text ?? final.answer.value ?? '',
    answer: final.answer,
    agreement: final.agreement ?? [],
    roundsRun: final.roundsRun,
    turns,
    usage: result.summary.usage,
    calls: result.summary.calls,
    costUsd: result.summary.costUsd,
  };
}
