/**
 * The peers' job (`npm run bench -- --only p`): Du debate on 200 MCQs × 3
 * agents × 3 rounds = 1,800 calls, about 64 in flight, against the same
 * OpenAI-compatible stub, each side a whole process measured by
 * `/usr/bin/time` (wall, CPU, peak RSS), rounds interleaved:
 *
 * - quorum: `quorum run --protocol du --rounds 2` from dist/ (bin/quorum.js),
 *   storing every turn in a fresh SQLite file; `--concurrency 21` units × 3
 *   agents = 63 calls in flight. `node bin/quorum.js` measures what the
 *   installed `quorum` and `npx quorum` run: the binary sets its V8
 *   settings itself (src/cli/v8-settings.ts), not through the shebang;
 * - a Python standard-library thread loop (bench/peers/du_thread_loop.py),
 *   same prompts and call count, 64 threads, nothing stored;
 * - LangGraph.js (bench/peers/langgraph/du-graph.ts), when that folder has its
 *   node_modules (`npm install` there: it is not a dependency of quorum, and
 *   the typecheck leaves the folder out); skipped with a message otherwise;
 * - the limit: a bare `node:http` client sending the bodies quorum sent
 *   (rebuilt from the stored turns), 64 in flight; also at 50 ms, with
 *   quorum's 63 in flight and no rounds to wait for, as the limit of the
 *   50 ms target.
 *
 * The two Node peers run as plain JavaScript (their TypeScript compiled once
 * by esbuild before the rounds), as quorum runs from dist/: through tsx their
 * whole-process wall would include ~0.1 s of the loader compiling them.
 *
 * Also the start-up of `quorum --version`, `--help` and `show` beside
 * `node -e 0`, and quorum at 50 ms per reply against the ideal rate.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Sqlite from 'better-sqlite3';
import { transformSync } from 'esbuild';
import { BENCH_DU_OVERRIDES, BENCH_DU_ROUNDS } from './case-protocol.js';
import { startFakeServerProcess } from './fake-server-child.js';
import { measureReplyWave } from './peers-schedule.js';

/** One whole-process measurement. */
export interface ProcessFigures {
  wallSeconds: number;
  cpuSeconds: number;
  peakRssMiB: number;
  /** Calls per second with start-up excluded, when the side reports its own timing. */
  rateWithoutStartup?: number;
  /** quorum: bytes of the SQLite file per unit, after a WAL checkpoint. */
  storeBytesPerUnit?: number;
  stdout: string;
}

export interface PeersResult {
  questions: number;
  rounds: number;
  quorum: ProcessFigures[];
  python: ProcessFigures[];
  bare: ProcessFigures[];
  langgraph: ProcessFigures[] | string;
  /**
   * `replyWaveSeconds`: the median time for `inFlight` parallel calls to be answered by the slow server (see `measureReplyWave`);
   * `bare`: the bare client against the slow server, `inFlight` at a time (absent in results saved before it was measured).
   */
  latency: { ms: number; inFlight: number; quorum: ProcessFigures[]; replyWaveSeconds?: number; bare?: ProcessFigures[] };
  startup: Record<'node -e 0' | 'quorum --version' | 'quorum --help' | 'quorum show', ProcessFigures[]>;
}

const root = fileURLToPath(new URL('..', import.meta.url));
const QUORUM = join(root, 'bin', 'quorum.js');
const QUORUM_IN_FLIGHT_UNITS = 21;

