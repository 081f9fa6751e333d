import type { ChatRequest } from '../../spec/chat.js';
import type { DebateParams } from '../../spec/debate-params.js';
import { ConfigError } from '../../spec/errors.js';
import type { Agent, Protocol, ProtocolContext } from '../../spec/protocol.js';
import type { TraceEventInput } from '../../spec/trace.js';
import { gdpResponseSchema } from '../../parsing/gdp-steps.js';
import { parseTurn } from '../../parsing/parse-turn.js';
import { goldText, scoreAnswer } from '../../metrics/score-answer.js';
import { deriveSeed } from '../../util/seed.js';
import { isNumericAggregate, majorityVote, numericAggregate } from './aggregate.js';
import { buildTurnMessages } from './prompts.js';
import { renderTurnForPeers } from './render-turn.js';
import { TurnError } from './turn-error.js';
import { type TurnRecord, visibleTurns } from './visibility.js';

/** A turn's outcome before it is emitted. */
interface TurnOutcome {
  record: TurnRecord;
  answer: string | null;
  event: TraceEventInput;
}

/**
 * The one round-based debate engine (DESIGN §4). Every debate-style
 * protocol is this class with different parameters; it is the only code
 * that schedules turns.
 */
export class DebateProtocol implements Protocol {
  readonly name: string;
  readonly params: DebateParams;
  readonly needsJudge: boolean;

  constructor(name: string, params: DebateParams) {
    this.name = name;
    this.params = params;
    this.needsJudge = params.order === 'judge-ranked' || params.mute !== 'none' || params.aggregate === 'judge' || params.judgeEachRound || params.drafts > 1;
    if (this.needsJudge) {
      throw new ConfigError(
        `protocol "${name}": judge-ranked order, muting, judge aggregation and drafts need the judge, which this version does not provide yet`,
        'use order parallel|sequential, mute none, aggregate majority|mean|median and drafts 1',
      );
    }
  }

  async run(context: ProtocolContext): Promise<void> {
    const { question, agents } = context;
    const params = this.params;
    const history: TurnRecord[] = [];
    const current = new Map<string, string | null>(agents.map((agent) => [agent.name, null]));
    const presentation = agents.map((agent) => agent.name);
    let roundsRun = 0;
    let stoppedEarly = false;
    let lastVote: ReturnType<typeof majorityVote> | undefined;

    for (let round = 0; round <= params.rounds; round++) {
      const speakers = [...agents];
      if (params.order === 'parallel') {
        const settled = await Promise.allSettled(
          speakers.map((agent, position) => this.turn(context, agent, round, position, visibleTurns(params.visibility, agent.name, round, history, presentation))),
        );
        // emit in speaking order, not completion order, so traces are reproducible
        settled.forEach((result) => {
          if (result.status === 'fulfilled') this.accept(context, result.value, history, current);
        });
        const failure = settled.find((result) => result.status === 'rejected');
        if (failure !== undefined) throw (failure as PromiseRejectedResult).reason;
      } else {
        for (const [position, agent] of speakers.entries()) {
          const outcome = await this.turn(context, agent, round, position, visibleTurns(params.visibility, agent.name, round, history, presentation));
          this.accept(context, outcome, history, current);
        }
      }
      roundsRun = round + 1;
      lastVote = majorityVote(round, current, deriveSeed(context.seed, question.id, 'tie-break', round));
      context.emit(lastVote);
      if (params.stopOnConsensus && lastVote.unanimous && round < params.rounds) {
        stoppedEarly = true;
        break;
      }
    }

    const winner = isNumericAggregate(params.aggregate) ? numericAggregate(params.aggregate, current) : (lastVote?.winner ?? null);
    const answer = winner === null ? { status: 'unparsed' as const, value: null, rule: 'no-parseable-answer' } : { status: 'ok' as const, value: winner, rule: params.aggregate };
    context.emit({
      type: 'final',
      answer,
      gold: goldText(question.gold),
      correct: scoreAnswer(answer, question.gold),
      aggregate: params.aggregate,
      roundsRun,
      stoppedEarly,
    });
  }

  private accept(context: ProtocolContext, outcome: TurnOutcome, history: TurnRecord[], current: Map<string, string | null>): void {
    context.emit(outcome.event);
    history.push(outcome.record);
    current.set(outcome.record.agent, outcome.answer);
  }

  private async turn(context: ProtocolContext, agent: Agent, round: number, position: number, visible: TurnRecord[]): Promise<TurnOutcome> {
    const { question } = context;
    const peers = context.agents.map((other) => other.name).filter((name) => name !== agent.name);
    const seed = deriveSeed(context.seed, question.id, agent.name, round, 0);
    const messages = buildTurnMessages({
      params: this.params,
      question,
      agentName: agent.name,
      persona: agent.persona,
      round,
      agentCount: context.agents.length,
      visible,
    });
    const request: ChatRequest = {
      messages,
      decoding: { ...agent.decoding, seed },
      sampleIndex: 0,
      ...(context.signal === undefined ? {} : { signal: context.signal }),
      ...(this.params.format === 'gdp'
        ? { responseFormat: { name: 'gdp_turn', schema: gdpResponseSchema(question, { round, peers: round === 0 ? [] : peers }) } }
        : {}),
    };
    let response;
    try {
      response = await agent.backend.complete(request);
    } catch (error) {
      throw new TurnError(agent.name, round, error);
    }
    const parsed = parseTurn(this.params.format, response.text, response.json, question, { peers });
    const answer = parsed.answer.status === 'ok' ? parsed.answer.value : null;
    return {
      record: { agent: agent.name, round, draft: 0, shown: renderTurnForPeers(response.text, parsed) },
      answer,
      event: {
        type: 'turn',
        agent: agent.name,
        round,
        draft: 0,
        position,
        saw: visible.map(({ agent: seen, round: seenRound, draft }) => ({ agent: seen, round: seenRound, draft: draft ?? 0 })),
        seed,
        parsed,
        backend: agent.backend.id,
        usage: response.usage,
        latencyMs: response.latencyMs,
        cacheHit: response.cacheHit,
        costUsd: response.costUsd,
        attempts: response.attempts,
        finishReason: response.finishReason,
        messages,
        text: response.text,
        ...(response.structured === undefined ? {} : { structured: response.structured }),
      },
    };
  }
}
