import {
  addUsage,
  ZERO_USAGE,
  type BackendCapabilities,
  type ChatBackend,
  type ChatMessage,
  type ChatRequest,
  type ChatResponse,
  type Decoding,
  type FinishReason,
  type ResponseFormat,
  type StructuredMode,
  type Usage,
  type AttemptRecord,
} from '../../spec/chat.js';
import { BackendError } from '../../spec/errors.js';
import { formatBackendSpec, sanitizeSpec, type OpenAiSpec } from '../backend-spec.js';
import { UrlCredentialError, urlCredential } from '../url-credential.js';
import { checkJsonSchema } from './check-json-schema.js';
import { classifyOpenAiError } from './classify-openai-error.js';
import { HttpStatusError } from '../../util/http/http-status-error.js';
import { fetchTransport, sharedNodeHttpTransport, type JsonTransport } from '../../util/http/json-transport.js';
import { QUORUM_VERSION } from '../../version.js';
import { repairMessages, withSchemaInstruction } from './structured-prompts.js';
import { parseTolerantJson } from '../../parsing/tolerant-json.js';
import { onAbort } from '../../util/on-abort.js';
import { Cancellation } from '../../util/http/cancellation.js';

/** Default per-attempt timeout: long replies from small local servers take minutes. */
export const DEFAULT_OPENAI_TIMEOUT_MS = 300_000;

/** Options of the OpenAI-compatible backend. */
export interface OpenAiBackendOptions {
  /** Where the API key is read from; defaults to `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Per-attempt timeout in milliseconds; a `#timeout-ms=` in the spec wins. */
  timeoutMs?: number;
  /**
   * Per-attempt timeout until the answer starts (status and headers); a
   * `#first-byte-ms=` in the spec wins. Default: the whole timeout. Without
   * streaming a server sends headers when the reply is done, so this mostly
   * catches servers and proxies that accept a connection and never answer.
   */
  firstByteMs?: number;
  /**
   * Send calls through this `fetch` (a proxy-aware one, say) instead of the
   * default node:http transport with keep-alive, which costs a fraction of
   * a fetch's CPU per call (BENCHMARKS.md, "The path in pieces").
   */
  fetch?: typeof fetch;
  /** Monotonic clock for latency, in milliseconds; defaults to `performance.now`. */
  now?: () => number;
}

/** What the backend has learned about the server's JSON-schema support. */
export type NativeSchemaSupport = 'unknown' | 'supported' | 'unsupported';

interface RawReply {
  text: string;
  finishReason: FinishReason;
  model: string;
}

/** Counts calls and tokens across the HTTP calls of one `complete`, and logs each call. */
interface CallTally {
  attempts: number;
  usage: Usage;
  log: AttemptRecord[];
}

/** The longest failure detail kept per attempt: enough to tell faults apart, short enough for every turn. */
const MAX_DETAIL_CHARS = 200;

type Interpretation = { ok: true; value: unknown; exact: boolean } | { ok: false; problem: string };

/**
 * A backend for any OpenAI-compatible chat completions server (vLLM, Ollama,
 * llama.cpp server, LM Studio, TGI, OpenAI), speaking the chat-completions
 * JSON protocol over node:http directly (no SDK: the SDK and the global
 * fetch cost several times the CPU per call, see BENCHMARKS.md). It makes
 * exactly one HTTP attempt per call (`retryMiddleware` retries, so attempts
 * are counted in one place) and classifies failures into `BackendError`s.
 *
 * Structured output: `json_schema` response format first; when the server
 * refuses it, the schema goes into the system message and the reply is
 * parsed tolerantly; a reply that still does not parse or match gets one
 * repair call, then `malformed-output`.
 */
export class OpenAiBackend implements ChatBackend {
  readonly specificationVersion = 'v1' as const;
  readonly provider = 'openai';
  readonly modelId: string;
  readonly id: string;
  readonly baseUrl: string;
  readonly keyEnv: string;
  readonly capabilities: BackendCapabilities;
  // Private (#) so that neither JSON.stringify nor util.inspect of the backend shows the key.
  readonly #transport: JsonTransport;
  readonly #url: URL;
  readonly #headers: Record<string, string>;
  readonly #secrets: string[];
  readonly #keyPresent: boolean;
  readonly #timeoutMs: number;
  readonly #firstByteMs: number;
  readonly #now: () => number;
  #nativeSchemas: NativeSchemaSupport = 'unknown';
  readonly #rejectedSchemas = new Set<string>();
  // Newer OpenAI models refuse `max_tokens`; most other servers only know it.
  #maxTokensField: 'max_tokens' | 'max_completion_tokens' = 'max_tokens';

