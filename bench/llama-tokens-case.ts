/**
 * Benchmark 3 (worker process): a small `du` run on quorum's generated GGUF
 * (`startRun` → llama backend, one sequence, one thread, one call at a time)
 * against node-llama-cpp replaying the exact messages quorum sent, read back
 * from the stored turn events, with the same sampling settings. With the
 * same seeds, bias and thread count both sides generate the same tokens, so
 * the ratio measures quorum's overhead and nothing else.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveChatWrapper } from 'node-llama-cpp';
import { byteTokenBias } from '../src/backends/llama/byte-token-bias.js';
import { loadLlamaRuntime } from '../src/backends/llama/llama-runtime.js';
import { ensureTestModel } from '../src/backends/llama/test-model/ensure-test-model.js';
import { startRun, uniformAgents } from '../src/runner/start-run.js';
import { eventsOfType } from '../src/spec/trace.js';
import { openSqliteStore } from '../src/store/open-sqlite-store.js';
import { runWorker, type LlamaCaseConfig, type LlamaCaseResult, type LlamaRepetition } from './case-protocol.js';
import { replayDirectly, type ReplayCall } from './direct-llama-replay.js';
import { processPeakRss, sampleRss } from './rss-sampler.js';
import { syntheticDataset } from './synthetic-questions.js';

/** The test model's training context (4,096), which is also quorum's default for it; set on both sides. */
const CONTEXT_SIZE = 4096;
const TEMPERATURE = 0.7;

interface QuorumSide {
  repetition: LlamaRepetition;
  calls: ReplayCall[];
  texts: string[];
}

async function quorumRun(config: LlamaCaseConfig, modelPath: string): Promise<QuorumSide> {
  const directory = mkdtempSync(join(tmpdir(), 'quorum-bench-llama-'));
  const store = await openSqliteStore(join(directory, 'bench.db'));
  try {
    const rss = sampleRss();
    const started = performance.now();
    const outcome = await startRun({
      store,
      protocol: 'du',
      overrides: { rounds: config.rounds },
      dataset: syntheticDataset(config.questions),
      agents: uniformAgents(config.agents, `llama:${modelPath}`, { temperature: TEMPERATURE, maxTokens: config.maxTokens }),
      seeds: [1],
      concurrency: 1,
      backendConcurrency: 1,
      llama: { threads: config.threads, contextSize: CONTEXT_SIZE, sequences: 1, quiet: true },
      fresh: true,
    });
    const wallMs = performance.now() - started;
    const peakRssBytes = rss.stop();
    const calls: ReplayCall[] = [];
    const texts: string[] = [];
    let completionTokens = 0;
    let promptTokens = 0;
    let generationMs = 0;
    for (const unit of await store.listUnits(outcome.runId)) {
      if (unit.status !== 'done') throw new Error(`unit ${unit.id} of the llama run ${unit.status}`);
      for (const turn of eventsOfType(await store.getEvents(unit.id), 'turn')) {
        calls.push({ messages: turn.messages, maxTokens: config.maxTokens, temperature: TEMPERATURE, seed: turn.seed });
        texts.push(turn.text);
        completionTokens += turn.usage.completionTokens;
        promptTokens += turn.usage.promptTokens;
        generationMs += turn.latencyMs;
      }
    }
    return { repetition: { side: 'quorum', calls: calls.length, completionTokens, promptTokens, wallMs, generationMs, peakRssBytes }, calls, texts };
  } finally {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

async function directRun(config: LlamaCaseConfig, modelPath: string, calls: readonly ReplayCall[], promptTokens: number): Promise<{ repetition: LlamaRepetition; texts: string[] }> {
  const llama = await loadLlamaRuntime({ quiet: true });
  const rss = sampleRss();
  const outcome = await replayDirectly(llama, modelPath, { threads: config.threads, contextSize: CONTEXT_SIZE, tokenBias: byteTokenBias }, calls);
  const peakRssBytes = rss.stop();
  return {
    repetition: {
      side: 'direct',
      calls: calls.length,
      completionTokens: outcome.completionTokens,
      // The direct side's token meter also counts generated tokens fed back in; quorum's prompt count is the comparable figure.
      promptTokens,
      wallMs: outcome.wallMs,
      generationMs: outcome.generationMs,
      peakRssBytes,
    },
    texts: outcome.texts,
  };
}

async function timeResolveChatWrapper(modelPath: string): Promise<number> {
  const llama = await loadLlamaRuntime({ quiet: true });
  const model = await llama.loadModel({ modelPath });
  try {
    const started = performance.now();
    resolveChatWrapper(model);
    return performance.now() - started;
  } finally {
    await model.dispose();
  }
}

async function run(config: LlamaCaseConfig): Promise<LlamaCaseResult> {
  const modelPath = await ensureTestModel();
  await loadLlamaRuntime({ quiet: true });
  const warmup = await quorumRun(config, modelPath);
  await directRun(config, modelPath, warmup.calls, warmup.repetition.promptTokens);
  const repetitions: LlamaRepetition[] = [];
  let sameOutput = true;
  for (let index = 0; index < config.repetitions; index++) {
    const quorum = await quorumRun(config, modelPath);
    const direct = await directRun(config, modelPath, quorum.calls, quorum.repetition.promptTokens);
    repetitions.push(quorum.repetition, direct.repetition);
    sameOutput &&= direct.texts.length === quorum.texts.length && direct.texts.every((text, call) => text === quorum.texts[call]);
  }
  const resolveChatWrapperMs = await timeResolveChatWrapper(modelPath);
  return { kind: 'llama', config, repetitions, sameOutput, resolveChatWrapperMs, processPeakRssBytes: processPeakRss() };
}

await runWorker(run);
