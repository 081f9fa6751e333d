import { BENCH_DU_CALLS_PER_UNIT, BENCH_DU_ROUNDS, type HttpCaseResult, type LlamaCaseResult, type LlamaSide } from './case-protocol.js';
import type { ProfileSummary } from './cpu-profile-summary.js';
import { httpFigures, interleavedRatios, llamaFigures, pairedHttpRatio, type HttpFigures, type LlamaSideFigures } from './figures.js';

/** Targets of the benchmarks (BENCHMARKS.md shows them beside the figures). */
export const TARGETS = {
  completionsPerSecond: 1500,
  /** Share of the ideal rate (requests in flight ÷ latency). */
  latencyEfficiency: 0.9,
  /** Quorum tokens/s ÷ direct node-llama-cpp tokens/s. */
  llamaRatio: 0.9,
} as const;

/** Everything one `npm run bench` measured. */
export interface BenchReport {
  date: string;
  quick: boolean;
  environment: { node: string; cpus: number; cpuModel: string; memoryBytes: number; platform: string; loadStart: number[]; loadEnd: number[] };
  instant?: HttpCaseResult;
  latency?: HttpCaseResult;
  llama?: LlamaCaseResult;
  profile?: { summary: ProfileSummary; units: number };
  durationMs: number;
}

/** One line of the results table. */
interface ResultRow {
  id: string;
  benchmark: string;
  result: string;
  target: string;
  verdict: string;
  peakRss: string;
}

const integer = (value: number): string => Math.round(value).toLocaleString('en-US');
const fixed = (value: number, digits: number): string => value.toFixed(digits);
const percent = (value: number): string => `${Math.round(value * 100)} %`;
const megabytes = (bytes: number): string => `${integer(bytes / 1024 / 1024)} MB`;
const seconds = (ms: number): string => `${fixed(ms / 1000, 2)} s`;
const meets = (ok: boolean): string => (ok ? 'meets' : 'below');

function idealRate(result: HttpCaseResult): number {
  return result.config.backendConcurrency / (result.config.latencyMs / 1000);
}

/** The rows of the results table, in benchmark order. */
export function resultRows(report: BenchReport): ResultRow[] {
  const rows: ResultRow[] = [];
  if (report.instant !== undefined) {
    const shipped = httpFigures(report.instant, 'direct');
    rows.push({
      id: '1',
      benchmark: 'completions/s through engine + SQLite, instant server',
      result: `${integer(shipped.completionsPerSecond)}/s (${fixed(shipped.unitsPerSecond, 1)} units/s)`,
      target: `≥ ${integer(TARGETS.completionsPerSecond)}/s`,
      verdict: `${meets(shipped.completionsPerSecond >= TARGETS.completionsPerSecond)} (${percent(shipped.completionsPerSecond / TARGETS.completionsPerSecond)} of target)`,
      peakRss: megabytes(shipped.peakRssBytes),
    });
    if (report.instant.config.variants.includes('global-fetch')) {
      const whatIf = httpFigures(report.instant, 'global-fetch');
      rows.push({
        id: '1′',
        benchmark: 'same, through Node\'s global fetch (the backend\'s `fetch` option)',
        result: `${integer(whatIf.completionsPerSecond)}/s (${fixed(whatIf.unitsPerSecond, 1)} units/s)`,
        target: '(comparison)',
        verdict: `${fixed(pairedHttpRatio(report.instant, 'global-fetch', 'direct'), 2)} × as shipped`,
        peakRss: megabytes(whatIf.peakRssBytes),
      });
    }
  }
  if (report.latency !== undefined) {
    const ideal = idealRate(report.latency);
    for (const variant of report.latency.config.variants) {
      const figures = httpFigures(report.latency, variant);
      const shipped = variant === 'direct';
      rows.push({
        id: shipped ? '2' : '2′',
        benchmark: shipped
          ? `${report.latency.config.latencyMs} ms latency, ${report.latency.config.backendConcurrency} in flight`
          : 'same, through Node\'s global fetch (the backend\'s `fetch` option)',
        result: `${integer(figures.completionsPerSecond)}/s = ${percent(figures.completionsPerSecond / ideal)} of ideal ${integer(ideal)}/s`,
        target: shipped ? `≥ ${percent(TARGETS.latencyEfficiency)} of ideal` : '(comparison)',
        verdict: meets(figures.completionsPerSecond / ideal >= TARGETS.latencyEfficiency),
        peakRss: megabytes(figures.peakRssBytes),
      });
    }
  }
  if (report.llama !== undefined) {
    const quorum = llamaFigures(report.llama, 'quorum');
    const baselines: Array<[LlamaSide, string, string]> = [
      // The replay does exactly quorum's work (same tokens), so it is the headline; generateDirect is the project's helper.
      ['llama-chat-replay', '3', '`du` tokens/s on the generated GGUF vs node-llama-cpp `LlamaChat` replaying the same prompts (identical output)'],
      ['generate-direct', '3′', 'same vs node-llama-cpp `sequence.evaluate` via `generateDirect` (same token counts, plain prompts, greedy)'],
    ];
    for (const [side, id, benchmark] of baselines) {
      const figures = llamaFigures(report.llama, side);
      rows.push({
        id,
        benchmark,
        result:
          `${integer(quorum.tokensPerSecond)} vs ${integer(figures.tokensPerSecond)} tokens/s = ${percent(figures.ratio)} (best runs ${percent(figures.bestRatio)})` +
          (figures.ratioRange[0] === figures.ratioRange[1] ? '' : ` (rounds ${percent(figures.ratioRange[0])}–${percent(figures.ratioRange[1])})`)+
          (side === 'llama-chat-replay' ? `; per CPU-second ${percent(figures.cpuRatio)}` : ''),
        target: `≥ ${percent(TARGETS.llamaRatio)}`,
        verdict: meets(figures.ratio >= TARGETS.llamaRatio) + (figures.ratio >= TARGETS.llamaRatio === figures.bestRatio >= TARGETS.llamaRatio ? '' : ` (best runs: ${meets(figures.bestRatio >= TARGETS.llamaRatio)})`),
        peakRss: megabytes(Math.max(quorum.peakRssBytes, figures.peakRssBytes)),
      });
    }
    const interleaved = interleavedRatios(report.llama);
    rows.push({
      id: '3″',
      benchmark: 'per call, interleaved: quorum\'s llama backend vs the `LlamaChat` replay, same requests',
      result: `${percent(interleaved.median)} (passes ${interleaved.passes.map(percent).join(', ')})`,
      target: `≥ ${percent(TARGETS.llamaRatio)}`,
      verdict: meets(interleaved.median >= TARGETS.llamaRatio),
      peakRss: '',
    });
  }
  return rows;
}

