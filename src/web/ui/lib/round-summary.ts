import { cellKey, turnAnswer, type TraceModel } from './trace-model.js';

/** One round of the agent × round grid in a line: who answered what, and whether the speakers agreed. */
export interface RoundSummary {
  round: number;
  /** Each agent's answer as shown (`muted`, `silent` when it did not speak). */
  answers: Array<{ agent: string; answer: string; spoke: boolean }>;
  /** Agents that spoke (a selected turn), muted and silent ones excluded. */
  speakers: number;
  /**
   * Every speaker gave the same parseable answer: the runner's verdict
   * (`final.unanimousByRound`, under the dataset's answer equality) when the
   * trace records it, else equal answer texts — the rule the run page's
   * per-round agreement uses (`answerDynamics`).
   */
  unanimous: boolean;
  /** Answers of the speakers with their counts, most frequent first (ties in speaking order). */
  tally: Array<{ answer: string; count: number }>;
}

/** The summary line of each round, oldest first. */
export function roundSummaries(model: TraceModel): RoundSummary[] {
  return model.rounds.map((round) => {
    const answers = model.agents.map((agent) => {
      const cell = model.cells.get(cellKey(agent, round));
      if (cell?.selected === undefined) return { agent, answer: cell?.muted === undefined ? 'silent' : 'muted', spoke: false };
      return { agent, answer: turnAnswer(cell.selected), spoke: true };
    });
    const spoken = model.agents.flatMap((agent) => {
      const turn = model.cells.get(cellKey(agent, round))?.selected;
      return turn === undefined ? [] : [turn.parsed.answer.status === 'ok' ? (turn.parsed.answer.value ?? null) : null];
    });
    const recorded = model.final?.unanimousByRound?.[round];
    const unanimous = recorded ?? (spoken.length > 0 && spoken.every((answer) => answer !== null && answer === spoken[0]));
    const counts = new Map<string, number>();
    for (const entry of answers) if (entry.spoke) counts.set(entry.answer, (counts.get(entry.answer) ?? 0) + 1);
    const tally = [...counts].map(([answer, count]) => ({ answer, count })).sort((a, b) => b.count - a.count);
    return { round, answers, speakers: spoken.length, unanimous, tally };
  });
}

/** `round 0 · Agent A: B, Agent B: B, Agent C: C · split: B ×2, C ×1`, the line a collapsed round shows. */
export function roundLine(summary: RoundSummary): string {
  const answers = summary.answers.map((entry) => `${entry.agent}: ${entry.answer}`).join(', ');
  const spoke = summary.speakers < summary.answers.length ? ` (${summary.speakers} of ${summary.answers.length} spoke)` : '';
  const verdict =
    summary.speakers === 0
      ? 'nobody spoke'
      : summary.unanimous
        ? `unanimous: ${summary.tally[0]!.answer}${spoke}`
        : `split: ${summary.tally.map((entry) => `${entry.answer} ×${entry.count}`).join(', ')}${spoke}`;
  return `round ${summary.round} · ${answers} · ${verdict}`;
}
