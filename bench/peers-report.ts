import { cpus, loadavg } from 'node:os';
import { BENCH_DU_CALLS_PER_UNIT, BENCH_DU_ROUNDS } from './case-protocol.js';
import type { PeersResult, ProcessFigures } from './peers-case.js';
import { scheduleBound } from './peers-schedule.js';

const START = '<!-- peers:start -->';
const END = '<!-- peers:end -->';

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const wall = (runs: readonly ProcessFigures[]) => median(runs.map((run) => run.wallSeconds));
const cpu = (runs: readonly ProcessFigures[]) => median(runs.map((run) => run.cpuSeconds));
const rss = (runs: readonly ProcessFigures[]) => Math.max(...runs.map((run) => run.peakRssMiB));
const rate = (runs: readonly ProcessFigures[]) => median(runs.map((run) => run.rateWithoutStartup ?? Number.NaN));
const list = (values: readonly number[], digits = 2) => values.map((value) => value.toFixed(digits)).join(', ');
const verdict = (ok: boolean) => (ok ? 'meets' : 'below');

/** Ratios of paired runs (same round), median. */
function pairedRatio(a: readonly ProcessFigures[], b: readonly ProcessFigures[], of: (run: ProcessFigures) => number): number {
  return median(a.map((run, index) => of(run) / of(b[index]!)));
}

