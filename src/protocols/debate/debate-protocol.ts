import { type ParsedAnswer, statedAnswer } from '../../spec/answer.js';
import type { DebateParams } from '../../spec/debate-params.js';
import { ConcurrentFailures, ConfigError } from '../../spec/errors.js';
import type { Agent, Protocol, ProtocolContext } from '../../spec/protocol.js';
import type { TraceEventInput } from '../../spec/trace.js';
import { deriveSeed } from '../../util/seed.js';
import { isNumericAggregate, majorityVote, numericAggregate } from './aggregate.js';
import { type DraftOutcome, writeDraft } from './agent-turn.js';
import { type Conversation, extendConversation } from './conversation.js';
import { decideRound, decisionDue } from './decide-round.js';
import { type Decision, fallbackAnswer } from './decision-rules.js';
import { judgeContributions } from './judge.js';
import { moderateRound, type ModeratorReply } from './moderate-round.js';
import { summarizeRound } from './summarize-round.js';
import { type TurnRecord, visibleTurns } from './visibility.js';

/** State carried from round to round. */
interface DebateState {
  history: TurnRecord[];
  /** Each agent's latest parsed answer (muted agents keep theirs); null until one parses. */
  current: Map<string, ParsedAnswer | null>;
  /** The judge's ranking of the last judged round, best first. */
  ranking: string[] | undefined;
  /** Agents sitting out the next round. */
  muted: Set<string>;
  /** Each agent's conversation so far (growing layout). */
  conversations: Map<string, Conversation>;
  /** The moderator's replies after rounds it left undecided (aggregate `moderator`). */
  moderatorReplies: ModeratorReply[];
  /** The moderator's decision, once it gave one. */
  moderated: ParsedAnswer | null;
}

/** Whether a parameter set calls the judge. */
export function needsJudge(params: DebateParams): boolean {
  return params.order === 'judge-ranked' || params.mute !== 'none' || params.aggregate === 'judge' || params.aggregate === 'moderator' || params.summarizer === true || params.judgeEachRound || params.drafts > 1;
}

/**
 * The one round-based debate engine (DESIGN §4). Every debate-style
 * protocol is this class with different parameters; it is the only code
 * that schedules turns. Round r: muted agents sit out; the others speak in
 * parallel or one after another (configured or judge-ranked order), each
 * seeing what its visibility allows; with drafts the judge picks one draft
 * per agent; the round ends with a vote, an optional judge ranking (which
 * orders and mutes the next round) and an optional consensus stop.
 */
export class DebateProtocol implements Protocol {
  readonly name: string;
  readonly params: DebateParams;
  readonly needsJudge: boolean;

  constructor(name: string, params: DebateParams) {
    this.name = name;
    this.params = params;
    this.needsJudge = needsJudge(params);
  }

  async run(context: ProtocolContext): Promise<void> {
    const { question, agents } = context;
    const judge = this.requireJudge(context);
    const params = this.params;
    const state: DebateState = { history: [], current: new Map(agents.map((agent) => [agent.name, null])), ranking: undefined, muted: new Set(), conversations: new Map(), moderatorReplies: [], moderated: null };
    let roundsRun = 0;
    let stoppedEarly = false;
    let lastVote: ReturnType<typeof majorityVote> | undefined;
    let lastDecision: Decision | undefined;

    for (let round = 0; round <= params.rounds; round++) {
      for (const agent of agents) {
        if (state.muted.has(agent.name)) context.emit({ type: 'mute', round, agent: agent.name, reason: `lowest-ranked by the judge in round ${round - 1}` });
      }
      const speakers = this.speakingOrder(agents, state).filter((agent) => !state.muted.has(agent.name));
      const presentation = state.ranking ?? agents.map((agent) => agent.name);
      const turns = params.order === 'parallel' ? await this.parallelRound(context, judge, speakers, round, state, presentation) : await this.sequentialRound(context, judge, speakers, round, state, presentation);
      roundsRun = round + 1;
      const sheet = statedSheet(state.current);
      lastVote = majorityVote(round, sheet, deriveSeed(context.seed, question.id, 'tie-break', round), context.sameAnswer, params.tieBreak);
      lastDecision = decisionDue(params, round) ? await decideRound(context, params, round, lastVote, sheet) : undefined;
      context.emit(lastDecision === undefined ? lastVote : { ...lastVote, decision: lastDecision });

      const lastRound = round === params.rounds;
      if (judge !== undefined && (params.judgeEachRound || (params.aggregate === 'judge' && lastRound))) {
        const judged = await judgeContributions(context, judge, { round, purpose: 'round', contributions: turns.map((turn) => ({ id: turn.agent, shown: turn.shown })) });
        context.emit(judged.event);
        state.ranking = [...judged.ranking, ...agents.map((agent) => agent.name).filter((name) => !judged.ranking.includes(name))];
      }
      state.muted = new Set();
      if (params.mute === 'lowest-ranked' && state.ranking !== undefined && !lastRound) {
        const spoken = new Set(turns.map((turn) => turn.agent));
        const lowest = state.ranking.filter((name) => spoken.has(name)).at(-1);
        if (lowest !== undefined) state.muted.add(lowest);
      }
      if (params.summarizer === true && judge !== undefined && !lastRound) await this.summarize(context, judge, round, turns, state);
      const moderated = params.aggregate === 'moderator' && judge !== undefined ? await this.moderate(context, judge, round, turns.length, lastRound, state) : false;
      // a decision ends the discussion, as in MALLM; so does the moderator's, as in MAD
      if ((this.consensusReached(lastVote, round) || lastDecision?.decided === true || moderated) && !lastRound) {
        stoppedEarly = true;
        break;
      }
    }

    if (params.decision !== 'none') {
      context.emit({ type: 'final', answer: this.decidedAnswer(state, lastVote, lastDecision), aggregate: params.decision, roundsRun, stoppedEarly });
      return;
    }
    if (params.aggregate === 'moderator') {
      const answer = state.moderated === null ? { status: 'unparsed' as const, value: null, rule: 'no-moderator-answer' } : { ...state.moderated, rule: 'moderator' };
      context.emit({ type: 'final', answer, aggregate: 'moderator', roundsRun, stoppedEarly });
      return;
    }
    const winner = await this.aggregate(context, judge, state, lastVote, roundsRun - 1);
    const answer = winner === null ? { status: 'unparsed' as const, value: null, rule: 'no-parseable-answer' } : { ...winner, rule: params.aggregate };
    context.emit({ type: 'final', answer, aggregate: params.aggregate, roundsRun, stoppedEarly });
  }

