import type { DebateParams } from '../../spec/debate-params.js';
import type { TurnRef } from '../../spec/trace.js';

/** A finished turn as the engine keeps it in memory. */
export interface TurnRecord extends TurnRef {
  /** The message as shown to other agents. */
  shown: string;
  /** The reply exactly as the backend returned it (Du et al.'s wording quotes it untouched). */
  reply: string;
  /** `summary`: the summarizer's condensation of its round, not an agent's answer. */
  kind?: 'summary';
}

/**
 * The turns an agent sees before speaking in `round` ≥ 1 (DESIGN §4):
 * - `self`: its own turns of all earlier rounds;
 * - `previous-round`: every agent's turn of round − 1 (Du et al.);
 * - `cross-round`: every agent's turns of all earlier rounds, none of this round;
 * - `within-round`: its own turn of round − 1, plus the peers who already spoke this round;
 * - `all-earlier`: every turn finished before this one, of every round, round 0 included
 *   (ChatEval's one-by-one: one message history that every speaker appends to);
 * - `summary`: only the summarizer's summary of round − 1 (ChatEval's simultaneous-talk-with-summarizer:
 *   the summary replaces the whole history, the agent's own earlier answers included).
 * Summaries are seen only under `summary`; under the other rules an agent sees agents' turns.
 * Muted agents have no turn in the rounds they sat out; their earlier turns stay visible.
 * `history` holds finished turns in the order they finished; the result keeps
 * rounds ascending and, within a round, `presentation` order.
 */
export function visibleTurns(
  visibility: DebateParams['visibility'],
  agent: string,
  round: number,
  history: readonly TurnRecord[],
  presentation: readonly string[],
): TurnRecord[] {
  // round 0 is every agent answering alone, except in a one-by-one history where each speaker reads those before it
  if (round === 0 && visibility !== 'all-earlier') return [];
  const rank = new Map(presentation.map((name, index) => [name, index]));
  const selected = history.filter((turn) => {
    if (visibility === 'summary') return turn.kind === 'summary' && turn.round === round - 1;
    if (turn.kind === 'summary') return false;
    switch (visibility) {
      case 'self':
        return turn.agent === agent && turn.round < round;
      case 'previous-round':
        return turn.round === round - 1;
      case 'cross-round':
        return turn.round < round;
      case 'within-round':
        return turn.agent === agent ? turn.round === round - 1 : turn.round === round;
      case 'all-earlier':
        // history holds finished turns only, so in a sequential round these are exactly the earlier speakers
        return true;
    }
  });
  return selected.sort(
    (a, b) => a.round - b.round || (rank.get(a.agent) ?? Infinity) - (rank.get(b.agent) ?? Infinity) || (a.draft ?? 0) - (b.draft ?? 0),
  );
}