/** The peers section of BENCHMARKS.md. */
export function renderPeers(result: PeersResult, load: readonly [number, number]): string {
  const calls = result.questions * BENCH_DU_CALLS_PER_UNIT;
  const { quorum, python, bare, startup } = result;
  const node0 = startup['node -e 0'];
  const wallRatio = pairedRatio(quorum, python, (run) => run.wallSeconds);
  const bareShare = median(quorum.map((run, index) => run.rateWithoutStartup! / bare[index]!.rateWithoutStartup!));
  const job = { questions: result.questions, unitsInFlight: result.latency.inFlight / 3, roundsPerUnit: BENCH_DU_ROUNDS, callsPerRound: 3 };
  const nominal = scheduleBound(job, result.latency.ms / 1000);
  const ideal = nominal.idealRate;
  const latencyShare = rate(result.latency.quorum) / ideal;
  const slots = job.unitsInFlight;
  const wave = result.latency.replyWaveSeconds;
  const measured = wave === undefined ? undefined : scheduleBound(job, wave);
  const storePerUnit = median(quorum.map((run) => run.storeBytesPerUnit ?? Number.NaN));
  const outside = median(quorum.map((run) => run.wallSeconds - calls / run.rateWithoutStartup!));
  const startupRows = (['quorum --version', 'quorum --help', 'quorum show'] as const).map((name) => {
    const limit = name === 'quorum show' ? 4 : 3;
    const ratio = pairedRatio(startup[name], node0, (run) => run.wallSeconds);
    const cpuRatio = pairedRatio(startup[name], node0, (run) => run.cpuSeconds);
    return `| \`${name}\` | ${wall(startup[name]).toFixed(2)} s (CPU ${cpu(startup[name]).toFixed(2)} s) | ${wall(node0).toFixed(2)} s (CPU ${cpu(node0).toFixed(2)} s) | ${ratio.toFixed(1)}× wall, ${cpuRatio.toFixed(1)}× CPU | ≤ ${limit}× | ${verdict(ratio <= limit)} |`;
  });
  const langgraphRow =
    typeof result.langgraph === 'string'
      ? `| LangGraph.js | ${result.langgraph} |  |  |  |  |`
      : `| LangGraph.js (bench/peers/langgraph) | ${wall(result.langgraph).toFixed(2)} s | ${cpu(result.langgraph).toFixed(2)} s | ${rss(result.langgraph).toFixed(0)} MiB | — | ${list(result.langgraph.map((run) => run.wallSeconds))} |`;
  const latencyBare = result.latency.bare ?? [];
  const latencyBareRows =
    latencyBare.length === 0
      ? []
      : [
          `| the bare client at ${result.latency.ms} ms, ${result.latency.inFlight} in flight and no rounds to wait for (the limit of this target on this server) | ${rate(latencyBare).toFixed(0)}/s = ${((rate(latencyBare) / ideal) * 100).toFixed(0)} % of ideal | (context) | — |`,
        ];
  const langgraphTarget =
    typeof result.langgraph === 'string' ? [] : [`| LangGraph.js's wall ÷ quorum's (comparison) | ${pairedRatio(result.langgraph, quorum, (run) => run.wallSeconds).toFixed(2)}× | — | — |`];
  return [
    START,
    '## The peers\' job, whole process',
    '',
    `Written by \`npm run bench -- --only p\` (bench/peers-case.ts) on ${new Date().toISOString()}; load average (1 min) ${load[0].toFixed(2)} at start, ${load[1].toFixed(2)} at end, on ${cpus().length} shared cores. Du debate, ${result.questions} synthetic MCQs × 3 agents × ${BENCH_DU_ROUNDS} rounds = ${calls.toLocaleString('en-US')} calls against one OpenAI-compatible stub process (0 ms), ${result.rounds} rounds with the sides interleaved; each side is a whole process under \`/usr/bin/time\` (wall, user + system CPU, peak RSS). Ratios are medians of the ratios within a round. quorum runs from dist/ with \`--concurrency ${result.latency.inFlight / 3}\` (×3 agents = ${result.latency.inFlight} calls in flight) and stores every turn in SQLite; the Python loop (bench/peers/du_thread_loop.py, standard library, 64 threads) stores nothing; LangGraph.js runs a StateGraph with one node per round (21 graphs × 3 agents in flight) through \`@langchain/openai\`; the bare client sends quorum's own request bodies, 64 in flight. The two Node peers run as plain JavaScript compiled by esbuild before the rounds, as quorum runs from dist/ (through tsx each would start ~0.1 s later).`,
    '',
    '| side | wall (median) | CPU | peak RSS | calls/s without start-up | runs (wall s) |',
    '| --- | --- | --- | --- | --- | --- |',
    `| quorum (stores every turn) | ${wall(quorum).toFixed(2)} s | ${cpu(quorum).toFixed(2)} s | ${rss(quorum).toFixed(0)} MiB | ${rate(quorum).toFixed(0)} | ${list(quorum.map((run) => run.wallSeconds))} |`,
    `| Python thread loop | ${wall(python).toFixed(2)} s | ${cpu(python).toFixed(2)} s | ${rss(python).toFixed(0)} MiB | — | ${list(python.map((run) => run.wallSeconds))} |`,
    `| bare \`node:http\` client (the limit) | ${wall(bare).toFixed(2)} s | ${cpu(bare).toFixed(2)} s | ${rss(bare).toFixed(0)} MiB | ${rate(bare).toFixed(0)} | ${list(bare.map((run) => run.wallSeconds))} |`,
    langgraphRow,
    '',
    '| target | measured | limit | verdict |',
    '| --- | --- | --- | --- |',
    `| quorum's wall ÷ the Python loop's | ${wallRatio.toFixed(2)}× | ≤ 1.0× | ${verdict(wallRatio <= 1)} |`,
    `| the bare client's whole-process wall ÷ the Python loop's | ${pairedRatio(bare, python, (run) => run.wallSeconds).toFixed(2)}× | (context) | — |`,
    `| the limit's wall: \`node -e 0\` plus ${calls.toLocaleString('en-US')} calls at the bare client's rate (${wall(node0).toFixed(2)} + ${(calls / rate(bare)).toFixed(2)} s) ÷ the Python loop's | ${((wall(node0) + calls / rate(bare)) / wall(python)).toFixed(2)}× | (context) | — |`,
    `| quorum's wall outside the run (start-up before the run's record and teardown after its last unit: wall − ${calls.toLocaleString('en-US')} calls at its own rate) | ${outside.toFixed(2)} s of ${wall(quorum).toFixed(2)} s (\`node -e 0\`: ${wall(node0).toFixed(2)} s) | (context) | — |`,
    `| quorum's rate ÷ the bare client's, start-up excluded, 0 ms | ${bareShare.toFixed(2)} | ≥ 0.8 | ${verdict(bareShare >= 0.8)} |`,
    `| quorum at ${result.latency.ms} ms, ${result.latency.inFlight} in flight, start-up excluded | ${rate(result.latency.quorum).toFixed(0)}/s = ${(latencyShare * 100).toFixed(0)} % of ideal ${ideal.toFixed(0)}/s | ≥ 95 % | ${verdict(latencyShare >= 0.95)} |`,
    `| the same against the job's schedule bound (${nominal.waves} waves of ${slots} units × ${BENCH_DU_ROUNDS} rounds × ${result.latency.ms} ms = ${nominal.seconds.toFixed(2)} s, ${nominal.rate.toFixed(0)}/s = ${((nominal.rate / ideal) * 100).toFixed(1)} % of ideal) | ${((rate(result.latency.quorum) / nominal.rate) * 100).toFixed(0)} % | (context) | — |`,
    ...(measured === undefined || wave === undefined
      ? []
      : [
          `| the same against the schedule at the server's measured reply wave (${result.latency.inFlight} calls at once from a bare client: ${(wave * 1000).toFixed(1)} ms median; ${measured.seconds.toFixed(2)} s, ${measured.rate.toFixed(0)}/s = ${((measured.rate / ideal) * 100).toFixed(1)} % of ideal) | ${((rate(result.latency.quorum) / measured.rate) * 100).toFixed(0)} % | (context) | — |`,
        ]),
    ...latencyBareRows,
    `| quorum's peak RSS | ${rss(quorum).toFixed(0)} MiB | ≤ 100 MiB | ${verdict(rss(quorum) <= 100)} |`,
    `| quorum's SQLite file per unit (every turn, reconstructible) | ${(storePerUnit / 1000).toFixed(1)} KB | ≤ 8 KB | ${verdict(storePerUnit <= 8000)} |`,
    ...langgraphTarget,
    '',
    '### Start-up beside `node -e 0`',
    '',
    '| command | quorum (median) | `node -e 0` (median) | ratio (median of pairs) | limit | verdict |',
    '| --- | --- | --- | --- | --- | --- |',
    ...startupRows,
    END,
  ].join('\n');
}

/** Replaces the peers section of BENCHMARKS.md (or appends it). */
export function withPeersSection(current: string, section: string): string {
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  if (start >= 0 && end > start) return `${current.slice(0, start)}${section}${current.slice(end + END.length)}`;
  return `${current.trimEnd()}\n\n${section}\n`;
}

/** The current 1-minute load average, for the section's header. */
export function loadNow(): number {
  return loadavg()[0]!;
}
