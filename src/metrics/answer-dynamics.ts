import type { UnitSummary } from '../spec/store.js';

/** Answer dynamics across rounds, as reported by DebateLLM. */
export interface AnswerDynamics {
  /** Turns whose answer differs from the same agent's answer one round earlier. */
  answerChanges: number;
  /** Changes from the gold answer to another answer. */
  correctToWrong: number;
  /** Changes from another answer to the gold answer. */
  wrongToCorrect: number;
  /** Per round: share of units whose agents all gave the same parseable answer (units that reached the round). */
  agreementByRound: number[];
  /** Per round: share of agent answers that are correct (units with a gold answer that reached the round). */
  accuracyByRound: number[];
  /** Units by the first round in which any agent gave the gold answer (`never`: no round). */
  firstCorrectRound: Record<string, number>;
}

/**
 * Computes answer changes and flips from per-round answers. A change is
 * counted between two consecutive rounds in which the agent spoke and gave a
 * parseable answer both times; unparsed rounds neither start nor end a change.
 */
export function answerDynamics(summaries: readonly UnitSummary[]): AnswerDynamics {
  let answerChanges = 0;
  let correctToWrong = 0;
  let wrongToCorrect = 0;
  const agreeCounts: Array<[number, number]> = [];
  const correctCounts: Array<[number, number]> = [];
  const firstCorrectRound: Record<string, number> = {};

  for (const summary of summaries) {
    const agents = Object.values(summary.answersByRound);
    const rounds = Math.max(0, ...agents.map((answers) => answers.length));
    let firstCorrect: number | undefined;
    for (let round = 0; round < rounds; round++) {
      const answers = agents.map((perRound) => perRound[round]).filter((answer) => answer !== undefined);
      const agree = (agreeCounts[round] ??= [0, 0]);
      agree[1] += 1;
      if (answers.length > 0 && answers.every((answer) => answer !== null && answer === answers[0])) agree[0] += 1;
      if (summary.gold !== null) {
        const correct = (correctCounts[round] ??= [0, 0]);
        correct[1] += answers.length;
        const right = answers.filter((answer) => answer === summary.gold).length;
        correct[0] += right;
        if (right > 0 && firstCorrect === undefined) firstCorrect = round;
      }
    }
    for (const perRound of agents) {
      for (let round = 1; round < perRound.length; round++) {
        const before = perRound[round - 1];
        const after = perRound[round];
        if (before === null || after === null || before === undefined || after === undefined || before === after) continue;
        answerChanges += 1;
        if (summary.gold !== null && before === summary.gold) correctToWrong += 1;
        if (summary.gold !== null && after === summary.gold) wrongToCorrect += 1;
      }
    }
    if (summary.gold !== null) {
      const key = firstCorrect === undefined ? 'never' : String(firstCorrect);
      firstCorrectRound[key] = (firstCorrectRound[key] ?? 0) + 1;
    }
  }
  const ratio = ([hit, total]: [number, number]): number => (total === 0 ? 0 : hit / total);
  return {
    answerChanges,
    correctToWrong,
    wrongToCorrect,
    agreementByRound: agreeCounts.map(ratio),
    accuracyByRound: correctCounts.map(ratio),
    firstCorrectRound,
  };
}
