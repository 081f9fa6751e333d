import type { ProfileSummary } from './cpu-profile-summary.js';

/**
 * What the benchmark driver (run.ts) and its worker processes exchange. Each
 * case runs in a fresh process so its peak memory is its own.
 */

/**
 * The `du` workload of benchmarks 1 and 2 and the scale-out case: 3 agents ×
 * 3 rounds (round 0 and `rounds: 2` debate rounds) = 9 calls per unit, the
 * workload of their earlier figures. `du` alone is Du et al.'s 2 rounds
 * since it follows their code, so the cases pass these overrides, and the
 * reports compute their counts and latency bounds from `BENCH_DU_ROUNDS`.
 */
export const BENCH_DU_OVERRIDES = Object.freeze({ rounds: 2 });
/** Rounds of one unit (round 0 included): every round is 3 parallel calls. */
export const BENCH_DU_ROUNDS = BENCH_DU_OVERRIDES.rounds + 1;
/** Calls per unit. */
export const BENCH_DU_CALLS_PER_UNIT = 3 * BENCH_DU_ROUNDS;

/** How the OpenAI backend sends calls: node:http directly (as shipped), or through Node's global fetch (its `fetch` option, for proxies). */
export type FetchVariant = 'direct' | 'global-fetch';

/** Benchmarks 1 and 2: `du` runs through `startRun` against the fake server. */
export interface HttpCaseConfig {
  kind: 'http';
  /** Delay the server adds to every reply. */
  latencyMs: number;
  /** Units (questions) of each measured run; `BENCH_DU_CALLS_PER_UNIT` completions each. */
  units: number;
  warmupUnits: number;
  /** Measured runs per variant; variants alternate run by run. */
  repetitions: number;
  /** Units in flight. */
  concurrency: number;
  /** Requests in flight per backend (the concurrency middleware). */
  backendConcurrency: number;
  variants: FetchVariant[];
  /** Profile the measured runs (not the warm-up or start-up) with V8's sampling profiler. */
  profile?: boolean;
  /** Also measure the pieces of the path apart (`measureCeilings`) with this many calls each. */
  ceilingCalls?: number;
}

/** One piece of the HTTP path measured on its own. */
export interface CeilingMeasurement {
  name: string;
  calls: number;
  wallMs: number;
  clientCpuMs: number;
  serverCpuMs: number;
}

/** One measured run. */
export interface HttpRepetition {
  variant: FetchVariant;
  units: number;
  completions: number;
  failedUnits: number;
  wallMs: number;
  clientCpuMs: number;
  serverCpuMs: number;
  /** Sampled peak RSS of the client process during the run. */
  peakRssBytes: number;
}

export interface HttpCaseResult {
  kind: 'http';
  config: HttpCaseConfig;
  repetitions: HttpRepetition[];
  /** The pieces measured apart, when `ceilingCalls` was set. */
  ceilings?: CeilingMeasurement[];
  /** Where the measured runs spent their time, when `profile` was set. */
  profile?: ProfileSummary;
  /** RSS of the worker once its modules are loaded, before any run (bytes). */
  baselineRssBytes: number;
  /** `process.resourceUsage().maxRSS` of the worker at the end (bytes). */
  processPeakRssBytes: number;
}

/** Benchmark 3: a `du` run on the generated GGUF versus node-llama-cpp doing the same generation directly. */
export interface LlamaCaseConfig {
  kind: 'llama';
  questions: number;
  agents: number;
  /** Rounds after round 0. */
  rounds: number;
  maxTokens: number;
  threads: number;
  /** Measured runs per side; sides alternate. */
  repetitions: number;
}

/**
 * Who generated: quorum (`startRun`); `generateDirect` (quorum's benchmark
 * helper on node-llama-cpp's low-level `sequence.evaluate`: raw prompt, greedy,
 * exactly the token count quorum produced per call); or node-llama-cpp's
 * `LlamaChat` replaying quorum's exact messages with the same template and
 * sampling (identical output).
 */
export type LlamaSide = 'quorum' | 'generate-direct' | 'llama-chat-replay';

/** One measured run of one side. */
export interface LlamaRepetition {
  side: LlamaSide;
  calls: number;
  completionTokens: number;
  /** Prompt tokens as this side counts them. */
  promptTokens: number;
  /**
   * The run: quorum's whole `startRun` (store, model load, context, every
   * call); for the direct sides one model load plus the calls.
   */
  wallMs: number;
  /** Time inside the calls only (quorum: sum of turn latencies). */
  generationMs: number;
  /**
   * CPU time of the whole process (JavaScript and llama.cpp threads) during
   * the run: less sensitive than wall time to other processes taking the
   * cores. For `generate-direct` it includes a model load per call.
   */
  cpuMs: number;
  peakRssBytes: number;
}

export interface LlamaCaseResult {
  kind: 'llama';
  config: LlamaCaseConfig;
  repetitions: LlamaRepetition[];
  /** True when the LlamaChat replay produced exactly the texts quorum stored. */
  sameOutput: boolean;
  /**
   * The same calls made one by one, alternating quorum's llama backend
   * (`createBackend`, no engine or store) and the LlamaChat replay on the same
   * request, so both see the same machine load: time per pass of each side.
   */
  interleaved: { quorumMs: number[]; directMs: number[]; sameOutput: boolean };
  /** node-llama-cpp's `resolveChatWrapper` on the test model: automatic matching, and with the type given. */
  chatWrapperMs: { auto: number; jinjaTemplate: number };
  /** RSS of the worker once its modules are loaded, before any run (bytes). */
  baselineRssBytes: number;
  processPeakRssBytes: number;
}

export type CaseConfig = HttpCaseConfig | LlamaCaseConfig;
export type CaseResult = HttpCaseResult | LlamaCaseResult;

/** Environment variable carrying a worker's JSON config. */
export const CASE_CONFIG_ENV = 'QUORUM_BENCH_CASE';

/** Reads this worker's config, runs it and sends the result to the driver. */
export async function runWorker<C extends CaseConfig>(run: (config: C) => Promise<CaseResult>): Promise<void> {
  const raw = process.env[CASE_CONFIG_ENV];
  if (raw === undefined) throw new Error(`run this file through bench/run.ts (${CASE_CONFIG_ENV} is not set)`);
  const result = await run(JSON.parse(raw) as C);
  await new Promise<void>((resolve, reject) => process.send!({ type: 'result', result }, (error: Error | null) => (error ? reject(error) : resolve())));
  // Idle keep-alive sockets and llama.cpp handles must not keep a finished worker alive.
  process.exit(0);
}
