import type { AccountingMiddleware } from '../../backends/middleware/accounting-middleware.js';
import type { AuditModelCalls, NliPair, NliProvider, NliScores } from '../../spec/audit.js';
import type { ChatBackend, ChatRequest } from '../../spec/chat.js';
import { BackendError } from '../../spec/errors.js';
import { AuditModelError } from '../audit-model-error.js';
import { llmNliMessages, llmNliResponseFormat } from './llm-nli-prompt.js';
import { readLlmNliReply } from './llm-nli-reply.js';

/**
 * Default pairs per chat call: small enough that a 7B model keeps the pairs
 * apart and a reply (about 20 tokens per pair) stays short, large enough
 * that the instruction is paid for once per eight pairs.
 */
export const DEFAULT_LLM_NLI_BATCH = 8;

/** Reply tokens allowed per call: a fixed margin plus room for each pair's result. */
export function defaultLlmNliMaxTokens(batchSize: number): number {
  return 64 + 32 * batchSize;
}

/** Settings of an `llm:` NLI provider. */
export interface LlmNliSettings {
  batchSize: number;
  /** Reply tokens per call; default `defaultLlmNliMaxTokens(pairs in the call)`. */
  maxTokens?: number;
  /** Where the chat backend's requests go, for error messages (a URL or a model file). */
  target: string;
}

/**
 * NLI through a chat model (`llm:<backend spec>`): pairs are sent in
 * batches with the documented prompt (`llm-nli-prompt.ts`) and a JSON
 * schema; each result's label and confidence become the three
 * probabilities (`scoresFromLabel`). Greedy decoding with a fixed seed, so
 * a server that honours both answers the same pairs the same way. A batch
 * whose reply cannot be read even after the backend's repair call is asked
 * again one pair per call; a single pair that still fails stops the audit
 * with the pair named. Batches run concurrently (the backend's concurrency
 * limit decides how many at once).
 */
export class LlmNliProvider implements NliProvider {
  constructor(
    readonly id: string,
    private readonly backend: ChatBackend,
    private readonly accounting: AccountingMiddleware,
    private readonly settings: LlmNliSettings,
  ) {}

  async classify(pairs: readonly NliPair[]): Promise<NliScores[]> {
    const batches: NliPair[][] = [];
    for (let start = 0; start < pairs.length; start += this.settings.batchSize) batches.push(pairs.slice(start, start + this.settings.batchSize));
    return (await Promise.all(batches.map((batch) => this.classifyBatch(batch)))).flat();
  }

  modelCalls(): AuditModelCalls {
    const totals = this.accounting.totals();
    return {
      calls: totals.calls,
      cacheHits: totals.cacheHits,
      failures: totals.failures,
      promptTokens: totals.usage.promptTokens,
      cachedPromptTokens: totals.usage.cachedPromptTokens,
      completionTokens: totals.usage.completionTokens,
      costUsd: totals.costUsd,
      unpricedCalls: totals.unpricedCalls,
      latencyMs: totals.latencyMs,
    };
  }

  async close(): Promise<void> {
    await this.backend.close?.();
  }

  private async classifyBatch(batch: NliPair[]): Promise<NliScores[]> {
    let problem: string;
    try {
      const response = await this.backend.complete(this.request(batch));
      const reading = readLlmNliReply(response.json, batch.length);
      if (reading.ok) return reading.scores;
      problem = reading.problem;
    } catch (error) {
      if (!(error instanceof BackendError) || error.failure !== 'malformed-output') throw this.explain(error);
      problem = error.message;
    }
    if (batch.length > 1) return (await Promise.all(batch.map((pair) => this.classifyBatch([pair])))).flat();
    const pair = batch[0]!;
    throw new AuditModelError(this.id, 'bad-output', `the model's reply for the pair (premise "${clip(pair.premise)}", hypothesis "${clip(pair.hypothesis)}") cannot be read: ${problem}`, {
      hint: 'use a model that follows JSON instructions (an instruction-tuned 7B model or larger), a server with JSON-schema support (vLLM, llama.cpp server, OpenAI), or raise #max-reply=N if replies are cut off',
    });
  }

  private request(batch: readonly NliPair[]): ChatRequest {
    return {
      messages: llmNliMessages(batch),
      decoding: { temperature: 0, seed: 0, maxTokens: this.settings.maxTokens ?? defaultLlmNliMaxTokens(batch.length) },
      responseFormat: llmNliResponseFormat(batch.length),
    };
  }

  /** A failure of the server, named with the NLI spec and what to do about it. */
  private explain(error: unknown): unknown {
    if (!(error instanceof BackendError)) return error;
    const unreachable = error.failure === 'connection' || error.failure === 'timeout';
    const hint = unreachable
      ? `start the chat server (vLLM, Ollama, llama.cpp server, …) at ${this.settings.target}, or fix the URL in the NLI spec; the NLI model is called for every best-match pair, so the audit needs it (or use --nli heuristic, the offline fallback)`
      : error.hint;
    return new AuditModelError(this.id, 'unavailable', `the NLI chat model failed: ${error.message}`, { ...(hint === undefined ? {} : { hint }), cause: error });
  }
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
