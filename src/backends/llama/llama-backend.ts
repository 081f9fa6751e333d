import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { LlamaChat, TokenMeter, type ChatWrapper, type LlamaChatResponse, type LlamaGrammar, type TokenBias } from 'node-llama-cpp';
import type { ChatBackend, ChatRequest, ChatResponse, FinishReason } from '../../spec/chat.js';
import { BackendError, ConfigError } from '../../spec/errors.js';
import { byteTokenBias, testModelTokenBias } from './byte-token-bias.js';
import { grammarForJsonSchema } from './json-schema-grammars.js';
import { chatWrapperFor } from './model-chat-wrapper.js';
import { modelFingerprint } from './model-fingerprint.js';
import { defaultModelsDir } from './quorum-cache-dir.js';
import { huggingFaceUri, resolveModelSource, type LlamaModelSource } from './resolve-model-source.js';
import { acquireLlamaContext, type LlamaContextLease } from './shared-llama-context.js';
import { TEST_MODEL_NAME } from './test-model/build-test-model.js';
import { toChatHistory } from './to-chat-history.js';

/** A parsed `llama:` backend spec. */
export interface LlamaBackendSpec {
  kind: 'llama';
  source: LlamaModelSource;
  /** `#threads=N`: overrides `LlamaBackendOptions.threads`. */
  threads?: number;
  /** `#context=N`: overrides `LlamaBackendOptions.contextSize`. */
  contextSize?: number;
}

/** Settings of the in-process llama backend. */
export interface LlamaBackendOptions {
  /**
   * CPU threads. Default: `$QUORUM_LLAMA_THREADS`, else `defaultLlamaThreads()`
   * (not node-llama-cpp's choice, which stalls small machines). Output depends
   * on the thread count, so reproducible runs pin it. A spec's `#threads=N` wins.
   */
  threads?: number;
  /** Tokens per sequence (prompt + reply). Default: the model's training size, at most 8192. A spec's `#context=N` wins. */
  contextSize?: number;
  /** Where `hf:` models are downloaded to. Default: `<user cache>/quorum/models` (see `defaultModelsDir`). */
  cacheDir?: string;
  /** Less llama.cpp logging and no download progress bar. */
  quiet?: boolean;
  /** Calls that can run at once on one model (sequences of its context). Default 4. */
  sequences?: number;
  /**
   * Forbid the byte tokens 0x80–0xFF, which on their own form invalid UTF-8.
   * Default: on for quorum's generated test model only; real models need them
   * for non-ASCII text.
   */
  banInvalidUtf8Bytes?: boolean;
  /**
   * Decode the tokens of parallel calls in shared batches. Faster on GPUs, but
   * a reply may then differ slightly with the calls that ran alongside it, so
   * it is off by default: each call's reply depends only on its request.
   */
  shareBatches?: boolean;
}

const DEFAULT_SEQUENCES = 4;

/**
 * Creates the in-process GGUF backend (node-llama-cpp). Backends created for
 * the same file and settings share one loaded model and context; `close`
 * releases this backend's share.
 */
