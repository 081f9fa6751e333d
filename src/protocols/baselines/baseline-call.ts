import type { ParsedTurn } from '../../spec/answer.js';
import type { ChatMessage, ChatRequest, ChatResponse } from '../../spec/chat.js';
import type { Agent, ProtocolContext } from '../../spec/protocol.js';
import type { TurnRef } from '../../spec/trace.js';
import { deriveSeed } from '../../util/seed.js';
import { TurnError } from '../debate/turn-error.js';
import { callFields } from '../call-fields.js';

/** One model call of a baseline agent. */
export interface BaselineCall {
  agent: Agent;
  round: number;
  /** Speaking position within the round. */
  position: number;
  messages: ChatMessage[];
  /** Turns whose output the prompt contains (the event's `saw` edges). */
  saw?: ReadonlyArray<Pick<TurnRef, 'agent' | 'round'>>;
  /** Reads the reply into the turn's parsed fields. */
  parse(text: string): ParsedTurn;
  /** Distinguishes two calls of one agent in one round. */
  purpose?: string;
}

/**
 * Calls an agent's backend and records a `turn` event, as DeALOG's
 * `callAgent` does (seed from run seed, question, agent, round, purpose;
 * a backend failure is a `TurnError`). Returns the response and parsed turn.
 */
export async function callBaseline(context: ProtocolContext, call: BaselineCall): Promise<{ response: ChatResponse; parsed: ParsedTurn }> {
  const { agent } = call;
  const seed = deriveSeed(context.seed, context.question.id, agent.name, call.round, call.purpose ?? 'act');
  const request: ChatRequest = {
    messages: call.messages,
    decoding: { ...agent.decoding, seed },
    ...(context.signal === undefined ? {} : { signal: context.signal }),
  };
  let response: ChatResponse;
  try {
    response = await agent.backend.complete(request);
  } catch (error) {
    throw new TurnError(agent.name, call.round, error);
  }
  const parsed = call.parse(response.text);
  context.emit({
    type: 'turn',
    agent: agent.name,
    round: call.round,
    draft: 0,
    position: call.position,
    saw: (call.saw ?? []).map((turn) => ({ agent: turn.agent, round: turn.round, draft: 0 })),
    seed,
    selected: true,
    parsed,
    ...callFields(agent.backend.id, call.messages.map((message) => ({ role: message.role, content: message.content })), response),
  });
  return { response, parsed };
}
