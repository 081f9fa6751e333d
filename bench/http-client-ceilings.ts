import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBackendSpec, type OpenAiSpec } from '../src/backends/backend-spec.js';
import { accountingMiddleware } from '../src/backends/middleware/accounting-middleware.js';
import { cacheMiddleware } from '../src/backends/middleware/cache-middleware.js';
import { concurrencyMiddleware } from '../src/backends/middleware/concurrency-middleware.js';
import { retryMiddleware } from '../src/backends/middleware/retry-middleware.js';
import { wrapBackend } from '../src/backends/middleware/wrap-backend.js';
import { OpenAiBackend } from '../src/backends/openai/openai-backend.js';
import { ScriptedBackend } from '../src/backends/scripted-backend.js';
import { DEFAULT_AGENT_DECODING } from '../src/backends/defaults.js';
import { createDebateProtocol } from '../src/protocols/debate/create-debate-protocol.js';
import { DEBATE_PRESETS } from '../src/protocols/debate/presets.js';
import { buildTurnMessages } from '../src/protocols/debate/prompts.js';
import { executeRun } from '../src/runner/execute-run.js';
import type { ChatRequest } from '../src/spec/chat.js';
import type { RunConfig } from '../src/spec/run-config.js';
import { openSqliteStore } from '../src/store/open-sqlite-store.js';
import { hashValue } from '../src/util/hash.js';
import type { CeilingMeasurement } from './case-protocol.js';
import type { FakeServerProcess } from './fake-server-child.js';
import { syntheticDataset } from './synthetic-questions.js';

/**
 * The pieces of benchmark 1 measured apart, side by side against the same
 * server: the engine and store with no HTTP at all (a scripted backend in
 * the same middleware `BackendPool` uses), the OpenAI backend alone with each
 * fetch, and bare HTTP POSTs. Each figure is a ceiling for one client core.
 */
export async function measureCeilings(server: FakeServerProcess, reply: string, calls: number, concurrency: number): Promise<CeilingMeasurement[]> {
  const question = syntheticDataset(1).questions[0]!;
  const messages = buildTurnMessages({ params: DEBATE_PRESETS.du!.params, question, agentName: 'Agent A', persona: undefined, round: 0, agentCount: 3, visible: [] });
  const request = (index: number): ChatRequest => ({ messages, decoding: { ...DEFAULT_AGENT_DECODING, seed: index }, sampleIndex: 0 });
  const spec = parseBackendSpec(`openai:bench@${server.url}`) as OpenAiSpec;
  const body = JSON.stringify({ model: 'bench', messages, temperature: DEFAULT_AGENT_DECODING.temperature, max_tokens: DEFAULT_AGENT_DECODING.maxTokens });
  const endpoint = new URL(`${server.url}/chat/completions`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

  const globalFetchBackend = new OpenAiBackend(spec, { fetch: globalThis.fetch });
  const directBackend = new OpenAiBackend(spec);
  const pieces: Array<{ name: string; calls: number; run: () => Promise<void> }> = [
    { name: 'engine + SQLite + middleware, scripted backend (no HTTP)', calls: Math.ceil(calls / 9) * 9, run: () => engineWithoutHttp(reply, Math.ceil(calls / 9)) },
    { name: 'OpenAI backend alone, node:http (as shipped)', calls, run: () => inParallel(calls, concurrency, async (index) => void (await directBackend.complete(request(index)))) },
    { name: 'OpenAI backend alone, through the global fetch', calls, run: () => inParallel(calls, concurrency, async (index) => void (await globalFetchBackend.complete(request(index)))) },
    { name: 'bare global fetch POST + JSON.parse (no SDK)', calls, run: () => inParallel(calls, concurrency, () => fetchPost(endpoint, body)) },
    { name: 'bare node:http POST + JSON.parse (no SDK)', calls, run: () => inParallel(calls, concurrency, () => httpPost(endpoint, body, agent)) },
  ];
  const results: CeilingMeasurement[] = [];
  for (const piece of pieces) {
    await piece.run(); // warm-up
    const serverBefore = await server.cpuMs();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await piece.run();
    const wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    results.push({ name: piece.name, calls: piece.calls, wallMs, clientCpuMs: (cpu.user + cpu.system) / 1000, serverCpuMs: (await server.cpuMs()) - serverBefore });
  }
  agent.destroy();
  return results;
}

async function inParallel(total: number, concurrency: number, call: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await call(next++);
    }),
  );
}

async function fetchPost(url: URL, body: string): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  JSON.parse(await response.text());
}

function httpPost(url: URL, body: string, agent: http.Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        JSON.parse(Buffer.concat(chunks).toString('utf8'));
        resolve();
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** `du` over `units` questions with the run wiring of `startRun` but a scripted backend. */
async function engineWithoutHttp(reply: string, units: number): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'quorum-bench-engine-'));
  const store = await openSqliteStore(join(directory, 'bench.db'));
  try {
    const backend = wrapBackend(
      new ScriptedBackend({ model: 'bench', fallback: reply }),
      accountingMiddleware(),
      cacheMiddleware(store),
      concurrencyMiddleware(256),
      retryMiddleware(),
    );
    const protocol = createDebateProtocol('du');
    const dataset = syntheticDataset(units);
    const agents = ['Agent A', 'Agent B', 'Agent C'].map((name) => ({ name, backend, decoding: { ...DEFAULT_AGENT_DECODING } }));
    const config: RunConfig = {
      protocol: { name: protocol.name, preset: 'du', params: { ...protocol.params } },
      agents: agents.map((agent) => ({ name: agent.name, backend: backend.id, decoding: agent.decoding })),
      dataset: { name: dataset.name, path: dataset.path, questionIds: dataset.questions.map((item) => item.id), contentHash: hashValue(dataset.questions) },
      seeds: [1],
      concurrency: 64,
      codeVersion: 'bench',
      traceVersion: 1,
    };
    await executeRun({ store, config, protocol, agents, questions: dataset.questions, newRunId: () => 'bench-engine', fresh: true });
  } finally {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
