import type { ChatMessage } from '../../spec/chat.js';
import type { ParsedTurn } from '../../spec/answer.js';
import type { TurnRef } from '../../spec/trace.js';
import { parseJsonObject } from '../../parsing/json-answer-field.js';
import type { DealogEnv } from './dealog-env.js';
import type { DealogRole } from './dealog-params.js';
import type { LogEntry } from '../../spec/log-entry.js';

/** A model reply as agents read it. */
export interface AgentReply {
  /** The reply as a JSON object (structured output, or parsed tolerantly from text); undefined when it is not one. */
  json: Record<string, unknown> | undefined;
  text: string;
}

/** One model call of a DeALOG agent. */
export interface AgentCall<T> {
  role: DealogRole;
  round: number;
  messages: ChatMessage[];
  /** JSON schema of the reply (structured output). */
  schema?: { name: string; schema: Record<string, unknown> };
  /** Log entries shown in the prompt (their turns become the event's `saw` edges). */
  shown: readonly LogEntry[];
  /** Reads the reply into the agent's result and the turn's parsed fields. */
  interpret(reply: AgentReply): { result: T; parsed: ParsedTurn };
  /** Distinguishes two calls of one role in one round (e.g. vision, then OCR reading). */
  purpose?: string;
}

/**
 * Calls a role's model through `context.call`, which records the call as a
 * `turn` event of the role (messages, reply, parsed fields, usage, latency,
 * cost), so DeALOG's calls are costed and shown like debate turns. The seed
 * derives from (run seed, question, role, round, purpose). A backend failure
 * stops the unit as a `TurnError`.
 * Returns the agent's result and the turn's reference for the entries it
 * writes.
 */
export async function callAgent<T>(env: DealogEnv, call: AgentCall<T>): Promise<{ result: T; turn: TurnRef }> {
  const { context } = env;
  let result: T | undefined;
  await context.call(env.agent(call.role), { messages: call.messages, ...(call.schema === undefined ? {} : { responseFormat: call.schema }) }, {
    as: call.role,
    round: call.round,
    position: env.nextPosition(call.round),
    saw: uniqueTurns(call.shown),
    ...(call.purpose === undefined ? {} : { purpose: call.purpose }),
    parse: (response) => {
      const read = call.interpret({ json: isObject(response.json) ? response.json : parseJsonObject(response.text), text: response.text });
      result = read.result;
      return read.parsed;
    },
  });
  return { result: result as T, turn: { agent: call.role, round: call.round } };
}

/** A turn's parsed fields for a reply that proposes no answer. */
export function noAnswerTurn(rationale: string, source: ParsedTurn['source'], warnings: string[] = []): ParsedTurn {
  return { answer: { status: 'unparsed', value: null, rule: 'not-an-answer' }, rationale, source, ...(warnings.length === 0 ? {} : { warnings }) };
}

function uniqueTurns(entries: readonly LogEntry[]): TurnRef[] {
  const seen = new Map<string, TurnRef>();
  for (const entry of entries) {
    if (entry.turn !== undefined) seen.set(`${entry.turn.agent}\u001f${entry.turn.round}`, { agent: entry.turn.agent, round: entry.turn.round, draft: 0 });
  }
  return [...seen.values()];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
