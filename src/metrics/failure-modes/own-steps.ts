import { sameAnswer } from '../cara/same-answer.js';

/** Text reduced to its words, so copies differing in case, spacing or punctuation still match. */
export function stepKey(step: string): string {
  return (step.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');
}

/**
 * Steps of an agent's final turn that are its own: not a copy (same words,
 * see `stepKey`) of a step another agent wrote in an earlier round. FM4
 * looks for agents with none.
 */
export function countOwnSteps(finalSteps: readonly string[], earlierPeerSteps: Iterable<string>): number {
  const copied = new Set<string>();
  for (const step of earlierPeerSteps) copied.add(stepKey(step));
  return finalSteps.filter((step) => !copied.has(stepKey(step))).length;
}

/**
 * Whether the agent changed its answer during the unit: some earlier
 * parseable answer differs from its final one (the last entry). Unparsed
 * earlier rounds are not a different answer.
 */
export function movedAnswer(answers: ReadonlyArray<string | null>): boolean {
  const final = answers.at(-1) ?? null;
  if (final === null) return false;
  return answers.slice(0, -1).some((answer) => answer !== null && !sameAnswer(answer, final));
}
