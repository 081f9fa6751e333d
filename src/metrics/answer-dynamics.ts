import type { UnitSummary } from '../spec/store.js';
import { spokenAnswers } from './spoken-answers.js';

/** Answer dynamics across rounds, as reported by DebateLLM. */
export interface AnswerDynamics {
  /** Turns whose answer differs from the same agent's answer one round earlier. */
  answerChanges: number;
  /** Changes from the gold answer to another answer. */
  correctToWrong: number;
  /** Changes from another answer to the gold answer. */
  wrongToCorrect: number;
  /** Per round: share of units whose speaking agents all gave the same parseable answer (units that reached the round; muted agents are not counted). */
  agreementByRound: number[];
  /** Per round: share of agent answers that are correct (units with a gold answer that reached the round). */
  accuracyByRound: number[];
  /** Units by the first round in which any agent gave the gold answer (`never`: no round). */
  firstCorrectRound: Record<string, number>;
}

/**
 * Computes answer changes and flips from per-round answers. A change is
 * counted between two consecutive rounds in which the agent spoke and gave a
 * parseable answer both times; unparsed and silent (muted) rounds neither
 * start nor end a change, and per-round agreement and accuracy count the
 * agents that spoke (`spokenAnswers`).
 * Correctness and per-round agreement are the runner's (the dataset's scorer
 * and answer equality, `correctByRound` / `unanimousByRound`); summaries
 * written before the runner scored turns fall back to comparing canonical
 * answers with the gold text.
 */
export function answerDynamics(summaries: readonly UnitSummary[]): AnswerDynamics {
  let answerChanges = 0;
  let correctToWrong = 0;
  let wrongToCorrect = 0;
  const agreeCounts: Array<[number, number]> = [];
  const correctCounts: Array<[number, number]> = [];
  const firstCorrectRound: Record<string, number> = {};

  for (const summary of summaries) {
    // silent (muted) rounds are undefined here, so they are no speakers
    const spoken = spokenAnswers(summary);
    const agents = Object.values(spoken);
    const rounds = Math.max(0, ...agents.map((answers) => answers.length));
    let firstCorrect: number | undefined;
    const names = Object.keys(spoken);
    const isCorrect = (agent: string, round: number): boolean => {
      const recorded = summary.correctByRound?.[agent];
      return recorded === undefined ? summary.answersByRound[agent]?.[round] === summary.gold : recorded[round] === true;
    };
    for (let round = 0; round < rounds; round++) {
      const speakers = names.filter((agent) => spoken[agent]![round] !== undefined);
      const answers = speakers.map((agent) => spoken[agent]![round]);
      const agree = (agreeCounts[round] ??= [0, 0]);
      agree[1] += 1;
      const unanimous = summary.unanimousByRound?.[round] ?? (answers.length > 0 && answers.every((answer) => answer !== null && answer === answers[0]));
      if (unanimous) agree[0] += 1;
      if (summary.gold !== null) {
        const correct = (correctCounts[round] ??= [0, 0]);
        correct[1] += answers.length;
        const right = speakers.filter((agent) => isCorrect(agent, round)).length;
        correct[0] += right;
        if (right > 0 && firstCorrect === undefined) firstCorrect = round;
      }
    }
    for (const agent of names) {
      const perRound = spoken[agent]!;
      for (let round = 1; round < perRound.length; round++) {
        const before = perRound[round - 1];
        const after = perRound[round];
        if (before === null || after === null || before === undefined || after === undefined || before === after) continue;
        answerChanges += 1;
        if (summary.gold === null) continue;
        const [was, is] = [isCorrect(agent, round - 1), isCorrect(agent, round)];
        if (was && !is) correctToWrong += 1;
        if (!was && is) wrongToCorrect += 1;
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
