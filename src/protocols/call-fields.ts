import type { ChatResponse } from '../spec/chat.js';

/** A message as a trace records it (role and text). */
export interface RecordedMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * The fields every event that records a model call carries (trace v1 call
 * fields): backend id, usage, latency, cache hit, cost, attempts, finish
 * reason, the messages sent and the raw reply. `completeCall` (model-call.ts)
 * is its one caller, so a turn, a judge ranking and a ballot cannot drift apart.
 * `messages` is taken as it is, not copied: the caller passes an array of its own.
 */
export function callFields(backendId: string, messages: RecordedMessage[], response: ChatResponse) {
  return {
    backend: backendId,
    usage: response.usage,
    latencyMs: response.latencyMs,
    cacheHit: response.cacheHit,
    costUsd: response.costUsd,
    attempts: response.attempts,
    ...(response.attemptLog === undefined ? {} : { attemptLog: response.attemptLog }),
    finishReason: response.finishReason,
    messages,
    text: response.text,
    ...(response.structured === undefined ? {} : { structured: response.structured }),
  };
}