/** Runs a command under /usr/bin/time and returns its wall, CPU and peak RSS. */
function timed(command: string, args: readonly string[]): ProcessFigures {
  const result = spawnSync('/usr/bin/time', ['-f', 'TIME %e %U %S %M', command, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const line = result.stderr.split('\n').reverse().find((text) => text.startsWith('TIME '));
  if (line === undefined || result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr.slice(-2000)}`);
  const [wall, user, system, rssKb] = line.slice('TIME '.length).split(' ').map(Number) as [number, number, number, number];
  return { wallSeconds: wall, cpuSeconds: user + system, peakRssMiB: rssKb / 1024, stdout: result.stdout };
}

/** 1,800 calls / (last unit stored − run created): quorum's rate with start-up excluded, read from the store. */
function storedRate(dbFile: string): number {
  const db = new Sqlite(dbFile, { readonly: true });
  try {
    const run = db.prepare<[], { created_at: string; id: string }>('select created_at, id from runs').get()!;
    const last = db.prepare<[string], string>('select max(finished_at) from units where run_id = ?').pluck().get(run.id)!;
    const calls = db.prepare<[string], number>("select count(*) from events join units on units.id = events.unit_id where units.run_id = ? and events.type = 'turn'").pluck().get(run.id)!;
    return calls / ((Date.parse(last) - Date.parse(run.created_at)) / 1000);
  } finally {
    db.close();
  }
}

/** The SQLite file's size per stored unit, its WAL folded in first (what a finished run leaves on disk). */
function storeBytesPerUnit(dbFile: string): number {
  const db = new Sqlite(dbFile);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
    const units = db.prepare<[], number>('select count(*) from units').pluck().get()!;
    return statSync(dbFile).size / units;
  } finally {
    db.close();
  }
}

/** The request bodies quorum sent, rebuilt from the exported turns as the OpenAI backend builds them. */
function requestBodies(dbFile: string, runId: string): string {
  const exported = execFileSync(process.execPath, [QUORUM, 'export', runId, '--db', dbFile], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const lines: string[] = [];
  for (const line of exported.split('\n').filter((text) => text !== '')) {
    const unit = JSON.parse(line) as { events: Array<{ type: string; messages?: unknown[]; seed?: number }> };
    for (const event of unit.events) {
      if (event.type === 'turn') lines.push(JSON.stringify({ model: 'm', messages: event.messages, temperature: 0.7, max_tokens: 768, seed: event.seed }));
    }
  }
  return `${lines.join('\n')}\n`;
}

function mcqFile(dir: string, count: number): string {
  const file = join(dir, 'mcq.jsonl');
  const lines = Array.from({ length: count }, (_, index) =>
    JSON.stringify({
      question: `Synthetic benchmark question ${index}: which of the following options names the correct mechanism?`,
      options: { A: `mechanism ${index} alpha`, B: `mechanism ${index} beta`, C: `mechanism ${index} gamma`, D: `mechanism ${index} delta` },
      answer_idx: 'A',
      answer: `mechanism ${index} alpha`,
    }),
  );
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/**
 * `source` compiled to an ES module at `outFile` (type annotations stripped,
 * imports left as they are), so the peer starts as plain node; `outFile` must
 * lie where the source's package imports resolve.
 */
function compiledPeer(source: string, outFile: string): string {
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, transformSync(readFileSync(source, 'utf8'), { loader: 'ts', format: 'esm', target: 'node20', sourcefile: source }).code);
  return outFile;
}

/** The bare client's calls per second, from the timing it prints. */
function withReportedRate(figures: ProcessFigures): ProcessFigures {
  const reported = JSON.parse(figures.stdout) as { calls: number; wallSeconds: number };
  return { ...figures, rateWithoutStartup: reported.calls / reported.wallSeconds };
}

/** Runs the peers' job `rounds` times per side, interleaved. */
export async function runPeersCase(options: { questions: number; rounds: number; log: (line: string) => void }): Promise<PeersResult> {
  const dir = mkdtempSync(join(tmpdir(), 'quorum-peers-'));
  const data = mcqFile(dir, options.questions);
  const langgraphDir = join(root, 'bench', 'peers', 'langgraph');
  const langgraphInstalled = existsSync(join(langgraphDir, 'node_modules', '@langchain', 'langgraph'));
  const langgraph: ProcessFigures[] | string = langgraphInstalled ? [] : 'skipped: run `npm install` in bench/peers/langgraph (LangGraph.js is not a dependency of quorum)';
  const bareClient = compiledPeer(join(root, 'bench', 'peers', 'bare-http-client.ts'), join(dir, 'bare-http-client.mjs'));
  // Inside the folder's node_modules, where its @langchain imports resolve (and git does not look).
  const langgraphScript = langgraphInstalled ? compiledPeer(join(langgraphDir, 'du-graph.ts'), join(langgraphDir, 'node_modules', '.quorum-bench', 'du-graph.mjs')) : undefined;
  const result: PeersResult = {
    questions: options.questions,
    rounds: options.rounds,
    quorum: [],
    python: [],
    bare: [],
    langgraph,
    latency: { ms: 50, inFlight: QUORUM_IN_FLIGHT_UNITS * 3, quorum: [] },
    startup: { 'node -e 0': [], 'quorum --version': [], 'quorum --help': [], 'quorum show': [] },
  };
  const quorumRun = (url: string, db: string) =>
    timed(process.execPath, [QUORUM, 'run', '--protocol', 'du', '--rounds', String(BENCH_DU_OVERRIDES.rounds), '--dataset', 'medqa', '--data', data, '--backend', `openai:m@${url}`, '--concurrency', String(QUORUM_IN_FLIGHT_UNITS), '--db', db, '--json']);
  const server = await startFakeServerProcess({ latencyMs: 0, reply: 'Reasoning about it.\nAnswer: (A)' });
  let bodies: string | undefined;
  let showArgs: string[] | undefined;
  try {
    for (let round = 0; round < options.rounds; round++) {
      const db = join(dir, `quorum-${round}.db`);
      options.log(`   round ${round + 1}: quorum…`);
      const quorum = quorumRun(server.url, db);
      result.quorum.push({ ...quorum, rateWithoutStartup: storedRate(db), storeBytesPerUnit: storeBytesPerUnit(db) });
      if (bodies === undefined) {
        const runId = (JSON.parse(quorum.stdout) as { runId: string }).runId;
        bodies = join(dir, 'bodies.jsonl');
        writeFileSync(bodies, requestBodies(db, runId));
        showArgs = [QUORUM, 'show', runId, '--db', db];
      }
      options.log(`   round ${round + 1}: python…`);
      result.python.push(timed('python3', [join(root, 'bench', 'peers', 'du_thread_loop.py'), server.url, data, '3', String(BENCH_DU_ROUNDS), '64']));
      options.log(`   round ${round + 1}: bare node:http client…`);
      result.bare.push(withReportedRate(timed(process.execPath, [bareClient, server.url, bodies, '64'])));
      if (Array.isArray(result.langgraph)) {
        options.log(`   round ${round + 1}: LangGraph.js…`);
        result.langgraph.push(timed(process.execPath, [langgraphScript!, server.url, data, '3', String(BENCH_DU_ROUNDS), '64']));
      }
      for (const [name, command, args] of [
        ['node -e 0', process.execPath, ['-e', '0']],
        ['quorum --version', process.execPath, [QUORUM, '--version']],
        ['quorum --help', process.execPath, [QUORUM, '--help']],
        ['quorum show', process.execPath, showArgs!],
      ] as const) {
        result.startup[name].push(timed(command, args));
      }
    }
  } finally {
    await server.close();
  }
  const slow = await startFakeServerProcess({ latencyMs: result.latency.ms, reply: 'Reasoning about it.\nAnswer: (A)' });
  try {
    options.log(`   the ${result.latency.ms} ms server's reply wave (${result.latency.inFlight} calls at once, bare client)…`);
    result.latency.replyWaveSeconds = await measureReplyWave(slow.url, result.latency.inFlight, 20);
    result.latency.bare = [];
    for (let round = 0; round < options.rounds; round++) {
      options.log(`   round ${round + 1}: quorum at ${result.latency.ms} ms…`);
      const db = join(dir, `latency-${round}.db`);
      result.latency.quorum.push({ ...quorumRun(slow.url, db), rateWithoutStartup: storedRate(db) });
      options.log(`   round ${round + 1}: bare node:http client at ${result.latency.ms} ms…`);
      result.latency.bare.push(withReportedRate(timed(process.execPath, [bareClient, slow.url, bodies!, String(result.latency.inFlight)])));
    }
  } finally {
    await slow.close();
  }
  rmSync(dir, { recursive: true, force: true });
  return result;
}

/** Reads `PeersResult` from a JSON file (for rendering a saved run). */
export function readPeersResult(file: string): PeersResult {
  return JSON.parse(readFileSync(file, 'utf8')) as PeersResult;
}
