/**
 * Shared pieces of the queue tests: a fake OpenAI-compatible server whose
 * reply is a pure function of the request (so any worker, in any order,
 * produces the same trace), and trace normalisation for comparing runs.
 */
import { createHash } from 'node:crypto';
import type { TraceEvent } from '../../src/spec/trace.js';
import type { UnitSummary } from '../../src/spec/store.js';
import { FakeOpenAiServer, type FakeBehavior, type RecordedRequest } from '../helpers/fake-openai-server.js';

/** A reply chosen by hashing the request's messages: same request, same reply, on every worker. */
export function deterministicReply(request: RecordedRequest): FakeBehavior {
  const digest = createHash('sha256').update(JSON.stringify(request.body.messages)).update(String(request.body.seed ?? '')).digest();
  const letter = 'ABCD'[digest[0]! % 4]!;
  return { kind: 'reply', text: `Weighing the options (${digest.subarray(1, 4).toString('hex')}).\nAnswer: ${letter}` };
}

/** Starts the deterministic fake server. */
export function startDeterministicServer(latencyMs = 0): Promise<FakeOpenAiServer> {
  return FakeOpenAiServer.start({ fallback: deterministicReply, ...(latencyMs > 0 ? { latencyMs } : {}) });
}

/**
 * An event without what legitimately differs between two executions of the
 * same unit: when it happened, how long calls took, and whether a call was
 * answered by the completion cache (a unit re-run after its worker was
 * killed finds the calls its first run finished in the shared cache; a
 * cache hit then also reports no cost and one attempt; the attempt log,
 * which records each HTTP attempt with its timing, differs with them).
 */
export function comparableEvent(event: TraceEvent): unknown {
  return JSON.parse(JSON.stringify(event), (key, value: unknown) => (['at', 'latencyMs', 'cacheHit', 'costUsd', 'attempts', 'attemptLog'].includes(key) ? undefined : value));
}

/** A summary without the same timing and cache fields. */
export function comparableSummary(summary: UnitSummary | null): unknown {
  if (summary === null) return null;
  const { latencyMs: _latency, wallMs: _wall, cacheHits: _hits, costUsd: _cost, ...rest } = summary;
  return rest;
}
