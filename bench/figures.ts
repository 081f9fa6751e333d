import type { FetchVariant, HttpCaseResult, HttpRepetition, LlamaCaseResult, LlamaRepetition, LlamaSide } from './case-protocol.js';

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Figures of one variant of an HTTP case: medians over its measured runs. */
export interface HttpFigures {
  variant: FetchVariant;
  runs: number;
  completionsPerSecond: number;
  /** Lowest and highest completions/s of the runs. */
  range: [number, number];
  unitsPerSecond: number;
  /** Client (quorum) CPU time per completion, in milliseconds. */
  clientCpuMsPerCompletion: number;
  serverCpuMsPerCompletion: number;
  /** Cores the client kept busy on average (CPU time / wall time). */
  clientCores: number;
  serverCores: number;
  peakRssBytes: number;
  failedUnits: number;
}

const completionsPerSecond = (run: HttpRepetition): number => run.completions / (run.wallMs / 1000);

export function httpFigures(result: HttpCaseResult, variant: FetchVariant): HttpFigures {
  const runs = result.repetitions.filter((run) => run.variant === variant);
  const rates = runs.map(completionsPerSecond);
  return {
    variant,
    runs: runs.length,
    completionsPerSecond: median(rates),
    range: [Math.min(...rates), Math.max(...rates)],
    unitsPerSecond: median(runs.map((run) => run.units / (run.wallMs / 1000))),
    clientCpuMsPerCompletion: median(runs.map((run) => run.clientCpuMs / run.completions)),
    serverCpuMsPerCompletion: median(runs.map((run) => run.serverCpuMs / run.completions)),
    clientCores: median(runs.map((run) => run.clientCpuMs / run.wallMs)),
    serverCores: median(runs.map((run) => run.serverCpuMs / run.wallMs)),
    peakRssBytes: Math.max(...runs.map((run) => run.peakRssBytes)),
    failedUnits: runs.reduce((sum, run) => sum + run.failedUnits, 0),
  };
}

/**
 * Completions/s of `variant` over `baseline`, as the median of the ratios of
 * runs made back to back (the variants alternate), so drifting machine load
 * cancels out.
 */
export function pairedHttpRatio(result: HttpCaseResult, variant: FetchVariant, baseline: FetchVariant): number {
  const ofVariant = result.repetitions.filter((run) => run.variant === variant);
  const ofBaseline = result.repetitions.filter((run) => run.variant === baseline);
  return median(ofVariant.map((run, index) => completionsPerSecond(run) / completionsPerSecond(ofBaseline[index]!)));
}

/** Figures of one side of the llama case, against quorum where it is a baseline. */
export interface LlamaSideFigures {
  side: LlamaSide;
  completionTokens: number;
  promptTokens: number;
  wallMs: number;
  generationMs: number;
  tokensPerSecond: number;
  generationTokensPerSecond: number;
  /** Quorum tokens/s ÷ this side's tokens/s, whole runs (median of back-to-back runs); 1 for quorum. */
  ratio: number;
  /**
   * Quorum's fastest run ÷ this side's fastest run (tokens/s, whole runs).
   * Other processes only ever slow a run down, so the best of several is the
   * steadiest estimate on a busy machine.
   */
  bestRatio: number;
  /** Lowest and highest per-round `ratio`: how much the machine's load moved it. */
  ratioRange: [number, number];
  /** The same ratio over the time inside calls only. */
  generationRatio: number;
  /** Completion tokens per CPU-second of the process. */
  cpuTokensPerSecond: number;
  /** Quorum ÷ this side in tokens per CPU-second. */
  cpuRatio: number;
  peakRssBytes: number;
}

const tokensPerSecond = (run: LlamaRepetition, ms: number): number => run.completionTokens / (ms / 1000);

export function llamaFigures(result: LlamaCaseResult, side: LlamaSide): LlamaSideFigures {
  const runs = result.repetitions.filter((run) => run.side === side);
  const quorum = result.repetitions.filter((run) => run.side === 'quorum');
  const ratios = runs.map((run, index) => tokensPerSecond(quorum[index]!, quorum[index]!.wallMs) / tokensPerSecond(run, run.wallMs));
  return {
    side,
    completionTokens: median(runs.map((run) => run.completionTokens)),
    promptTokens: median(runs.map((run) => run.promptTokens)),
    wallMs: median(runs.map((run) => run.wallMs)),
    generationMs: median(runs.map((run) => run.generationMs)),
    tokensPerSecond: median(runs.map((run) => tokensPerSecond(run, run.wallMs))),
    generationTokensPerSecond: median(runs.map((run) => tokensPerSecond(run, run.generationMs))),
    ratio: median(ratios),
    bestRatio: Math.max(...quorum.map((run) => tokensPerSecond(run, run.wallMs))) / Math.max(...runs.map((run) => tokensPerSecond(run, run.wallMs))),
    ratioRange: [Math.min(...ratios), Math.max(...ratios)],
    generationRatio: median(runs.map((run, index) => tokensPerSecond(quorum[index]!, quorum[index]!.generationMs) / tokensPerSecond(run, run.generationMs))),
    cpuTokensPerSecond: median(runs.map((run) => tokensPerSecond(run, run.cpuMs))),
    cpuRatio: median(runs.map((run, index) => tokensPerSecond(quorum[index]!, quorum[index]!.cpuMs) / tokensPerSecond(run, run.cpuMs))),
    peakRssBytes: Math.max(...runs.map((run) => run.peakRssBytes)),
  };
}

/** Quorum's llama backend ÷ the LlamaChat replay in tokens/s, call by call interleaved: per-pass ratios and their median. */
export function interleavedRatios(result: LlamaCaseResult): { median: number; passes: number[] } {
  // The same tokens on both sides, so the tokens/s ratio is the inverse ratio of times.
  const passes = result.interleaved.quorumMs.map((quorumMs, pass) => result.interleaved.directMs[pass]! / quorumMs);
  return { median: median(passes), passes };
}