export async function createLlamaBackend(spec: LlamaBackendSpec, options: LlamaBackendOptions = {}): Promise<ChatBackend> {
  const modelId = spec.source.type === 'file' ? basename(spec.source.path) : huggingFaceUri(spec.source.repo, spec.source.quant);
  const id = `llama:${modelId}`;
  const quiet = options.quiet ?? false;
  const sequences = options.sequences ?? DEFAULT_SEQUENCES;
  if (!Number.isInteger(sequences) || sequences < 1) throw new ConfigError(`llama: sequences must be a positive integer, got ${sequences}`);
  const threads = spec.threads ?? options.threads ?? threadsFromEnvironment() ?? defaultLlamaThreads();
  const contextSize = spec.contextSize ?? options.contextSize;
  const modelPath = await resolveModelSource(spec.source, id, { cacheDir: options.cacheDir ?? defaultModelsDir(), quiet });
  // local files are identified by content, not by path or name (hf: ids already name repo and quantisation)
  const backendId = spec.source.type === 'file' ? `${id}#${await modelFingerprint(modelPath)}` : id;

  let lease: LlamaContextLease;
  try {
    lease = await acquireLlamaContext(modelPath, {
      threads,
      contextSize,
      sequences,
      shareBatches: options.shareBatches ?? false,
      quiet,
    });
  } catch (error) {
    throw new BackendError(backendId, 'unavailable', `cannot load ${modelPath}: ${error instanceof Error ? error.message : String(error)}`, {
      hint: 'check that the file is a complete GGUF model that this llama.cpp build supports, and that there is enough memory',
      cause: error,
    });
  }
  const isTestModel = lease.model.fileInfo.metadata.general?.name === TEST_MODEL_NAME;
  const banBytes = options.banInvalidUtf8Bytes ?? isTestModel;
  const chatWrapper = chatWrapperFor(lease.model, { plainJinja: isTestModel });
  return new LlamaBackend(backendId, modelId, basename(modelPath), lease, chatWrapper, isTestModel && banBytes ? testModelTokenBias(lease.model) : banBytes ? byteTokenBias(lease.model) : undefined, threads);
}

function threadsFromEnvironment(): number | undefined {
  const raw = process.env.QUORUM_LLAMA_THREADS;
  if (raw === undefined || raw.trim() === '') return undefined;
  const threads = Number(raw);
  if (!Number.isInteger(threads) || threads < 0) {
    throw new ConfigError(`QUORUM_LLAMA_THREADS must be a whole number, got "${raw}"`, 'set it to the CPU threads to use, e.g. 1, or unset it');
  }
  return threads;
}

/**
 * CPU threads of an in-process model when nothing sets them: half the cores
 * this process may use, at least 1 and at most 4. node-llama-cpp's own
 * default (at least 4) oversubscribes small machines: on 2 shared cores the
 * generated test model made no progress in 20 s with 2 or 4 threads and ran
 * 262–596 tokens/s with 1 (BENCHMARKS.md, "Threads of in-process models").
 */
export function defaultLlamaThreads(cores: number = availableParallelism()): number {
  return Math.max(1, Math.min(4, Math.floor(cores / 2)));
}

function slowCallHint(threads: number): string {
  return `the model ran on ${threads} CPU thread${threads === 1 ? '' : 's'}: if calls are slow or time out, set fewer with #threads=N after the llama: spec (e.g. llama:model.gguf#threads=1) or --threads; a smaller #context=N also saves memory`;
}

/** One configured model; calls run on the shared context's sequences. */
class LlamaBackend implements ChatBackend {
  readonly specificationVersion = 'v1' as const;
  readonly provider = 'llama';
  private closed = false;

  constructor(
    readonly id: string,
    readonly modelId: string,
    private readonly fileName: string,
    private readonly lease: LlamaContextLease,
    private readonly chatWrapper: ChatWrapper,
    private readonly tokenBias: TokenBias | undefined,
    /** The CPU threads the context runs on (named in the hint of a cancelled call). */
    private readonly threads: number,
  ) {}

