import type { UnitSummary } from '../spec/store.js';

/**
 * Each agent's answers per round with the rounds it did not speak in left
 * `undefined` (muted agents, and rounds after its last turn), so that
 * metrics count only the turns that were taken: `null` remains an unparsed
 * or ambiguous answer. Index = round.
 */
export function spokenAnswers(summary: UnitSummary): Record<string, Array<string | null | undefined>> {
  const spoken: Record<string, Array<string | null | undefined>> = {};
  for (const [agent, answers] of Object.entries(summary.answersByRound)) {
    const silent = new Set(summary.silentRounds?.[agent] ?? []);
    spoken[agent] = answers.map((answer, round) => (silent.has(round) ? undefined : answer));
  }
  return spoken;
}
