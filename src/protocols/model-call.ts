import type { ChatResponse } from '../spec/chat.js';
import type { Agent, CallOptions, CallResult, ModelRequest, ProtocolContext } from '../spec/protocol.js';
import type { TurnEvent } from '../spec/trace.js';
import { deriveSeed } from '../util/seed.js';
import { callFields } from './call-fields.js';
import { TurnError } from './debate/turn-error.js';

/** Who makes a call, in which round, and the seed's parts after (unit seed, question id). */
export interface CallSite {
  /** The name a failure is reported under. */
  name: string;
  round: number;
  seedKey: ReadonlyArray<string | number>;
}

/** A completed model call: the reply, the seed it was drawn with, and the trace's call fields. */
export interface CompletedCall {
  response: ChatResponse;
  seed: number;
  fields: ReturnType<typeof callFields>;
}

/**
 * The one way a model is called: the agent's decoding with a seed derived
 * from (unit seed, question id, …seedKey), the unit's cancellation signal,
 * a failure wrapped as a `TurnError`, and the call fields every event that
 * records a call carries. `context.call` builds turns on it; judge rankings
 * and ballots, which are events of their own types, call it directly.
 */
export async function completeCall(context: Pick<ProtocolContext, 'question' | 'seed' | 'signal'>, agent: Agent, request: ModelRequest, site: CallSite): Promise<CompletedCall> {
  const seed = deriveSeed(context.seed, context.question.id, ...site.seedKey);
  let response: ChatResponse;
  try {
    response = await agent.backend.complete({
      ...request,
      decoding: { ...agent.decoding, seed },
      ...(context.signal === undefined ? {} : { signal: context.signal }),
    });
  } catch (error) {
    throw new TurnError(site.name, site.round, error);
  }
  const messages = request.messages.map((message) => ({ role: message.role, content: message.content }));
  return { response, seed, fields: callFields(agent.backend.id, messages, response) };
}

/** A protocol context without `call`: what the engine builds a unit's context from. */
export type ContextBase = Omit<ProtocolContext, 'call'>;

/** The unit's protocol context: `base` with `call`, which emits through `base.emit`. */
export function withModelCalls(base: ContextBase): ProtocolContext {
  const context: ProtocolContext = { ...base, call: (agent, request, options) => recordCall(context, agent, request, options) };
  return context;
}

async function recordCall(context: ProtocolContext, agent: Agent, request: ModelRequest, options: CallOptions): Promise<CallResult> {
  const name = options.as ?? agent.name;
  const seedKey = options.seedKey ?? [name, options.round, options.purpose ?? 'act'];
  const { response, seed, fields } = await completeCall(context, agent, request, { name, round: options.round, seedKey });
  const parsed = options.parse(response);
  const event: TurnEvent = {
    type: 'turn',
    agent: name,
    round: options.round,
    draft: options.draft ?? 0,
    position: options.position ?? 0,
    saw: (options.saw ?? []).map((turn) => ({ agent: turn.agent, round: turn.round, draft: turn.draft ?? 0 })),
    seed,
    selected: true,
    ...(options.role === undefined ? {} : { role: options.role }),
    parsed,
    ...fields,
  };
  if (options.emit !== false) context.emit(event);
  return { response, parsed, event };
}
