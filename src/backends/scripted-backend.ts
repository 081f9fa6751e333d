import type { ChatBackend, ChatRequest, ChatResponse, Usage } from '../spec/chat.js';
import { BackendError } from '../spec/errors.js';

/** A scripted reply: text, a function of the request, or an error to throw. */
export type ScriptedReply = string | Error | ((request: ChatRequest, callIndex: number) => string | Error);

/** Options of the scripted backend. */
export interface ScriptedBackendOptions {
  /** Model name reported in responses and in the backend id. */
  model?: string;
  /** Replies returned in order; when empty, `fallback` answers. */
  replies?: ScriptedReply[];
  /** Answers every call once the queue is empty. Without it an empty queue is an error. */
  fallback?: ScriptedReply;
  /** Price per million tokens, to exercise cost accounting. */
  pricePerMillion?: { prompt: number; completion: number };
}

/**
 * A backend for tests: returns queued replies and records every call.
 * Token counts are whitespace-separated words, so tests can predict them.
 */
export class ScriptedBackend implements ChatBackend {
  readonly specificationVersion = 'v1' as const;
  readonly provider = 'scripted';
  readonly modelId: string;
  readonly id: string;
  /** Every request received, in order. */
  readonly calls: ChatRequest[] = [];
  private readonly queue: ScriptedReply[];
  private readonly fallback: ScriptedReply | undefined;
  private readonly price: ScriptedBackendOptions['pricePerMillion'];

  constructor(options: ScriptedBackendOptions = {}) {
    this.modelId = options.model ?? 'scripted';
    this.id = `scripted:${this.modelId}`;
    this.queue = [...(options.replies ?? [])];
    this.fallback = options.fallback;
    this.price = options.pricePerMillion;
  }

  /** Adds replies to the end of the queue. */
  push(...replies: ScriptedReply[]): void {
    this.queue.push(...replies);
  }

  async complete(request: ChatRequest): Promise<ChatResponse> {
    // as the real backends do: a cancelled call gets no answer (and takes no scripted reply)
    if (request.signal?.aborted === true) throw new BackendError(this.id, 'aborted', 'call cancelled', { cause: request.signal.reason });
    const callIndex = this.calls.length;
    this.calls.push(request);
    const scripted = this.queue.length > 0 ? this.queue.shift() : this.fallback;
    if (scripted === undefined) {
      throw new BackendError(this.id, 'unavailable', `no scripted reply left for call ${callIndex + 1}`, {
        hint: 'push more replies or set a fallback',
      });
    }
    const reply = typeof scripted === 'function' ? scripted(request, callIndex) : scripted;
    if (reply instanceof Error) throw reply;
    const usage: Usage = {
      promptTokens: request.messages.reduce((sum, message) => sum + countWords(message.content), 0),
      cachedPromptTokens: 0,
      completionTokens: countWords(reply),
    };
    let json: unknown;
    if (request.responseFormat !== undefined) {
      try {
        json = JSON.parse(reply);
      } catch {
        json = undefined;
      }
    }
    return {
      text: reply,
      ...(json === undefined ? {} : { json, structured: 'native' as const }),
      usage,
      latencyMs: 0,
      finishReason: 'stop',
      model: this.modelId,
      cacheHit: false,
      costUsd: this.price === undefined ? null : (usage.promptTokens * this.price.prompt + usage.completionTokens * this.price.completion) / 1e6,
      attempts: 1,
    };
  }
}

function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}