  /** The decision rule's answer, or its fallback when the last round decided nothing (rule names which). */
  private decidedAnswer(state: DebateState, vote: ReturnType<typeof majorityVote> | undefined, decision: Decision | undefined) {
    const rule = this.params.decision;
    const decided = decision?.decided === true ? decision.winner : null;
    const value = decided ?? fallbackAnswer(rule as Exclude<typeof rule, 'none'>, this.params.decisionFallback, vote?.winner ?? null);
    const answer = value === null ? undefined : [...state.current.values()].find((stated) => stated !== null && statedAnswer(stated) === value);
    if (answer === undefined || answer === null) return { status: 'unparsed' as const, value: null, rule: decided === null && vote?.winner != null ? `${rule}: no decision` : 'no-parseable-answer' };
    return { ...answer, rule: decided === null ? `${rule}: no decision, ${this.params.decisionFallback === 'mallm' ? 'plurality' : this.params.decisionFallback} fallback` : rule };
  }

  /** ChatEval's summarizer condenses the round (with its previous summary) for the next one. */
  private async summarize(context: ProtocolContext, summarizer: Agent, round: number, turns: readonly TurnRecord[], state: DebateState): Promise<void> {
    const previous = state.history.find((turn) => turn.kind === 'summary' && turn.round === round - 1);
    const { record, event } = await summarizeRound(context, { summarizer, round, position: turns.length, previous, turns });
    context.emit(event);
    state.history.push(record);
  }

  /**
   * MAD's moderator after a round: an answer ends the debate. After the last
   * round an undecided moderator is asked once more, in final mode, with its
   * undecided reply dropped (DebateLLM pops it). True when it decided.
   */
  private async moderate(context: ProtocolContext, moderator: Agent, round: number, position: number, lastRound: boolean, state: DebateState): Promise<boolean> {
    const turns = state.history.filter((turn) => turn.kind !== 'summary');
    const universal = await moderateRound(context, { moderator, mode: 'universal', round, position, turns, earlier: state.moderatorReplies });
    if (universal.answer !== null || !lastRound) context.emit(universal.event);
    else context.emit({ ...universal.event, selected: false });
    if (universal.answer !== null) {
      state.moderated = universal.answer;
      return true;
    }
    if (!lastRound) {
      state.moderatorReplies.push({ round, text: universal.reply });
      return false;
    }
    const final = await moderateRound(context, { moderator, mode: 'final', round, position: position + 1, turns, earlier: state.moderatorReplies });
    context.emit(final.event);
    state.moderated = final.answer;
    return final.answer !== null;
  }

  private requireJudge(context: ProtocolContext): Agent | undefined {
    if (!this.needsJudge) return undefined;
    if (context.judge === undefined) {
      throw new ConfigError(`protocol "${this.name}" needs a judge (judge-ranked order, muting, judge or moderator aggregation, a summarizer, or drafts)`, 'pass --judge <backend-spec>, or --backend to let the agents\' backend judge');
    }
    return context.judge;
  }

  private speakingOrder(agents: readonly Agent[], state: DebateState): Agent[] {
    if (this.params.order !== 'judge-ranked' || state.ranking === undefined) return [...agents];
    const byName = new Map(agents.map((agent) => [agent.name, agent]));
    return state.ranking.map((name) => byName.get(name)).filter((agent): agent is Agent => agent !== undefined);
  }