  constructor(spec: OpenAiSpec, options: OpenAiBackendOptions = {}) {
    const env = options.env ?? process.env;
    const key = env[spec.keyEnv];
    this.modelId = spec.model;
    this.id = formatBackendSpec(spec);
    this.baseUrl = spec.baseUrl;
    this.keyEnv = spec.keyEnv;
    this.capabilities = { images: spec.vision === true };
    this.#keyPresent = key !== undefined && key !== '';
    this.#secrets = this.#keyPresent ? [key!] : [];
    this.#timeoutMs = spec.timeoutMs ?? options.timeoutMs ?? DEFAULT_OPENAI_TIMEOUT_MS;
    this.#firstByteMs = Math.min(this.#timeoutMs, spec.firstByteMs ?? options.firstByteMs ?? this.#timeoutMs);
    this.#now = options.now ?? (() => performance.now());
    this.#transport = options.fetch === undefined ? sharedNodeHttpTransport() : fetchTransport(options.fetch);
    // The path goes before the query (`/v1/chat/completions?api-version=…`), never after it.
    this.#url = new URL(`${spec.baseUrl}/chat/completions${spec.query ?? ''}`);
    // Specs built by hand skip parseBackendSpec; the id goes into every turn, so check here too.
    const credential = urlCredential(this.#url);
    if (credential !== undefined) throw new UrlCredentialError(sanitizeSpec(this.id), credential);
    const organization = env['OPENAI_ORG_ID'];
    const project = env['OPENAI_PROJECT_ID'];
    this.#headers = {
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': `quorum/${QUORUM_VERSION}`,
      // Local servers usually need no key: without one no Authorization is sent, and a 401 names the variable to set.
      ...(this.#keyPresent ? { authorization: `Bearer ${key!}` } : {}),
      ...(organization === undefined || organization === '' ? {} : { 'openai-organization': organization }),
      ...(project === undefined || project === '' ? {} : { 'openai-project': project }),
    };
  }

  /** Whether the server has accepted or refused `json_schema` response formats so far. */
  get nativeSchemaSupport(): NativeSchemaSupport {
    return this.#nativeSchemas;
  }

  async complete(request: ChatRequest): Promise<ChatResponse> {
    const tally: CallTally = { attempts: 0, usage: ZERO_USAGE, log: [] };
    try {
      return await this.#complete(request, tally);
    } catch (error) {
      // The failed call's attempts travel with its error, so the unit's error event counts them.
      if (error instanceof BackendError && error.attemptLog === undefined) error.attemptLog = tally.log;
      throw error;
    }
  }

  async #complete(request: ChatRequest, tally: CallTally): Promise<ChatResponse> {
    const started = this.#now();
    const format = request.responseFormat;
    const respond = (reply: RawReply, extra: { json?: unknown; structured?: StructuredMode } = {}): ChatResponse => ({
      text: reply.text,
      ...extra,
      usage: tally.usage,
      latencyMs: Math.max(0, this.#now() - started),
      finishReason: reply.finishReason,
      model: reply.model,
      cacheHit: false,
      costUsd: null,
      attempts: tally.attempts,
      attemptLog: tally.log,
    });

    if (format === undefined) return respond(await this.#call(request.messages, request, undefined, tally));

    let sent: readonly ChatMessage[] = request.messages;
    let reply: RawReply | undefined;
    let native = false;
    if (this.#nativeSchemas !== 'unsupported' && !this.#rejectedSchemas.has(format.name)) {
      try {
        reply = await this.#call(sent, request, format, tally);
        native = true;
        this.#nativeSchemas = 'supported';
      } catch (error) {
        if (!this.#isSchemaRejection(error, format)) throw error;
      }
    }
    if (reply === undefined) {
      sent = withSchemaInstruction(request.messages, format);
      reply = await this.#call(sent, request, undefined, tally, tally.log.length > 0 ? 'schema-fallback' : undefined);
    }

    const first = interpret(reply.text, format);
    if (first.ok) return respond(reply, { json: first.value, structured: native && first.exact ? 'native' : 'tolerant' });

    const repairReply = await this.#call(repairMessages(sent, reply.text, first.problem, format), request, native ? format : undefined, tally, 'repair');
    const second = interpret(repairReply.text, format);
    if (second.ok) return respond(repairReply, { json: second.value, structured: 'repaired' });
    throw new BackendError(this.id, 'malformed-output', `reply does not match the JSON schema "${format.name}" after one repair: ${second.problem}`, {
      hint:
        repairReply.finishReason === 'length'
          ? 'the reply was cut off at maxTokens: raise maxTokens or ask for shorter output'
          : 'simplify the schema or use a model or server with JSON-schema support (vLLM, llama.cpp server, OpenAI)',
      cause: { lastReply: repairReply.text, finishReason: repairReply.finishReason, usage: tally.usage },
    });
  }

  async close(): Promise<void> {
    // Nothing to release: idle keep-alive sockets belong to the process-wide agents and do not keep it alive.
  }

  /**
   * A 400/422 that blames the response format. A server that does not know
   * `json_schema` is remembered for the instance; a server that rejects one
   * schema (e.g. OpenAI strict mode wants every property required) is
   * remembered for that schema name only.
   */
  #isSchemaRejection(error: unknown, format: ResponseFormat): boolean {
    if (!(error instanceof BackendError) || error.failure !== 'bad-request') return false;
    if (error.status !== 400 && error.status !== 422) return false;
    if (!/response_format|json_schema|structured output|guided|grammar|schema/i.test(error.message)) return false;
    if (/invalid schema/i.test(error.message)) this.#rejectedSchemas.add(format.name);
    else this.#nativeSchemas = 'unsupported';
    return true;
  }

  async #call(messages: readonly ChatMessage[], request: ChatRequest, format: ResponseFormat | undefined, tally: CallTally, purpose?: AttemptRecord['purpose']): Promise<RawReply> {
    try {
      return await this.#attempt(messages, request.decoding, format, request.signal, tally, purpose);
    } catch (error) {
      const switchField =
        error instanceof BackendError &&
        error.failure === 'bad-request' &&
        this.#maxTokensField === 'max_tokens' &&
        request.decoding.maxTokens !== undefined &&
        /max_completion_tokens/.test(error.message);
      if (!switchField) throw error;
      this.#maxTokensField = 'max_completion_tokens';
      return this.#attempt(messages, request.decoding, format, request.signal, tally, purpose ?? 'max-tokens-field');
    }
  }

  async #attempt(
    messages: readonly ChatMessage[],
    decoding: Decoding,
    format: ResponseFormat | undefined,
    signal: AbortSignal | undefined,
    tally: CallTally,
    purpose: AttemptRecord['purpose'],
  ): Promise<RawReply> {
    if (signal?.aborted) throw new BackendError(this.id, 'aborted', 'the call was cancelled before it started');
    tally.attempts++;
    const started = this.#now();
    let status: number | null = null;
    const record = (reason: string, detail?: string): void => {
      const entry: AttemptRecord = { status, reason, ms: Math.max(0, Math.round(this.#now() - started)) };
      if (detail !== undefined) entry.detail = detail.slice(0, MAX_DETAIL_CHARS);
      if (purpose !== undefined) entry.purpose = purpose;
      tally.log.push(entry);
    };
    // One timer covers the whole attempt, body included: a server that stalls mid-body times out too.
    const controller = new Cancellation();
    let timedOut: 'first-byte' | 'total' | false = false;
    const timer = setTimeout(() => {
      timedOut = 'total';
      controller.abort();
    }, this.#timeoutMs);
    const firstByteTimer =
      this.#firstByteMs < this.#timeoutMs
        ? setTimeout(() => {
            timedOut = 'first-byte';
            controller.abort();
          }, this.#firstByteMs)
        : undefined;
    const unsubscribe = signal === undefined ? undefined : onAbort(signal, () => controller.abort());
    try {
      const response = await this.#transport({ url: this.#url, headers: this.#headers, body: JSON.stringify(this.#body(messages, decoding, format)), signal: controller, onFirstByte: firstByteTimer === undefined ? undefined : () => clearTimeout(firstByteTimer) });
      status = response.status;
      if (response.status < 200 || response.status >= 300) throw HttpStatusError.from(response.status, response.headers, response.text);
      // A cut or garbled body throws SyntaxError here: classified as a retryable server error.
      const reply = this.#readCompletion(JSON.parse(response.text) as unknown);
      tally.usage = addUsage(tally.usage, reply.usage);
      record('ok');
      return reply;
    } catch (error) {
      const classified = classifyOpenAiError(error, {
        backendId: this.id,
        baseUrl: this.baseUrl,
        keyEnv: this.keyEnv,
        keyPresent: this.#keyPresent,
        secrets: this.#secrets,
        timedOut: timedOut === false ? false : { phase: timedOut, ms: timedOut === 'first-byte' ? this.#firstByteMs : this.#timeoutMs },
        aborted: signal?.aborted ?? false,
      });
      if (classified instanceof BackendError) record(classified.failure, classified.message.slice(`${this.id}: `.length));
      else record('internal', classified instanceof Error ? classified.message : String(classified));
      throw classified;
    } finally {
      clearTimeout(timer);
      clearTimeout(firstByteTimer);
      unsubscribe?.();
    }
  }

  #body(messages: readonly ChatMessage[], decoding: Decoding, format: ResponseFormat | undefined): Record<string, unknown> {
    // Fields set one by one in wire order, not spread from small objects: the same JSON without five objects per call.
    const body: Record<string, unknown> = { model: this.modelId, messages: messages.map(toOpenAiMessage) };
    if (decoding.temperature !== undefined) body['temperature'] = decoding.temperature;
    if (decoding.topP !== undefined) body['top_p'] = decoding.topP;
    if (decoding.maxTokens !== undefined) body[this.#maxTokensField] = decoding.maxTokens;
    if (decoding.seed !== undefined) body['seed'] = decoding.seed;
    if (decoding.stop !== undefined && decoding.stop.length > 0) body['stop'] = decoding.stop;
    if (format !== undefined) body['response_format'] = { type: 'json_schema', json_schema: { name: format.name, schema: format.schema, strict: true } };
    return body;
  }

  #readCompletion(completion: unknown): RawReply & { usage: Usage } {
    const body = completion as Partial<ChatCompletionBody> | string | null | undefined;
    const choice = typeof body === 'object' && body !== null && Array.isArray(body.choices) ? body.choices[0] : undefined;
    if (typeof body !== 'object' || body === null || choice === undefined) {
      throw new BackendError(this.id, 'server-error', 'the server sent a reply without choices', {
        hint: 'check that the base URL points at an OpenAI-compatible API (it usually ends in /v1)',
      });
    }
    const usage = body.usage;
    const text = choice.message?.content ?? '';
    if (text.trim() === '') throw emptyReply(this.id, choice.finish_reason);
    return {
      text,
      finishReason: choice.finish_reason === 'stop' ? 'stop' : choice.finish_reason === 'length' ? 'length' : 'other',
      model: typeof body.model === 'string' && body.model !== '' ? body.model : this.modelId,
      usage: {
        promptTokens: usage?.prompt_tokens ?? 0,
        cachedPromptTokens: usage?.prompt_tokens_details?.cached_tokens ?? 0,
        completionTokens: usage?.completion_tokens ?? 0,
      },
    };
  }
}

/**
 * A 200 without reply text. Cut at max_tokens (a reasoning model can spend
 * them all before writing) it will be cut again: `malformed-output`, not
 * retried. Otherwise the server glitched: `empty-reply`, retried. Neither is
 * a completion, so neither is cached.
 */
function emptyReply(backendId: string, finishReason: string | null | undefined): BackendError {
  if (finishReason === 'length') {
    return new BackendError(backendId, 'malformed-output', 'the server sent an empty reply cut off at maxTokens (finish_reason "length")', {
      hint: 'raise maxTokens: the model spent them before writing any text',
    });
  }
  return new BackendError(backendId, 'empty-reply', `the server sent a reply without text (finish_reason ${JSON.stringify(finishReason ?? null)})`, {
    hint: 'an empty completion is never used or cached; the call is retried, and a server that keeps sending them needs a look (its logs, the chat template)',
  });
}

/** Parses a reply (tolerantly) and checks it against the requested schema. */
function interpret(text: string, format: ResponseFormat): Interpretation {
  const parsed = parseTolerantJson(text, format.schema['type'] === 'array' ? 'array' : 'object');
  if (!parsed.ok) return { ok: false, problem: `not parseable as JSON (${parsed.problem})` };
  const check = checkJsonSchema(format.schema, parsed.value);
  if (!check.ok) return { ok: false, problem: `schema violations: ${check.problems.join('; ')}` };
  return parsed;
}

/** The parts of a chat completion the backend reads. */
interface ChatCompletionBody {
  model: string;
  choices: Array<{ message?: { content?: string | null }; finish_reason?: string | null }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number; prompt_tokens_details?: { cached_tokens?: number } | null } | null;
}

/** A message in the OpenAI wire format. */
type WireMessage = { role: ChatMessage['role']; content: string | Array<{ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } }> };

/** A chat message in the OpenAI wire format; images become `image_url` content parts of user messages. */
function toOpenAiMessage(message: ChatMessage): WireMessage {
  if (message.role !== 'user' || message.images === undefined || message.images.length === 0) return { role: message.role, content: message.content };
  return {
    role: 'user',
    content: [{ type: 'text', text: message.content }, ...message.images.map((url) => ({ type: 'image_url' as const, image_url: { url } }))],
  };
}
