import { statedAnswer } from '../spec/answer.js';
import type { Question } from '../spec/question.js';
import type { Scorer } from '../spec/scorer.js';
import { isAnswerTurn, type FinalEvent, type ProtocolEventInput, type TraceEvent } from '../spec/trace.js';
import { goldText } from '../metrics/score-answer.js';
import { predictionOf } from '../metrics/scorers/prediction-of.js';

type ProtocolFinal = Extract<ProtocolEventInput, { type: 'final' }>;

/**
 * Completes a protocol's `final` event with what only the runner may know:
 * the gold, the scorer's verdict and metric values, and the agreement set
 * S(q) — the agents whose last answer equals the aggregated one under the
 * dataset's answer equality (the same equality the protocol's vote used).
 */
export function scoreFinal(final: ProtocolFinal, earlier: readonly TraceEvent[], question: Question, scorer: Scorer): FinalEvent {
  const score = scorer.score(predictionOf(final.answer), question);
  const aggregated = statedAnswer(final.answer);
  const agreement = aggregated === null ? [] : [...lastAnswers(earlier)].filter(([, answer]) => answer !== null && scorer.equivalent(answer, aggregated, question)).map(([agent]) => agent);
  return {
    ...final,
    answer: final.answer as FinalEvent['answer'],
    gold: goldText(question.gold),
    correct: score.correct,
    scorer: scorer.name,
    scores: { ...score.metrics },
    agreement,
    unanimousByRound: unanimousByRound(earlier, scorer, question),
  };
}

// Per round, the selected turns' answers: unanimous when all parsed and all equal the first.
function unanimousByRound(events: readonly TraceEvent[], scorer: Scorer, question: Question): boolean[] {
  const rounds: Array<Array<string | null>> = [];
  for (const event of events) if (isAnswerTurn(event)) (rounds[event.round] ??= []).push(statedAnswer(event.parsed.answer));
  return Array.from(rounds, (answers = []) => {
    const first = answers[0];
    return first !== undefined && first !== null && answers.every((answer) => answer !== null && (answer === first || scorer.equivalent(answer, first, question)));
  });
}

// Each agent's answer in its last selected turn, in the order agents first spoke.
function lastAnswers(events: readonly TraceEvent[]): Map<string, string | null> {
  const answers = new Map<string, string | null>();
  for (const event of events) if (isAnswerTurn(event)) answers.set(event.agent, statedAnswer(event.parsed.answer));
  return answers;
}