  private async parallelRound(context: ProtocolContext, judge: Agent | undefined, speakers: Agent[], round: number, state: DebateState, presentation: readonly string[]): Promise<TurnRecord[]> {
    const settled = await Promise.allSettled(
      speakers.map((agent, position) => this.agentTurn(context, judge, agent, round, position, visibleTurns(this.params.visibility, agent.name, round, state.history, presentation), state)),
    );
    // emit in speaking order, not completion order, so traces are reproducible
    const records: TurnRecord[] = [];
    for (const result of settled) {
      if (result.status === 'fulfilled') records.push(this.accept(context, result.value, state));
    }
    // Every agent that failed gets its own error event, not just the first.
    ConcurrentFailures.throwIfAny(settled);
    return records;
  }

  private async sequentialRound(context: ProtocolContext, judge: Agent | undefined, speakers: Agent[], round: number, state: DebateState, presentation: readonly string[]): Promise<TurnRecord[]> {
    const records: TurnRecord[] = [];
    for (const [position, agent] of speakers.entries()) {
      const outcome = await this.agentTurn(context, judge, agent, round, position, visibleTurns(this.params.visibility, agent.name, round, state.history, presentation), state);
      records.push(this.accept(context, outcome, state));
    }
    return records;
  }

  /** One agent's turn: one draft, or k drafts of which the judge picks one. */
  private async agentTurn(context: ProtocolContext, judge: Agent | undefined, agent: Agent, round: number, position: number, visible: TurnRecord[], state: DebateState): Promise<{ drafts: DraftOutcome[]; judged?: TraceEventInput; chosen: number }> {
    const conversation = state.conversations.get(agent.name);
    // Settled, not Promise.all: every failed draft is recorded, and none is left running when the turn fails.
    const settled = await Promise.allSettled(
      Array.from({ length: this.params.drafts }, (_, draft) => writeDraft(context, this.params, { agent, round, position, visible, draft, ...(conversation === undefined ? {} : { conversation }) })),
    );
    ConcurrentFailures.throwIfAny(settled);
    const drafts = settled.map((result) => (result as PromiseFulfilledResult<DraftOutcome>).value);
    if (drafts.length === 1 || judge === undefined) return { drafts, chosen: 0 };
    const judged = await judgeContributions(context, judge, { round, purpose: 'drafts', agent: agent.name, contributions: drafts.map((draft) => ({ id: `${agent.name}#${draft.record.draft}`, shown: draft.record.shown })) });
    const chosen = Number(judged.ranking[0]!.split('#').at(-1));
    return { drafts, judged: judged.event, chosen };
  }

  private accept(context: ProtocolContext, outcome: { drafts: DraftOutcome[]; judged?: TraceEventInput; chosen: number }, state: DebateState): TurnRecord {
    for (const draft of outcome.drafts) context.emit({ ...draft.event, selected: draft.record.draft === outcome.chosen });
    if (outcome.judged !== undefined) context.emit(outcome.judged);
    const chosen = outcome.drafts[outcome.chosen]!;
    state.history.push(chosen.record);
    state.current.set(chosen.record.agent, chosen.answer);
    if (this.params.conversation === 'growing') state.conversations.set(chosen.record.agent, extendConversation(chosen.prompt, chosen.record));
    return chosen.record;
  }

  private consensusReached(vote: ReturnType<typeof majorityVote>, round: number): boolean {
    const params = this.params;
    if (!params.stopOnConsensus || (params.consensusCheck === 'round-0' && round !== 0)) return false;
    if (vote.winner === null) return false;
    const agreeing = vote.tally[vote.winner] ?? 0;
    return agreeing / Object.keys(vote.answers).length >= params.consensusThreshold;
  }

  private async aggregate(context: ProtocolContext, judge: Agent | undefined, state: DebateState, vote: ReturnType<typeof majorityVote> | undefined, lastRound: number): Promise<ParsedAnswer | null> {
    const params = this.params;
    if (isNumericAggregate(params.aggregate)) {
      const values = new Map([...state.current].map(([agent, answer]) => [agent, answer?.value ?? null]));
      const value = numericAggregate(params.aggregate, values);
      return value === null ? null : { status: 'ok', value };
    }
    if (params.aggregate !== 'judge' || judge === undefined) {
      // the winning class's answer as its first agent stated it, with that agent's value, text and scale
      const winner = vote?.winner ?? null;
      return winner === null ? null : ([...state.current.values()].find((answer) => answer !== null && statedAnswer(answer) === winner) ?? null);
    }
    if (state.ranking === undefined) {
      const latest = state.history.filter((turn) => turn.round === lastRound);
      const judged = await judgeContributions(context, judge, { round: lastRound, purpose: 'final', contributions: latest.map((turn) => ({ id: turn.agent, shown: turn.shown })) });
      context.emit(judged.event);
      state.ranking = judged.ranking;
    }
    // the best-ranked agent with a parseable answer
    for (const name of state.ranking) {
      const answer = state.current.get(name);
      if (answer !== null && answer !== undefined) return answer;
    }
    return null;
  }
}

// The vote counts answers as stated: "56.197%" and "0.56197" are one answer to FinQA's evaluator, two to a canonical value.
function statedSheet(current: ReadonlyMap<string, ParsedAnswer | null>): Map<string, string | null> {
  return new Map([...current].map(([agent, answer]) => [agent, answer === null ? null : statedAnswer(answer)]));
}