  async complete(request: ChatRequest): Promise<ChatResponse> {
    if (this.closed) throw new BackendError(this.id, 'unavailable', 'backend is closed');
    const started = performance.now();
    const grammar = request.responseFormat === undefined ? undefined : await this.grammarFor(request.responseFormat.schema);
    const sequence = await this.lease.pool.acquire(request.signal).catch((error: unknown) => {
      throw new BackendError(this.id, 'aborted', 'call cancelled while waiting for a free sequence', { cause: error });
    });
    const chat = new LlamaChat({ contextSequence: sequence, chatWrapper: this.chatWrapper, autoDisposeSequence: false });
    try {
      // A fresh state per call: reusing the previous call's cached prefix would
      // make results depend on call order (batch splits change floating-point sums).
      await sequence.clearHistory();
      const history = toChatHistory(request.messages);
      const promptTokens = this.chatWrapper.generateContextState({ chatHistory: history }).contextText.tokenize(this.lease.model.tokenizer).length;
      const room = sequence.contextSize - promptTokens;
      if (room < 1) {
        throw new BackendError(this.id, 'bad-request', `prompt of ${promptTokens} tokens does not fit the context of ${sequence.contextSize} tokens`, {
          hint: 'raise the context size (`#context=N` after the llama: spec, e.g. llama:model.gguf#context=8192, or the contextSize option) or shorten the prompt',
        });
      }
      const decoding = request.decoding;
      const meterBefore = sequence.tokenMeter.getState();
      const result: LlamaChatResponse = await chat.generateResponse(history, {
        maxTokens: Math.min(decoding.maxTokens ?? room, room),
        temperature: decoding.temperature ?? 0,
        ...(decoding.topP === undefined ? {} : { topP: decoding.topP }),
        ...(decoding.seed === undefined ? {} : { seed: decoding.seed }),
        ...(decoding.stop === undefined || decoding.stop.length === 0 ? {} : { customStopTriggers: decoding.stop }),
        ...(grammar === undefined ? {} : { grammar }),
        ...(this.tokenBias === undefined ? {} : { tokenBias: this.tokenBias }),
        ...(request.signal === undefined ? {} : { signal: request.signal }),
        contextShift: { strategy: () => refuseContextShift(this.id) },
      });
      const completionTokens = TokenMeter.diff(sequence.tokenMeter, meterBefore).usedOutputTokens;
      const json = request.responseFormat === undefined ? undefined : parseJson(result.response);
      return {
        text: result.response,
        ...(json === undefined ? {} : { json }),
        ...(request.responseFormat === undefined ? {} : { structured: 'grammar' as const }),
        usage: { promptTokens, cachedPromptTokens: 0, completionTokens },
        latencyMs: performance.now() - started,
        finishReason: finishReasonOf(result.metadata.stopReason),
        model: this.fileName,
        cacheHit: false,
        costUsd: null,
        attempts: 1,
      };
    } catch (error) {
      throw this.toBackendError(error, request.signal);
    } finally {
      chat.dispose({ disposeSequence: false });
      this.lease.pool.release(sequence);
    }
  }

  /** What node-llama-cpp's context runs with: CPU threads and tokens per sequence (shown in hints, read by tests). */
  get contextSettings(): { threads: number; contextSize: number } {
    return { threads: this.lease.context.idealThreads, contextSize: this.lease.context.contextSize };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.lease.release();
  }

  private async grammarFor(schema: Record<string, unknown>): Promise<LlamaGrammar> {
    try {
      return await grammarForJsonSchema(this.lease.llama, schema);
    } catch (error) {
      throw new BackendError(this.id, 'bad-request', `cannot turn the response schema into a grammar: ${error instanceof Error ? error.message : String(error)}`, {
        hint: 'use the JSON-schema subset node-llama-cpp supports (object, array, string, number, boolean, enum, const, oneOf)',
        cause: error,
      });
    }
  }

  private toBackendError(error: unknown, signal: AbortSignal | undefined): BackendError {
    if (error instanceof BackendError) return error;
    if (signal?.aborted === true) {
      // a call cut by a timeout is most often a model running on more threads than the machine has free cores
      return new BackendError(this.id, 'aborted', 'call cancelled', { cause: error, hint: slowCallHint(this.threads) });
    }
    return new BackendError(this.id, 'unavailable', `generation failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

function finishReasonOf(stopReason: LlamaChatResponse['metadata']['stopReason']): FinishReason {
  switch (stopReason) {
    case 'maxTokens':
      return 'length';
    case 'eogToken':
    case 'stopGenerationTrigger':
    case 'customStopTrigger':
      return 'stop';
    default:
      return 'other';
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Cut off by maxTokens: the caller sees finishReason 'length' and no json.
    return undefined;
  }
}

// Prompts are checked to fit before generating and replies are capped to the
// room left, so a shift would only silently drop earlier messages.
function refuseContextShift(backendId: string): never {
  throw new BackendError(backendId, 'bad-request', 'the conversation outgrew the context window', {
    hint: 'raise the context size (`#context=N` after the llama: spec, e.g. llama:model.gguf#context=8192, or the contextSize option) or lower maxTokens',
  });
}
