import http from 'node:http';
import { startFakeServerProcess } from './fake-server-child.js';
import { OpenAiBackend } from '../src/backends/openai/openai-backend.js';
import { parseBackendSpec, type OpenAiSpec } from '../src/backends/backend-spec.js';
const server = await startFakeServerProcess({ latencyMs: 0, reply: 'Answer: A' });
const b = new OpenAiBackend(parseBackendSpec(`openai:bench@${server.url}`) as OpenAiSpec);
const conc = 64; const total = 3000;
const url = new URL(server.url + '/chat/completions');
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const body = JSON.stringify({ model: 'x', messages: [{ role: 'user', content: 'hi' }] });
const kinds: Record<string, () => Promise<unknown>> = {
  openai: () => b.complete({ messages: [{ role: 'user', content: 'hi' }], decoding: { temperature: 0.7, maxTokens: 768 } }),
  fetch: async () => { const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }); return r.json(); },
  http: () => new Promise((res, rej) => { const q = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (r) => { const c: Buffer[] = []; r.on('data', (d) => c.push(d)); r.on('end', () => res(JSON.parse(Buffer.concat(c).toString()))); }); q.on('error', rej); q.end(body); }),
};
for (let rep = 0; rep < 3; rep++) for (const [name, call] of Object.entries(kinds)) {
  let next = 0;
  const c0 = process.cpuUsage(); const t = performance.now();
  await Promise.all(Array.from({ length: conc }, async () => { while (next++ < total) await call(); }));
  const s = (performance.now() - t) / 1000; const c = process.cpuUsage(c0); const cpu = (c.user + c.system) / 1e6;
  console.log(`${name.padEnd(7)} ${(total / s).toFixed(0).padStart(6)}/s wall, ${(total / cpu).toFixed(0).padStart(6)}/cpu-s, cpu ${(cpu / s * 100).toFixed(0)}%`);
}
await server.close();
