/**
 * A seeded schedule of server faults for the fake OpenAI-compatible server:
 * every fault a chat server or the network between can produce, each given
 * to chosen requests the first time they arrive; every later attempt of the
 * same request gets the deterministic reply. Which requests get which fault
 * depends only on the seed and the set of requests (not on arrival order),
 * so a schedule is reproducible under any concurrency and across kill -9.
 */
import { createHash } from 'node:crypto';
import type { FakeBehavior, RecordedRequest } from './fake-openai-server.js';

/** Every fault of the matrix. */
export const FAULTS = [
  '429 Retry-After seconds',
  '429 Retry-After date',
  '500',
  '502',
  '503',
  'hang',
  'reset',
  'reset mid-body',
  'truncated JSON',
  'malformed JSON',
  'empty body',
  'empty content',
  'off-schema JSON',
] as const;
export type Fault = (typeof FAULTS)[number];

/** What the server sends for a fault. */
export function faultBehavior(fault: Fault): FakeBehavior {
  switch (fault) {
    case '429 Retry-After seconds':
      return { kind: 'status', status: 429, message: 'rate limited', headers: { 'retry-after': '1' } };
    case '429 Retry-After date':
      // HTTP-date form: one second from now (the form has whole seconds only)
      return { kind: 'status', status: 429, message: 'rate limited', headers: { 'retry-after': new Date(Date.now() + 1000).toUTCString() } };
    case '500':
    case '502':
    case '503':
      return { kind: 'status', status: Number(fault), message: `server error ${fault}` };
    case 'hang':
      return { kind: 'hang' };
    case 'reset':
      return { kind: 'reset' };
    case 'reset mid-body':
      return { kind: 'reset-mid-body' };
    case 'truncated JSON':
      return { kind: 'malformed' };
    case 'malformed JSON':
      return { kind: 'not-json' };
    case 'empty body':
      return { kind: 'empty-body' };
    case 'empty content':
      return { kind: 'null-content' };
    case 'off-schema JSON':
      return { kind: 'off-schema' };
  }
}

/** The identity of a request: the same call (messages, seed, model) has the same key on every attempt and in every process. */
export function requestKey(request: RecordedRequest): string {
  return createHash('sha256').update(JSON.stringify([request.body.model, request.body.messages, request.body.seed ?? null])).digest('hex');
}

/** A reply chosen by hashing the request: same request, same reply. */
export function deterministicReply(request: RecordedRequest): FakeBehavior {
  const digest = createHash('sha256').update(requestKey(request)).digest();
  return { kind: 'reply', text: `Weighing the options (${digest.subarray(1, 4).toString('hex')}).\nAnswer: ${'ABCD'[digest[0]! % 4]!}`, promptTokens: 20, completionTokens: 6 };
}

/** One fault the server sent. */
export interface InjectedFault {
  fault: Fault;
  key: string;
  /** The request's first user message (names the question). */
  prompt: string;
}

/** Assigns faults to requests and answers as the schedule says. */
export class FaultSchedule {
  readonly injected: InjectedFault[] = [];
  readonly #assigned = new Map<string, Fault>();
  readonly #seen = new Set<string>();

  /**
   * `keys`: the requests of a clean run of the same command. They are
   * sorted, shuffled with the seed, and the first `FAULTS.length × perFault`
   * get the faults in turn.
   */
  constructor(keys: Iterable<string>, seed: number, perFault = 1, faults: readonly Fault[] = FAULTS) {
    const order = [...new Set(keys)].sort();
    const random = mulberry32(seed);
    for (let index = order.length - 1; index > 0; index--) {
      const other = Math.floor(random() * (index + 1));
      [order[index], order[other]] = [order[other]!, order[index]!];
    }
    const needed = faults.length * perFault;
    if (order.length < needed) throw new Error(`fault schedule: ${order.length} requests for ${needed} faults`);
    for (let index = 0; index < needed; index++) this.#assigned.set(order[index]!, faults[index % faults.length]!);
  }

  /** The behaviour for a request: its fault on its first arrival, the deterministic reply after. */
  readonly respond = (request: RecordedRequest): FakeBehavior => {
    const key = requestKey(request);
    const fault = this.#assigned.get(key);
    if (fault === undefined || this.#seen.has(key)) return deterministicReply(request);
    this.#seen.add(key);
    const prompt = request.body.messages.find((message) => message.role === 'user')?.content;
    this.injected.push({ fault, key, prompt: typeof prompt === 'string' ? prompt : JSON.stringify(prompt) });
    return faultBehavior(fault);
  };
}

/** A small seeded generator (Mulberry32): enough for shuffling a test schedule. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
