import type { DebateParams } from '../../spec/debate-params.js';
import type { VoteEvent } from '../../spec/trace.js';
import { seededPick } from '../../util/seed.js';

/** Current answers of the counted agents, as stated (null: unparsed, ambiguous or failed). */
export type AnswerSheet = ReadonlyMap<string, string | null>;

/** Whether two stated answers are the same answer (the dataset's answer equality). */
export type AnswerEquality = (a: string, b: string) => boolean;

/**
 * Counts answers under the dataset's answer equality: equal answers form
 * one class, named by its most frequent spelling (ties: the first in sort
 * order), so `Canberra` and `canberra` are two votes for one answer. The
 * largest class wins. A tie at the top is broken, and recorded in the vote,
 * by `tieBreak`: `seeded` — a seeded draw among the tied names (sorted
 * first, so the draw does not depend on agent order); `first` — the tied
 * class whose answer was given first in agent order (the order of
 * `answers`), as Du et al.'s `most_frequent` does.
 */
export function majorityVote(round: number, answers: AnswerSheet, tieSeed: number, same: AnswerEquality, tieBreak: DebateParams['tieBreak'] = 'seeded'): Omit<VoteEvent, 'type'> & { type: 'vote' } {
  const classes = answerClasses([...answers.values()].filter((answer): answer is string => answer !== null), same);
  const tally: Record<string, number> = {};
  for (const members of classes) tally[className(members)] = members.length;
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
  if (tieBreak === 'first') {
    // classes are formed in agent order, so the first tied class is the one given first
    const first = classes.map(className).find((name) => tied.includes(name))!;
    return { ...base, winner: first, tieBreak: { tied, rule: 'first', drawn: first } };
  }
  const drawn = seededPick(tied, tieSeed);
  return { ...base, winner: drawn, tieBreak: { tied, seed: tieSeed, drawn } };
}

// Each answer joins the first class holding an equal answer, in the order given.
function answerClasses(answers: readonly string[], same: AnswerEquality): string[][] {
  const classes: string[][] = [];
  for (const answer of answers) {
    const home = classes.find((members) => members.some((member) => member === answer || same(member, answer)));
    if (home === undefined) classes.push([answer]);
    else home.push(answer);
  }
  return classes;
}

function className(members: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const member of members) counts.set(member, (counts.get(member) ?? 0) + 1);
  return [...counts.entries()].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))[0]![0];
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
