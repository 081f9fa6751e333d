import { countOwnSteps } from '../metrics/failure-modes/own-steps.js';
import { segmentSteps } from '../parsing/segment-steps.js';
import type { UnitRecord } from '../spec/store.js';
import { isAnswerTurn, type TraceEvent, type TurnEvent } from '../spec/trace.js';

/** One agent of a unit, as the audit needs it. */
export interface AgentAuditInput {
  name: string;
  /** Final answer (of the agent's last turn), null when unparsed or ambiguous. */
  answer: string | null;
  /** Answers by round up to the final turn (null: unparsed, ambiguous or silent). */
  answers: Array<string | null>;
  /** Steps of the final turn's rationale, capped. */
  steps: string[];
  /** Steps that are not copies of another agent's earlier-round steps. */
  ownSteps: number;
}

/** Everything the audit reads from one unit. */
export interface UnitAuditInput {
  unitId: string;
  questionId: string;
  protocol: string;
  seed: number;
  /** The aggregated (final) answer, null when unparsed, ambiguous or missing. */
  aggregated: string | null;
  gold: string | null;
  correct: boolean | null;
  /** S(q) as the runner recorded it with the dataset's answer equality; absent in older traces. */
  agreement?: string[];
  agents: AgentAuditInput[];
  /** Expert scoring points for CARA-GT, when the question has them. */
  scoringPoints: string[] | null;
}

/**
 * Reads a unit's trace into audit input. Each agent's final turn is its
 * last selected turn (a muted agent's last turn is from an earlier
 * round); its steps come from `segmentSteps` (GDP: one step per item; free
 * text: segmented) with the step cap. Agents appear in the order they
 * first spoke.
 */
export function unitAuditInput(unit: UnitRecord, events: readonly TraceEvent[], options: { stepCap: number; scoringPoints?: readonly string[] }): UnitAuditInput {
  const turnsByAgent = new Map<string, TurnEvent[]>();
  let final: Extract<TraceEvent, { type: 'final' }> | undefined;
  for (const event of events) {
    // With drafts, the judge's pick is the agent's turn; the others are alternatives (as in summarizeUnit).
    if (isAnswerTurn(event)) {
      const turns = turnsByAgent.get(event.agent) ?? [];
      turns.push(event);
      turnsByAgent.set(event.agent, turns);
    }
    if (event.type === 'final') final = event;
  }
  const stepCache = new Map<TurnEvent, string[]>();
  const stepsOf = (turn: TurnEvent): string[] => {
    let steps = stepCache.get(turn);
    if (steps === undefined) {
      steps = segmentSteps(turn.parsed, { cap: options.stepCap });
      stepCache.set(turn, steps);
    }
    return steps;
  };
  const agents = [...turnsByAgent.entries()].map(([name, turns]): AgentAuditInput => {
    const last = turns.reduce((latest, turn) => (turn.round >= latest.round ? turn : latest));
    const answers: Array<string | null> = Array.from({ length: last.round + 1 }, () => null);
    for (const turn of turns) answers[turn.round] = answerOf(turn);
    const steps = stepsOf(last);
    const earlierPeerSteps = [...turnsByAgent.entries()]
      .filter(([peer]) => peer !== name)
      .flatMap(([, peerTurns]) => peerTurns.filter((turn) => turn.round < last.round).flatMap(stepsOf));
    return { name, answer: answerOf(last), answers, steps, ownSteps: countOwnSteps(steps, earlierPeerSteps) };
  });
  const points = options.scoringPoints?.map((point) => point.replace(/\s+/g, ' ').trim()).filter((point) => point !== '');
  return {
    unitId: unit.id,
    questionId: unit.questionId,
    protocol: unit.protocol,
    seed: unit.seed,
    aggregated: final?.answer.status === 'ok' ? final.answer.value : null,
    gold: final?.gold ?? null,
    correct: final?.correct ?? null,
    ...(final?.agreement === undefined ? {} : { agreement: final.agreement }),
    agents,
    scoringPoints: points === undefined || points.length === 0 ? null : points,
  };
}

function answerOf(turn: TurnEvent): string | null {
  return turn.parsed.answer.status === 'ok' ? turn.parsed.answer.value : null;
}
