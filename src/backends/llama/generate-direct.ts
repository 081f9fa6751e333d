import { loadLlamaRuntime } from './llama-runtime.js';

/** Timings of one direct generation. */
export interface DirectGeneration {
  text: string;
  promptTokens: number;
  /** Always the number asked for: end-of-text tokens do not stop it. */
  generatedTokens: number;
  /** Loading the model file (the llama.cpp runtime excluded). */
  loadMs: number;
  /** Evaluating the prompt, up to the first generated token. */
  promptMs: number;
  /** Generating the remaining tokens. */
  generateMs: number;
  /** Generated tokens after the first per second of `generateMs`. */
  tokensPerSecond: number;
}

/**
 * Generates exactly `tokens` tokens greedily from a raw prompt with
 * node-llama-cpp alone (no chat template, no quorum backend, a private model
 * and context disposed afterwards): the baseline to compare quorum's overhead
 * against in benchmarks.
 */
export async function generateDirect(
  modelPath: string,
  prompt: string,
  tokens: number,
  options: { threads?: number } = {},
): Promise<DirectGeneration> {
  if (!Number.isInteger(tokens) || tokens < 1) throw new RangeError(`generateDirect: tokens must be a positive integer, got ${tokens}`);
  const llama = await loadLlamaRuntime({ quiet: true });
  const loadStarted = performance.now();
  const model = await llama.loadModel({ modelPath });
  const loadMs = performance.now() - loadStarted;
  try {
    const bos = model.tokens.bos;
    const promptTokens = [...(bos === null ? [] : [bos]), ...model.tokenize(prompt)];
    const context = await model.createContext({
      sequences: 1,
      contextSize: Math.min(model.trainContextSize, promptTokens.length + tokens + 16),
      ...(options.threads === undefined ? {} : { threads: options.threads }),
    });
    try {
      const sequence = context.getSequence();
      const generated = [];
      const started = performance.now();
      let firstTokenAt = started;
      for await (const token of sequence.evaluate(promptTokens, { temperature: 0, yieldEogToken: true })) {
        if (generated.length === 0) firstTokenAt = performance.now();
        generated.push(token);
        if (generated.length >= tokens) break;
      }
      const finished = performance.now();
      const generateMs = finished - firstTokenAt;
      return {
        text: model.detokenize(generated),
        promptTokens: promptTokens.length,
        generatedTokens: generated.length,
        loadMs,
        promptMs: firstTokenAt - started,
        generateMs,
        tokensPerSecond: generated.length > 1 && generateMs > 0 ? ((generated.length - 1) * 1000) / generateMs : 0,
      };
    } finally {
      await context.dispose();
    }
  } finally {
    await model.dispose();
  }
}
