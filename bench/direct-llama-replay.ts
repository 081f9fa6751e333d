import { LlamaChat, resolveChatWrapper, TokenMeter, type ChatHistoryItem, type Llama, type TokenBias, type LlamaModel } from 'node-llama-cpp';
import type { ChatMessage } from '../src/spec/chat.js';

/** One call to replay: the exact messages and sampling settings of a stored turn. */
export interface ReplayCall {
  messages: ChatMessage[];
  maxTokens: number;
  temperature: number;
  seed: number;
}

/** What the direct side produced. */
export interface ReplayOutcome {
  texts: string[];
  completionTokens: number;
  promptTokens: number;
  /** Load, context, chat wrapper, every call, disposal. */
  wallMs: number;
  /** The calls only. */
  generationMs: number;
}

/**
 * The baseline: node-llama-cpp used directly, with no quorum code on the
 * call path. Loads the model, creates a context like quorum's (one sequence,
 * same size and threads), resolves the chat wrapper once, then for each call
 * starts from an empty sequence (as quorum does, for order-independent
 * results) and generates with `LlamaChat` and the same sampling settings.
 * `tokenBias` is built by the caller for the loaded model (the test model
 * bans invalid UTF-8 byte tokens on both sides).
 */
export async function replayDirectly(
  llama: Llama,
  modelPath: string,
  settings: { threads: number; contextSize: number; tokenBias?: (model: LlamaModel) => TokenBias },
  calls: readonly ReplayCall[],
): Promise<ReplayOutcome> {
  const started = performance.now();
  const model = await llama.loadModel({ modelPath });
  const context = await model.createContext({ sequences: 1, contextSize: settings.contextSize, threads: settings.threads });
  const sequence = context.getSequence();
  const chatWrapper = resolveChatWrapper(model);
  const tokenBias = settings.tokenBias?.(model);
  const texts: string[] = [];
  let completionTokens = 0;
  let promptTokens = 0;
  let generationMs = 0;
  try {
    for (const call of calls) {
      const callStarted = performance.now();
      await sequence.clearHistory();
      const chat = new LlamaChat({ contextSequence: sequence, chatWrapper, autoDisposeSequence: false });
      const before = sequence.tokenMeter.getState();
      const result = await chat.generateResponse(toHistory(call.messages), {
        maxTokens: call.maxTokens,
        temperature: call.temperature,
        seed: call.seed,
        ...(tokenBias === undefined ? {} : { tokenBias }),
      });
      const used = TokenMeter.diff(sequence.tokenMeter, before);
      chat.dispose({ disposeSequence: false });
      generationMs += performance.now() - callStarted;
      texts.push(result.response);
      completionTokens += used.usedOutputTokens;
      promptTokens += used.usedInputTokens;
    }
  } finally {
    await context.dispose();
    await model.dispose();
  }
  return { texts, completionTokens, promptTokens, wallMs: performance.now() - started, generationMs };
}

function toHistory(messages: readonly ChatMessage[]): ChatHistoryItem[] {
  const history = messages.map((message): ChatHistoryItem =>
    message.role === 'system' ? { type: 'system', text: message.content } : message.role === 'user' ? { type: 'user', text: message.content } : { type: 'model', response: [message.content] },
  );
  if (history.at(-1)?.type !== 'model') history.push({ type: 'model', response: [] });
  return history;
}
