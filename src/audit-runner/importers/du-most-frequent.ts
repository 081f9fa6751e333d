/**
 * Du et al.'s final answer (`most_frequent` in their eval scripts): the
 * answer given most often, a tie going to the one met first in agent
 * order; agents whose answer did not parse do not vote. Null when none did.
 */
export function duMostFrequent(answers: ReadonlyArray<string | null>): string | null {
  let best: string | null = null;
  let bestCount = 0;
  for (const answer of answers) {
    if (answer === null) continue;
    const count = answers.filter((other) => other === answer).length;
    if (count > bestCount) {
      best = answer;
      bestCount = count;
    }
  }
  return best;
}
