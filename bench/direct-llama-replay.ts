import { LlamaChat, resolveChatWrapper, TokenMeter, type ChatHistoryItem, type Llama, type LlamaModel, type TokenBias } from 'node-llama-cpp';
import type { ChatMessage } from '../src/spec/chat.js';

/** One call to replay: the exact messages and sampling settings of a stored turn. */
export interface ReplayCall {
  messages: ChatMessage[];
  maxTokens: number;
  temperature: number;
  seed: number;
  /** Completion tokens quorum's call produced. */
  completionTokens: number;
}

/** What a replay produced. */
export interface ReplayOutcome {
  texts: string[];
  completionTokens: number;
  promptTokens: number;
  /** Model load, context, chat wrapper, every call, disposal. */
  wallMs: number;
  /** The calls only. */
  generationMs: number;
}

/** One replayed call. */
export interface ReplayedCall {
  text: string;
  completionTokens: number;
  promptTokens: number;
  ms: number;
}

/** node-llama-cpp set up once for replaying calls. */
export interface LlamaChatReplayer {
  replay(call: ReplayCall): Promise<ReplayedCall>;
  close(): Promise<void>;
}

/**
 * node-llama-cpp used directly, with no quorum code on the call path: loads
 * the model, creates a context like quorum's (one sequence, same size and
 * threads), takes the chat wrapper of the model's Jinja template (the type
 * quorum also picks for its generated model; automatic matching costs about a
 * second per load), then per call starts from an empty sequence (as quorum
 * does) and generates with `LlamaChat` and the same sampling settings.
 */
export async function openLlamaChatReplayer(
  llama: Llama,
  modelPath: string,
  settings: { threads: number; contextSize: number; tokenBias?: (model: LlamaModel) => TokenBias },
): Promise<LlamaChatReplayer> {
  const model = await llama.loadModel({ modelPath });
  const context = await model.createContext({ sequences: 1, contextSize: settings.contextSize, threads: settings.threads });
  const sequence = context.getSequence();
  const chatWrapper = resolveChatWrapper(model, { type: 'jinjaTemplate' });
  const tokenBias = settings.tokenBias?.(model);
  return {
    async replay(call) {
      const started = performance.now();
      await sequence.clearHistory();
      const chat = new LlamaChat({ contextSequence: sequence, chatWrapper, autoDisposeSequence: false });
      const before = sequence.tokenMeter.getState();
      const history = toHistory(call.messages);
      const result = await chat.generateResponse(history, {
        maxTokens: call.maxTokens,
        temperature: call.temperature,
        seed: call.seed,
        ...(tokenBias === undefined ? {} : { tokenBias }),
      });
      const used = TokenMeter.diff(sequence.tokenMeter, before);
      chat.dispose({ disposeSequence: false });
      const ms = performance.now() - started;
      // Counted like quorum counts them, outside the timed part (quorum times its own count).
      const promptTokens = chatWrapper.generateContextState({ chatHistory: history }).contextText.tokenize(model.tokenizer).length;
      return { text: result.response, completionTokens: used.usedOutputTokens, promptTokens, ms };
    },
    async close() {
      await context.dispose();
      await model.dispose();
    },
  };
}

/** Loads, replays every call in order, and unloads; the run's figures. */
export async function replayWithLlamaChat(
  llama: Llama,
  modelPath: string,
  settings: { threads: number; contextSize: number; tokenBias?: (model: LlamaModel) => TokenBias },
  calls: readonly ReplayCall[],
): Promise<ReplayOutcome> {
  const started = performance.now();
  const replayer = await openLlamaChatReplayer(llama, modelPath, settings);
  const texts: string[] = [];
  let completionTokens = 0;
  let promptTokens = 0;
  let generationMs = 0;
  try {
    for (const call of calls) {
      const replayed = await replayer.replay(call);
      texts.push(replayed.text);
      completionTokens += replayed.completionTokens;
      promptTokens += replayed.promptTokens;
      generationMs += replayed.ms;
    }
  } finally {
    await replayer.close();
  }
  return { texts, completionTokens, promptTokens, wallMs: performance.now() - started, generationMs };
}

function toHistory(messages: readonly ChatMessage[]): ChatHistoryItem[] {
  const history = messages.map((message): ChatHistoryItem =>
    message.role === 'system'
      ? { type: 'system', text: message.content }
      : message.role === 'user'
        ? { type: 'user', text: message.content }
        : { type: 'model', response: [message.content] },
  );
  if (history.at(-1)?.type !== 'model') history.push({ type: 'model', response: [] });
  return history;
}

/** The messages as one plain prompt, for baselines that take raw text: about the same length as the templated prompt. */
export function plainPrompt(messages: readonly ChatMessage[]): string {
  return `${messages.map((message) => `<|${message.role}|>\n${message.content}`).join('\n')}\n<|assistant|>\n`;
}
