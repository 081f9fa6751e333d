/**
 * The chat backend interface: anything that completes chat messages.
 * Protocols talk to backends only through this interface; middleware
 * (cache, retry, concurrency limit, accounting) wraps any implementation.
 */

/** A role in a chat conversation. */
export type ChatRole = 'system' | 'user' | 'assistant';

/** One chat message. */
export interface ChatMessage {
  role: ChatRole;
  content: string;
  /**
   * Images shown with the message (data URLs or https URLs), for backends
   * whose `capabilities.images` is true. Part of the cache key; not stored in
   * traces (image bytes would swamp them).
   */
  images?: string[];
}

/** What a backend can take beyond text. */
export interface BackendCapabilities {
  /** Accepts `ChatMessage.images` (a vision model). */
  images?: boolean;
}

/** Decoding settings of one call. Unset fields use the backend's defaults. */
export interface Decoding {
  /** Sampling temperature; 0 is greedy. */
  temperature?: number;
  /** Nucleus sampling mass. */
  topP?: number;
  /** Upper bound on completion tokens. */
  maxTokens?: number;
  /** Sampling seed, derived per (run seed, question, agent, round, draft). */
  seed?: number;
  /** Stop sequences. */
  stop?: string[];
}

/** A JSON schema the reply must satisfy (structured output). */
export interface ResponseFormat {
  /** Short identifier, used by servers that name schemas (`[a-zA-Z0-9_-]`). */
  name: string;
  /** A JSON schema object (draft 2020-12 subset understood by servers and GBNF converters). */
  schema: Record<string, unknown>;
}

/** One completion request. */
export interface ChatRequest {
  messages: ChatMessage[];
  decoding: Decoding;
  /** When set, the reply must be JSON matching this schema. */
  responseFormat?: ResponseFormat;
  /**
   * Distinguishes repeated draws with identical messages and seed (drafts,
   * repeated samples); part of the cache key.
   */
  sampleIndex?: number;
  /** Cancels the call. */
  signal?: AbortSignal;
}

/** Token counts of one call. */
export interface Usage {
  promptTokens: number;
  /** Prompt tokens the server reports as served from its prefix cache. */
  cachedPromptTokens: number;
  completionTokens: number;
}

/** Why generation stopped. `length` means the reply was cut by `maxTokens`. */
export type FinishReason = 'stop' | 'length' | 'other';

/**
 * How a structured reply was obtained: `native` (server-side JSON schema),
 * `grammar` (in-process grammar constraint), `tolerant` (parsed from free
 * text), `repaired` (a second call asked the model to fix its JSON).
 */
export type StructuredMode = 'native' | 'grammar' | 'tolerant' | 'repaired';

/**
 * One HTTP attempt (or one call of a backend that is not HTTP) made for a
 * completion, failed or not, in the order they were made.
 */
export interface AttemptRecord {
  /** HTTP status of the answer; null when none arrived (refused, reset, timeout) or the backend is not HTTP. */
  status: number | null;
  /** `ok`, or the failure kind (`rate-limited`, `server-error`, `empty-reply`, `timeout`, …; see `BackendFailure`). */
  reason: string;
  /** Wall-clock milliseconds of the attempt. */
  ms: number;
  /** What failed, in words (scrubbed of keys, at most 200 characters); absent for `ok`. */
  detail?: string;
  /** Why the attempt was made when it was not the call itself: a repair of off-schema JSON, a retry without the JSON schema the server refused, a retry with the other max-tokens field. */
  purpose?: 'repair' | 'schema-fallback' | 'max-tokens-field';
}

/** The result of one completion. */
export interface ChatResponse {
  /** The reply text (JSON text when a response format was requested). */
  text: string;
  /** The parsed JSON value when a response format was requested and the reply parsed. */
  json?: unknown;
  usage: Usage;
  /** Wall-clock time of the call in milliseconds (0 for cache hits and scripted replies). */
  latencyMs: number;
  finishReason: FinishReason;
  /** The model the server says answered. */
  model: string;
  /** True when the completion came from the completion cache. */
  cacheHit: boolean;
  /** Cost in US dollars from the price table, or null when the backend has no price. */
  costUsd: number | null;
  /** Calls made to produce this response, including retries and repairs. */
  attempts: number;
  /** Each of those calls with its outcome, when the backend records them (HTTP backends, retries); absent for cache hits. */
  attemptLog?: AttemptRecord[];
  /** How structured output was enforced, when requested. */
  structured?: StructuredMode;
}

/**
 * A chat backend. Implementations: `openai:` (HTTP), `llama:` (in-process),
 * `scripted` (tests), and middleware wrappers around any of them.
 */
export interface ChatBackend {
  /** Version of this interface the implementation follows. */
  readonly specificationVersion: 'v1';
  /** Kind of backend, e.g. `openai`, `llama`, `scripted`. */
  readonly provider: string;
  /** Model identifier as configured (file name, repo, or server model name). */
  readonly modelId: string;
  /** Stable identifier of this backend for caching and traces; never contains secrets. */
  readonly id: string;
  /** What the backend accepts beyond text; absent means text only. */
  readonly capabilities?: BackendCapabilities;
  /** Completes one request. Throws `BackendError` on failure. */
  complete(request: ChatRequest): Promise<ChatResponse>;
  /** Releases resources (models, sockets). Safe to call twice. */
  close?(): Promise<void>;
}

/** Wraps a backend with extra behaviour (cache, retry, limits, accounting). */
export type BackendMiddleware = (inner: ChatBackend) => ChatBackend;

/** Sum of two usages. */
export function addUsage(a: Usage, b: Usage): Usage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    cachedPromptTokens: a.cachedPromptTokens + b.cachedPromptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
  };
}

/** A usage of zero tokens. */
export const ZERO_USAGE: Usage = Object.freeze({ promptTokens: 0, cachedPromptTokens: 0, completionTokens: 0 });