/** A plain-text table for the terminal. */
export function consoleTable(report: BenchReport): string {
  const header: ResultRow = { id: '#', benchmark: 'benchmark', result: 'result', target: 'target', verdict: 'verdict', peakRss: 'peak RSS' };
  const rows = [header, ...resultRows(report)];
  const keys = Object.keys(header) as Array<keyof ResultRow>;
  const widths = keys.map((key) => Math.max(...rows.map((row) => row[key].length)));
  const line = (row: ResultRow) => keys.map((key, index) => row[key].padEnd(widths[index]!)).join('  ').trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

const FINDINGS_START = '<!-- findings:start -->';
const FINDINGS_END = '<!-- findings:end -->';

/** The hand-written findings of an existing BENCHMARKS.md, kept when the figures are replaced. */
export function keptFindings(previous: string | undefined): string | undefined {
  if (previous === undefined) return undefined;
  const start = previous.indexOf(FINDINGS_START);
  const end = previous.indexOf(FINDINGS_END);
  return start >= 0 && end > start ? previous.slice(start, end + FINDINGS_END.length) : undefined;
}

/**
 * What follows the findings in an earlier BENCHMARKS.md, kept when `npm run
 * bench` rewrites the figures above it: the sections standalone benchmarks
 * write between `<!-- name:start -->` and `<!-- name:end -->` markers
 * (viewer, scale-out, peers, test suite) and any hand-written text between
 * them (the viewer's before-and-after subsections sit after its end marker;
 * keeping only the marked sections dropped them). A file without a findings
 * block keeps its marked sections only.
 */
export function keptStandaloneSections(previous: string | undefined): string {
  if (previous === undefined) return '';
  const findingsEnd = previous.indexOf(FINDINGS_END);
  if (findingsEnd >= 0) {
    const rest = previous.slice(findingsEnd + FINDINGS_END.length).trim();
    return rest === '' ? '' : `\n${rest}\n`;
  }
  const sections = [...previous.matchAll(/<!-- ([a-z-]+):start -->[\s\S]*?<!-- \1:end -->/g)].filter((match) => match[1] !== 'findings').map((match) => match[0]);
  return sections.length === 0 ? '' : `\n${sections.join('\n\n')}\n`;
}

function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

function httpRunsTable(result: HttpCaseResult): string {
  return table(
    ['run', 'fetch', 'completions', 'wall', 'completions/s', 'units/s', 'client CPU ms/completion', 'server CPU ms/completion', 'client cores', 'server cores', 'peak RSS', 'failed units'],
    result.repetitions.map((run, index) => [
      String(index + 1),
      run.variant,
      integer(run.completions),
      seconds(run.wallMs),
      integer(run.completions / (run.wallMs / 1000)),
      fixed(run.units / (run.wallMs / 1000), 1),
      fixed(run.clientCpuMs / run.completions, 3),
      fixed(run.serverCpuMs / run.completions, 3),
      fixed(run.clientCpuMs / run.wallMs, 2),
      fixed(run.serverCpuMs / run.wallMs, 2),
      megabytes(run.peakRssBytes),
      String(run.failedUnits),
    ]),
  );
}

function httpSummary(figures: HttpFigures): string {
  return (
    `median ${integer(figures.completionsPerSecond)} completions/s (runs ${integer(figures.range[0])}–${integer(figures.range[1])}), ` +
    `client ${fixed(figures.clientCpuMsPerCompletion, 3)} ms CPU per completion (≈ ${integer(1000 / figures.clientCpuMsPerCompletion)} completions per client CPU-second), ` +
    `server ${fixed(figures.serverCpuMsPerCompletion, 3)} ms; client kept ${fixed(figures.clientCores, 2)} cores busy, server ${fixed(figures.serverCores, 2)}`
  );
}

function httpSettings(result: HttpCaseResult): string {
  const { config } = result;
  return (
    `Settings: \`du\` preset (3 agents × ${BENCH_DU_ROUNDS} rounds = ${BENCH_DU_CALLS_PER_UNIT} completions per unit), ${integer(config.units)} synthetic MCQ units per measured run ` +
    `(${integer(config.units * BENCH_DU_CALLS_PER_UNIT)} completions), ${config.concurrency} units in flight, backendConcurrency ${config.backendConcurrency}, ` +
    `server latency ${config.latencyMs} ms, one warm-up run of ${config.warmupUnits} units per variant, then ${config.repetitions} measured run(s) per variant, ` +
    'variants alternating; a fresh SQLite file per run (the completion cache always misses).'
  );
}

/** The whole BENCHMARKS.md. */
export function renderMarkdown(report: BenchReport, findings: string | undefined): string {
  const { environment } = report;
  const parts: string[] = [];
  parts.push(
    '# Benchmarks',
    '',
    `Written by \`npm run bench${report.quick ? ' -- --quick' : ''}\` (bench/run.ts); run it again to replace the figures. ` +
      'The Findings section at the end is written by hand and kept across runs.',
    '',
    table(
      ['', ''],
      [
        ['date', report.date],
        ['mode', report.quick ? 'quick (shorter runs, noisier)' : 'full'],
        ['node', environment.node],
        ['platform', environment.platform],
        ['CPUs', `${environment.cpus} × ${environment.cpuModel}`],
        ['memory', `${integer(environment.memoryBytes / 1024 ** 3)} GiB`],
        ['load average (1 min) at start / end', `${fixed(environment.loadStart[0] ?? 0, 2)} / ${fixed(environment.loadEnd[0] ?? 0, 2)}`],
        ['bench duration', seconds(report.durationMs)],
      ],
    ),
    '',
    'Figures are medians over the measured runs. The machine has 2 cores shared by the client, the fake server ' +
      '(a separate process) and anything else running: with a load average above the core count, wall-clock rates ' +
      'are lower than on an idle machine. CPU milliseconds per completion are less sensitive to that and show what one ' +
      'client core could do. Peak RSS is sampled every 25 ms during each run (a lower bound); the worker process peak ' +
      '(`process.resourceUsage().maxRSS`) is in the details.',
    '',
    '## Results',
    '',
    table(['#', 'benchmark', 'result', 'target', 'verdict', 'peak RSS'], resultRows(report).map((row) => [row.id, row.benchmark, row.result, row.target, row.verdict, row.peakRss])),
  );

  if (report.instant !== undefined) {
    parts.push('', '## 1. Completions/s through engine + SQLite, instant server', '', httpSettings(report.instant), '');
    for (const variant of report.instant.config.variants) parts.push(`- ${variant}: ${httpSummary(httpFigures(report.instant, variant))}.`);
    parts.push('', httpRunsTable(report.instant), '', `Worker process: ${megabytes(report.instant.baselineRssBytes)} RSS with its modules loaded, peak ${megabytes(report.instant.processPeakRssBytes)} (\`maxRSS\`).`);
    if (report.instant.ceilings !== undefined) {
      parts.push(
        '',
        '### The path in pieces',
        '',
        `Measured apart in the same worker, after the runs above, against the same server (${report.instant.config.concurrency} calls in flight, ` +
          'one warm-up pass each, round-0 `du` messages). "Per client CPU-second" is the rate one fully busy client core would reach.',
        '',
        table(
          ['piece', 'calls', 'calls/s (wall)', 'client CPU ms/call', 'calls per client CPU-second', 'server CPU ms/call'],
          report.instant.ceilings.map((piece) => [
            piece.name,
            integer(piece.calls),
            integer(piece.calls / (piece.wallMs / 1000)),
            fixed(piece.clientCpuMs / piece.calls, 3),
            integer(piece.calls / (piece.clientCpuMs / 1000)),
            fixed(piece.serverCpuMs / piece.calls, 3),
          ]),
        ),
      );
    }
  }
  if (report.profile !== undefined) {
    const { summary, units } = report.profile;
    parts.push(
      '',
      '### Where the time goes (benchmark 1, as shipped)',
      '',
      `One extra run of ${units} units after a warm-up, profiled with V8's sampling profiler (the same data as \`--cpu-prof\`, limited to the measured run; main thread ${seconds(summary.busyMs)} busy, ${seconds(summary.idleMs)} idle). ` +
        'Self time by area, then the top functions; shares are of the busy samples.',
      '',
      table(['area', 'self time', 'share'], summary.areas.map((area) => [area.name, `${integer(area.selfMs)} ms`, percent(area.share)])),
      '',
      table(['function (file)', 'self time', 'share'], summary.functions.map((entry) => [`\`${entry.name}\``, `${integer(entry.selfMs)} ms`, `${fixed(entry.share * 100, 1)} %`])),
    );
  }
  if (report.latency !== undefined) {
    const ideal = idealRate(report.latency);
    parts.push('', `## 2. ${report.latency.config.latencyMs} ms latency, ${report.latency.config.backendConcurrency} requests in flight`, '', httpSettings(report.latency), '');
    parts.push(`Ideal: ${report.latency.config.backendConcurrency} in flight ÷ ${report.latency.config.latencyMs / 1000} s = ${integer(ideal)} completions/s.`, '');
    for (const variant of report.latency.config.variants) {
      const figures = httpFigures(report.latency, variant);
      parts.push(`- ${variant}: ${percent(figures.completionsPerSecond / ideal)} of ideal; ${httpSummary(figures)}.`);
    }
    parts.push('', httpRunsTable(report.latency), '', `Worker process: ${megabytes(report.latency.baselineRssBytes)} RSS with its modules loaded, peak ${megabytes(report.latency.processPeakRssBytes)} (\`maxRSS\`).`);
  }
  if (report.llama !== undefined) {
    const { config } = report.llama;
    const sides = (['quorum', 'llama-chat-replay', 'generate-direct'] as const).map((side) => llamaFigures(report.llama!, side));
    const [, replay, direct] = sides as [LlamaSideFigures, LlamaSideFigures, LlamaSideFigures];
    const calls = report.llama.repetitions[0]?.calls ?? 0;
    parts.push(
      '',
      '## 3. Tokens/s of a `du` run on the generated GGUF vs node-llama-cpp directly',
      '',
      `Settings: quorum's generated random-weight test model (\`ensureTestModel()\`), ${config.threads} thread, one sequence, context 4,096; ` +
        `\`du\` with ${config.agents} agents × ${config.rounds + 1} rounds on ${config.questions} synthetic questions (${calls} calls), ` +
        `maxTokens ${config.maxTokens}, temperature 0.7 with quorum's per-call seeds, one unit and one call at a time ` +
        '(`concurrency` 1, `backendConcurrency` 1). The baselines get the exact prompts quorum sent, read back from the stored turn events:',
      '',
      '- **LlamaChat replay**: node-llama-cpp\'s `LlamaChat` on one model and context loaded once, the model\'s Jinja chat template, ' +
        'a cleared sequence per call, the same seed, temperature, maxTokens and token bias (`testModelTokenBias`, as the llama backend uses for this model): the same tokens as quorum.',
      '- **generateDirect** (`src/backends/llama/generate-direct.ts`, node-llama-cpp\'s low-level `sequence.evaluate`): each call\'s messages as one plain-text prompt ' +
        'of about the same length, greedy, exactly as many tokens as quorum generated for that call. It loads a private model per call; ' +
        'its run time counts one load plus prompt evaluation and generation of every call.',
      '',
      `One warm-up of each side, then ${config.repetitions} measured round(s) of the three, back to back. ` +
        'Ratio = quorum tokens/s ÷ baseline tokens/s: the median over the rounds, and the fastest run of each side (other processes only slow a run down). "Whole run" for quorum is the entire `startRun` (store, model load, context, every call).',
      '',
      table(
        ['', 'quorum (`startRun`)', 'LlamaChat replay', 'generateDirect'],
        [
          ['completion tokens per run', ...sides.map((side) => integer(side.completionTokens))],
          ['prompt tokens per run (as each counts them)', ...sides.map((side) => integer(side.promptTokens))],
          ['run time (median)', ...sides.map((side) => seconds(side.wallMs))],
          ['time inside calls (median)', ...sides.map((side) => seconds(side.generationMs))],
          ['tokens/s, whole run', ...sides.map((side) => integer(side.tokensPerSecond))],
          ['tokens/s, inside calls', ...sides.map((side) => integer(side.generationTokensPerSecond))],
          ['quorum ÷ baseline, whole run (median of rounds)', '—', percent(replay.ratio), percent(direct.ratio)],
          ['quorum ÷ baseline, fastest run of each', '—', percent(replay.bestRatio), percent(direct.bestRatio)],
          ['quorum ÷ baseline, inside calls', '—', percent(replay.generationRatio), percent(direct.generationRatio)],
          ['tokens per CPU-second of the process', integer(sides[0]!.cpuTokensPerSecond), integer(replay.cpuTokensPerSecond), '(loads a model per call)'],
          ['quorum ÷ baseline, per CPU-second', '—', percent(replay.cpuRatio), '—'],
          ['peak RSS (sampled)', ...sides.map((side) => megabytes(side.peakRssBytes))],
        ],
      ),
      '',
      `- LlamaChat replay output identical to quorum\'s: ${report.llama.sameOutput ? 'yes, every reply text' : 'NO — the replies differ'}.`,
      `- Interleaved, call by call (least sensitive to the machine's load): the warm-up run's ${report.llama.interleaved.quorumMs.length > 0 ? calls : 0} calls, ` +
        `${report.llama.interleaved.quorumMs.length} passes, each call made by quorum's llama backend (\`createBackend\`, no engine or store) and by the replay back to back, ` +
        'who goes first alternating. Time per pass, quorum / replay: ' +
        report.llama.interleaved.quorumMs.map((quorumMs, pass) => `${seconds(quorumMs)} / ${seconds(report.llama!.interleaved.directMs[pass]!)}`).join(', ') +
        `; ratio ${percent(interleavedRatios(report.llama).median)}; same replies: ${report.llama.interleaved.sameOutput ? 'yes' : 'NO'}.`,
      `- node-llama-cpp's \`resolveChatWrapper(model)\` on the test model: ${seconds(report.llama.chatWrapperMs.auto)} with automatic template matching, ` +
        `${seconds(report.llama.chatWrapperMs.jinjaTemplate)} with \`type: 'jinjaTemplate'\` (what quorum now uses for its generated model, once per loaded model).`,
      `- Worker process: ${megabytes(report.llama.baselineRssBytes)} RSS with its modules loaded, peak ${megabytes(report.llama.processPeakRssBytes)} (\`maxRSS\`).`,
      '',
      table(
        ['round', 'side', 'calls', 'completion tokens', 'run time', 'inside calls', 'CPU time', 'tokens/s (run)', 'peak RSS'],
        report.llama.repetitions.map((run, index) => [
          String(Math.floor(index / 3) + 1),
          run.side,
          String(run.calls),
          integer(run.completionTokens),
          seconds(run.wallMs),
          seconds(run.generationMs),
          seconds(run.cpuMs),
          integer(run.completionTokens / (run.wallMs / 1000)),
          megabytes(run.peakRssBytes),
        ]),
      ),
    );
  }
  parts.push('', '## Findings', '', findings ?? `${FINDINGS_START}\n_Not written yet._\n${FINDINGS_END}`, '');
  return parts.join('\n');
}
