import type { DebateParams } from '../../spec/debate-params.js';
import type { VoteEvent } from '../../spec/trace.js';
import { seededPick } from '../../util/seed.js';

/** Current answers of the counted agents (null: unparsed, ambiguous or failed). */
export type AnswerSheet = ReadonlyMap<string, string | null>;

/**
 * Counts answers. The most frequent parseable answer wins; a tie at the top
 * is broken by a seeded draw among the tied values (sorted first, so the
 * draw does not depend on agent order) and recorded in the vote.
 */
export function majorityVote(round: number, answers: AnswerSheet, tieSeed: number): Omit<VoteEvent, 'type'> & { type: 'vote' } {
  const tally: Record<string, number> = {};
  for (const answer of answers.values()) {
    if (answer !== null) tally[answer] = (tally[answer] ?? 0) + 1;
  }
  const values = Object.keys(tally).sort();
  const top = Math.max(0, ...values.map((value) => tally[value]!));
  const tied = values.filter((value) => tally[value] === top);
  const parsed = [...answers.values()].filter((answer) => answer !== null);
  const base = {
    type: 'vote' as const,
    round,
    answers: Object.fromEntries(answers),
    tally,
    unanimous: answers.size > 0 && parsed.length === answers.size && values.length === 1,
  };
  if (tied.length === 0) return { ...base, winner: null };
  if (tied.length === 1) return { ...base, winner: tied[0]! };
  const drawn = seededPick(tied, tieSeed);
  return { ...base, winner: drawn, tieBreak: { tied, seed: tieSeed, drawn } };
}

/** Mean or median of numeric answers, as canonical number text; null when none parse. */
export function numericAggregate(method: 'mean' | 'median', answers: AnswerSheet): string | null {
  const numbers = [...answers.values()].filter((answer): answer is string => answer !== null).map(Number).filter(Number.isFinite);
  if (numbers.length === 0) return null;
  if (method === 'mean') return String(numbers.reduce((sum, value) => sum + value, 0) / numbers.length);
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return String(sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** Whether the aggregate method needs numeric answers. */
export function isNumericAggregate(aggregate: DebateParams['aggregate']): aggregate is 'mean' | 'median' {
  return aggregate === 'mean' || aggregate === 'median';
}
