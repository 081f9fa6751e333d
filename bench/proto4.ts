import { startFakeServerProcess } from './fake-server-child.js';
import { OpenAiBackend } from '../src/backends/openai/openai-backend.js';
import { parseBackendSpec, type OpenAiSpec } from '../src/backends/backend-spec.js';
import { nodeHttpFetch } from './node-http-fetch.js';
const server = await startFakeServerProcess({ latencyMs: 0, reply: 'Answer: A' });
const spec = parseBackendSpec(`openai:bench@${server.url}`) as OpenAiSpec;
const backends = { fetch: new OpenAiBackend(spec), http: new OpenAiBackend(spec, { fetch: nodeHttpFetch() }) };
const conc = 64; const total = 3000;
for (let rep = 0; rep < 3; rep++) for (const [name, b] of Object.entries(backends)) {
  let next = 0;
  const c0 = process.cpuUsage(); const t = performance.now();
  await Promise.all(Array.from({ length: conc }, async () => { while (next++ < total) { const r = await b.complete({ messages: [{ role: 'user', content: 'hi' }], decoding: { temperature: 0.7, maxTokens: 768 } }); if (r.text !== 'Answer: A') throw new Error(r.text); } }));
  const s = (performance.now() - t) / 1000; const c = process.cpuUsage(c0); const cpu = (c.user + c.system) / 1e6;
  console.log(`${name.padEnd(7)} ${(total / s).toFixed(0).padStart(6)}/s wall, ${(total / cpu).toFixed(0).padStart(6)}/cpu-s, cpu ${(cpu / s * 100).toFixed(0)}%`);
}
await server.close();
