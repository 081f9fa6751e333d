import { startFakeServerProcess } from './fake-server-child.js';
import { OpenAiBackend } from '../src/backends/openai/openai-backend.js';
import { parseBackendSpec, type OpenAiSpec } from '../src/backends/backend-spec.js';
const server = await startFakeServerProcess({ latencyMs: 0, reply: 'Answer: A' });
const b = new OpenAiBackend(parseBackendSpec(`openai:bench@${server.url}`) as OpenAiSpec);
const conc = Number(process.argv[2] ?? 64);
for (let rep = 0; rep < 3; rep++) {
  const total = 4000; let next = 0;
  const t = performance.now();
  await Promise.all(Array.from({ length: conc }, async () => { while (next++ < total) await b.complete({ messages: [{ role: 'user', content: 'hi ' + next }], decoding: { temperature: 0.7, maxTokens: 768 } }); }));
  const s = (performance.now() - t) / 1000;
  console.log(`raw openai backend conc ${conc}: ${(total / s).toFixed(0)}/s`);
}
{
  const total = 4000; let next = 0;
  const url = server.url + '/chat/completions';
  const t = performance.now();
  await Promise.all(Array.from({ length: conc }, async () => { while (next++ < total) { const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'x', messages: [{ role: 'user', content: 'hi' }] }) }); await r.json(); } }));
  const s = (performance.now() - t) / 1000;
  console.log(`plain fetch conc ${conc}: ${(total / s).toFixed(0)}/s`);
}
await server.close();
