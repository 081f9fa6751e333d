import type { UnitRoundSummary } from '../../spec/store.js';
import { isAnswerTurn, type TraceEvent, type TurnEvent } from '../../spec/trace.js';
import { argumentDiversity } from './argument-diversity.js';
import { contentWords } from './content-words.js';
import { peerReference } from './peer-reference.js';

/**
 * Per-round accounting and protocol dynamics of one unit, computed from its
 * events when the unit is summarised (so `quorum show` needs no events):
 * calls and tokens of every model call (drafts and judge rankings
 * included), and over the turns that count (selected drafts) the PRR
 * numerator and the round's argument diversity. Index = round.
 */
export function summarizeRounds(events: readonly TraceEvent[]): UnitRoundSummary[] {
  const rounds: UnitRoundSummary[] = [];
  const turnsByRound: TurnEvent[][] = [];
  const at = (round: number): UnitRoundSummary => {
    while (rounds.length <= round) rounds.push({ calls: 0, tokens: 0, turns: 0, peerReferences: 0, argumentDiversity: null });
    return rounds[round]!;
  };
  for (const event of events) {
    if (event.type !== 'turn' && event.type !== 'judge-rank' && event.type !== 'ballot') continue;
    const round = at(event.round);
    round.calls += 1;
    round.tokens += event.usage.promptTokens + event.usage.completionTokens;
    if (isAnswerTurn(event)) {
      round.turns += 1;
      if (peerReference(event) !== null) round.peerReferences += 1;
      (turnsByRound[event.round] ??= []).push(event);
    }
  }
  rounds.forEach((round, index) => {
    round.argumentDiversity = argumentDiversity((turnsByRound[index] ?? []).map((turn) => contentWords(turn.parsed.rationale)));
  });
  return rounds;
}
