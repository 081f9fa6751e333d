import type { FetchVariant, HttpCaseResult, HttpRepetition, LlamaCaseResult, LlamaRepetition } from './case-protocol.js';

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

/** Figures of the llama case. */
export interface LlamaFigures {
  calls: number;
  completionTokens: number;
  promptTokens: number;
  quorumTokensPerSecond: number;
  directTokensPerSecond: number;
  /** Quorum tokens/s ÷ direct tokens/s, whole runs (median of back-to-back pairs). */
  ratio: number;
  quorumGenerationTokensPerSecond: number;
  directGenerationTokensPerSecond: number;
  /** The same ratio over the time inside calls only. */
  generationRatio: number;
  quorumWallMs: number;
  directWallMs: number;
  quorumPeakRssBytes: number;
  directPeakRssBytes: number;
}

export function llamaFigures(result: LlamaCaseResult): LlamaFigures {
  const quorum = result.repetitions.filter((run) => run.side === 'quorum');
  const direct = result.repetitions.filter((run) => run.side === 'direct');
  const perSecond = (run: LlamaRepetition, ms: number) => run.completionTokens / (ms / 1000);
  return {
    calls: quorum[0]?.calls ?? 0,
    completionTokens: quorum[0]?.completionTokens ?? 0,
    promptTokens: quorum[0]?.promptTokens ?? 0,
    quorumTokensPerSecond: median(quorum.map((run) => perSecond(run, run.wallMs))),
    directTokensPerSecond: median(direct.map((run) => perSecond(run, run.wallMs))),
    ratio: median(quorum.map((run, index) => perSecond(run, run.wallMs) / perSecond(direct[index]!, direct[index]!.wallMs))),
    quorumGenerationTokensPerSecond: median(quorum.map((run) => perSecond(run, run.generationMs))),
    directGenerationTokensPerSecond: median(direct.map((run) => perSecond(run, run.generationMs))),
    generationRatio: median(quorum.map((run, index) => perSecond(run, run.generationMs) / perSecond(direct[index]!, direct[index]!.generationMs))),
    quorumWallMs: median(quorum.map((run) => run.wallMs)),
    directWallMs: median(direct.map((run) => run.wallMs)),
    quorumPeakRssBytes: Math.max(...quorum.map((run) => run.peakRssBytes)),
    directPeakRssBytes: Math.max(...direct.map((run) => run.peakRssBytes)),
  };
}
