import type { TraceEvent, TurnRef } from '../../../spec/trace.js';

/** A stored event of one type (envelope included: `seq`, `at`). */
export type EventOf<T extends TraceEvent['type']> = Extract<TraceEvent, { type: T }>;
export type TurnEvent = EventOf<'turn'>;
export type VoteEvent = EventOf<'vote'>;
export type JudgeRankEvent = EventOf<'judge-rank'>;
export type MuteEvent = EventOf<'mute'>;
export type LogEntryEvent = EventOf<'log-entry'>;
export type VerifyEvent = EventOf<'verify'>;
export type FinalEvent = EventOf<'final'>;
export type ErrorEvent = EventOf<'error'>;

/** The judge's verdict on one contribution. */
export interface CellRank {
  /** 1-based place in the ranking. */
  place: number;
  of: number;
  score: number | undefined;
}

/** One agent in one round: what it wrote (every draft), or why it was silent. */
export interface TurnCellModel {
  agent: string;
  round: number;
  /** The turn peers saw and votes counted (the judge's pick among drafts). */
  selected: TurnEvent | undefined;
  /** Every draft, in draft order (one entry without drafts). */
  drafts: TurnEvent[];
  muted: MuteEvent | undefined;
  rank: CellRank | undefined;
  /** The judge's ranking of this agent's drafts, if it ranked them. */
  draftRanking: JudgeRankEvent | undefined;
}

/** A unit's trace arranged for the question page. */
export interface TraceModel {
  agents: string[];
  rounds: number[];
  cells: Map<string, TurnCellModel>;
  votes: Map<number, VoteEvent>;
  judgeRanks: JudgeRankEvent[];
  logEntries: LogEntryEvent[];
  verifies: VerifyEvent[];
  errors: ErrorEvent[];
  final: FinalEvent | undefined;
  /** Any turn carries GDP steps. */
  hasSteps: boolean;
}

/** Key of a cell: agent and round. */
export function cellKey(agent: string, round: number): string {
  return `${agent}\u0000${round}`;
}

/** Key of the turn a visibility edge points at. */
export function refKey(ref: TurnRef): string {
  return cellKey(ref.agent, ref.round);
}

/**
 * Arranges events into the agent × round grid. Agents come in the run's
 * order, then any other speaker; rounds run from 0 to the last round any
 * turn, mute or vote mentions.
 */
export function traceModel(events: readonly TraceEvent[], runAgents: readonly string[]): TraceModel {
  const agents = [...runAgents];
  const cells = new Map<string, TurnCellModel>();
  const votes = new Map<number, VoteEvent>();
  const judgeRanks: JudgeRankEvent[] = [];
  const logEntries: LogEntryEvent[] = [];
  const verifies: VerifyEvent[] = [];
  const errors: ErrorEvent[] = [];
  let final: FinalEvent | undefined;
  let lastRound = -1;
  const cell = (agent: string, round: number): TurnCellModel => {
    if (!agents.includes(agent)) agents.push(agent);
    lastRound = Math.max(lastRound, round);
    const key = cellKey(agent, round);
    let model = cells.get(key);
    if (model === undefined) {
      model = { agent, round, selected: undefined, drafts: [], muted: undefined, rank: undefined, draftRanking: undefined };
      cells.set(key, model);
    }
    return model;
  };
  for (const event of events) {
    switch (event.type) {
      case 'turn': {
        const model = cell(event.agent, event.round);
        model.drafts.push(event);
        if (event.selected) model.selected = event;
        break;
      }
      case 'mute':
        cell(event.agent, event.round).muted = event;
        break;
      case 'vote':
        votes.set(event.round, event);
        lastRound = Math.max(lastRound, event.round);
        break;
      case 'judge-rank':
        judgeRanks.push(event);
        break;
      case 'log-entry':
        logEntries.push(event);
        break;
      case 'verify':
        verifies.push(event);
        break;
      case 'error':
        errors.push(event);
        break;
      case 'final':
        final = event;
        break;
    }
  }
  for (const ranking of judgeRanks) {
    if (ranking.purpose === 'round') {
      ranking.ranking.forEach((agent, index) => {
        const model = cells.get(cellKey(agent, ranking.round));
        if (model !== undefined) model.rank = { place: index + 1, of: ranking.ranking.length, score: ranking.scores?.[agent] };
      });
    } else if (ranking.purpose === 'drafts' && ranking.agent !== undefined) {
      const model = cells.get(cellKey(ranking.agent, ranking.round));
      if (model !== undefined) model.draftRanking = ranking;
    }
  }
  for (const model of cells.values()) model.drafts.sort((a, b) => a.draft - b.draft);
  const hasSteps = [...cells.values()].some((model) => model.drafts.some((turn) => (turn.parsed.steps?.length ?? 0) > 0));
  return {
    agents: agents.filter((agent) => [...cells.values()].some((model) => model.agent === agent)),
    rounds: Array.from({ length: lastRound + 1 }, (_, round) => round),
    cells,
    votes,
    judgeRanks,
    logEntries: logEntries.sort((a, b) => a.logSeq - b.logSeq),
    verifies,
    errors,
    final,
    hasSteps,
  };
}

/** The answer of a turn as shown: the value, or its parse status. */
export function turnAnswer(turn: TurnEvent | undefined): string {
  if (turn === undefined) return '—';
  const answer = turn.parsed.answer;
  if (answer.status === 'ok') return answer.value ?? '—';
  return answer.status === 'ambiguous' ? `ambiguous (${(answer.candidates ?? []).join(' / ')})` : 'unparsed';
}
