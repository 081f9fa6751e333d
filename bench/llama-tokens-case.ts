/**
 * Benchmark 3 (worker process): a small `du` run on quorum's generated GGUF
 * (`startRun` → llama backend, one sequence, one thread, one call at a time)
 * against node-llama-cpp doing the same generation with no quorum code on
 * the call path, for the exact prompts quorum sent (read back from the stored
 * turn events):
 * - `generateDirect` (src/backends/llama/generate-direct.ts, the project's
 *   baseline helper): each prompt as plain text, greedy, exactly as many
 *   tokens as quorum generated for that call;
 * - `LlamaChat` replay: the same messages, template, seed, temperature and
 *   token bias (the one the llama backend gives the generated model), so the
 *   output is identical token for token.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveChatWrapper } from 'node-llama-cpp';
import { testModelTokenBias } from '../src/backends/llama/byte-token-bias.js';
import { generateDirect } from '../src/backends/llama/generate-direct.js';
import { createBackend } from '../src/backends/create-backend.js';
import { loadLlamaRuntime } from '../src/backends/llama/llama-runtime.js';
import { startRun, uniformAgents } from '../src/runner/start-run.js';
import { eventsOfType } from '../src/spec/trace.js';
import { openSqliteStore } from '../src/store/open-sqlite-store.js';
import { testModelPath } from '../test/helpers/test-model.js';
import { runWorker, type LlamaCaseConfig, type LlamaCaseResult, type LlamaRepetition } from './case-protocol.js';
import { openLlamaChatReplayer, plainPrompt, replayWithLlamaChat, type ReplayCall } from './direct-llama-replay.js';
import { processPeakRss, sampleRss } from './rss-sampler.js';
import { syntheticDataset } from './synthetic-questions.js';

/** The test model's training context (4,096), which is also quorum's default for it; set on every side. */
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
    const cpuBefore = process.cpuUsage();
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
    const cpuMs = cpuSince(cpuBefore);
    const peakRssBytes = rss.stop();
    const calls: ReplayCall[] = [];
    const texts: string[] = [];
    let promptTokens = 0;
    let generationMs = 0;
    for (const unit of await store.listUnits(outcome.runId)) {
      if (unit.status !== 'done') throw new Error(`unit ${unit.id} of the llama run ${unit.status}`);
      for (const turn of eventsOfType(await store.getEvents(unit.id), 'turn')) {
        calls.push({ messages: turn.messages, maxTokens: config.maxTokens, temperature: TEMPERATURE, seed: turn.seed, completionTokens: turn.usage.completionTokens });
        texts.push(turn.text);
        promptTokens += turn.usage.promptTokens;
        generationMs += turn.latencyMs;
      }
    }
    const completionTokens = calls.reduce((sum, call) => sum + call.completionTokens, 0);
    return { repetition: { side: 'quorum', calls: calls.length, completionTokens, promptTokens, wallMs, generationMs, cpuMs, peakRssBytes }, calls, texts };
  } finally {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

/**
 * `generateDirect` per call. It loads a private model and context each time;
 * a direct user would load once, so the run time counts the first load and
 * then prompt evaluation plus generation of every call.
 */
async function generateDirectRun(config: LlamaCaseConfig, modelPath: string, calls: readonly ReplayCall[]): Promise<LlamaRepetition> {
  const rss = sampleRss();
  const cpuBefore = process.cpuUsage();
  let loadMs: number | undefined;
  let generationMs = 0;
  let completionTokens = 0;
  let promptTokens = 0;
  for (const call of calls) {
    if (call.completionTokens === 0) continue;
    const generation = await generateDirect(modelPath, plainPrompt(call.messages), call.completionTokens, { threads: config.threads });
    loadMs ??= generation.loadMs;
    generationMs += generation.promptMs + generation.generateMs;
    completionTokens += generation.generatedTokens;
    promptTokens += generation.promptTokens;
  }
  return { side: 'generate-direct', calls: calls.length, completionTokens, promptTokens, wallMs: (loadMs ?? 0) + generationMs, generationMs, cpuMs: cpuSince(cpuBefore), peakRssBytes: rss.stop() };
}

async function llamaChatRun(config: LlamaCaseConfig, modelPath: string, calls: readonly ReplayCall[]): Promise<{ repetition: LlamaRepetition; texts: string[] }> {
  const llama = await loadLlamaRuntime({ quiet: true });
  const rss = sampleRss();
  const cpuBefore = process.cpuUsage();
  const outcome = await replayWithLlamaChat(llama, modelPath, { threads: config.threads, contextSize: CONTEXT_SIZE, tokenBias: testModelTokenBias }, calls);
  return {
    repetition: {
      side: 'llama-chat-replay',
      calls: calls.length,
      completionTokens: outcome.completionTokens,
      promptTokens: outcome.promptTokens,
      wallMs: outcome.wallMs,
      generationMs: outcome.generationMs,
      cpuMs: cpuSince(cpuBefore),
      peakRssBytes: rss.stop(),
    },
    texts: outcome.texts,
  };
}

/** Passes of the interleaved comparison. */
const INTERLEAVED_PASSES = 3;

async function interleavedCalls(config: LlamaCaseConfig, modelPath: string, calls: readonly ReplayCall[]): Promise<LlamaCaseResult['interleaved']> {
  const backend = await createBackend(`llama:${modelPath}`, { llama: { threads: config.threads, contextSize: CONTEXT_SIZE, sequences: 1, quiet: true } });
  const replayer = await openLlamaChatReplayer(await loadLlamaRuntime({ quiet: true }), modelPath, {
    threads: config.threads,
    contextSize: CONTEXT_SIZE,
    tokenBias: testModelTokenBias,
  });
  const quorumMs: number[] = [];
  const directMs: number[] = [];
  let sameOutput = true;
  try {
    for (let pass = 0; pass < INTERLEAVED_PASSES; pass++) {
      let quorumPass = 0;
      let directPass = 0;
      for (const [index, call] of calls.entries()) {
        const viaQuorum = async (): Promise<string> => {
          const started = performance.now();
          const response = await backend.complete({ messages: call.messages, decoding: { temperature: call.temperature, maxTokens: call.maxTokens, seed: call.seed }, sampleIndex: 0 });
          quorumPass += performance.now() - started;
          return response.text;
        };
        const direct = async (): Promise<string> => {
          const replayed = await replayer.replay(call);
          directPass += replayed.ms;
          return replayed.text;
        };
        // Alternate who goes first, so neither side always follows the other.
        const quorumFirst = (pass + index) % 2 === 0;
        const first = await (quorumFirst ? viaQuorum() : direct());
        const second = await (quorumFirst ? direct() : viaQuorum());
        sameOutput &&= first === second;
      }
      quorumMs.push(quorumPass);
      directMs.push(directPass);
    }
  } finally {
    await replayer.close();
    await backend.close?.();
  }
  return { quorumMs, directMs, sameOutput };
}

function cpuSince(before: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

async function timeChatWrapper(modelPath: string): Promise<LlamaCaseResult['chatWrapperMs']> {
  const llama = await loadLlamaRuntime({ quiet: true });
  const model = await llama.loadModel({ modelPath });
  try {
    let started = performance.now();
    resolveChatWrapper(model);
    const auto = performance.now() - started;
    started = performance.now();
    resolveChatWrapper(model, { type: 'jinjaTemplate' });
    return { auto, jinjaTemplate: performance.now() - started };
  } finally {
    await model.dispose();
  }
}

async function run(config: LlamaCaseConfig): Promise<LlamaCaseResult> {
  const baselineRssBytes = process.memoryUsage.rss();
  const modelPath = await testModelPath();
  await loadLlamaRuntime({ quiet: true });
  const warmup = await quorumRun(config, modelPath);
  await llamaChatRun(config, modelPath, warmup.calls);
  await generateDirectRun(config, modelPath, warmup.calls);
  const repetitions: LlamaRepetition[] = [];
  let sameOutput = true;
  for (let index = 0; index < config.repetitions; index++) {
    const quorum = await quorumRun(config, modelPath);
    const replay = await llamaChatRun(config, modelPath, quorum.calls);
    const direct = await generateDirectRun(config, modelPath, quorum.calls);
    repetitions.push(quorum.repetition, replay.repetition, direct);
    sameOutput &&= replay.texts.length === quorum.texts.length && replay.texts.every((text, call) => text === quorum.texts[call]);
  }
  const interleaved = await interleavedCalls(config, modelPath, warmup.calls);
  const chatWrapperMs = await timeChatWrapper(modelPath);
  return { kind: 'llama', config, repetitions, sameOutput, interleaved, chatWrapperMs, baselineRssBytes, processPeakRssBytes: processPeakRss() };
}

await runWorker(run);
