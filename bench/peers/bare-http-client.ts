/**
 * The limit of the peers' job: a bare `node:http` client that sends the
 * request bodies quorum sent (one JSON body per line of a file, read back
 * from a quorum run's stored turns) to the same server, `inFlight` at a
 * time over keep-alive sockets, and parses each reply. No engine, no store,
 * no retries. Prints one JSON line: calls and wall seconds.
 *
 * Usage: node --import tsx bench/peers/bare-http-client.ts <base-url> <bodies.jsonl> <in-flight>
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [baseUrl, bodiesFile, inFlightText] = process.argv.slice(2);
const url = new URL(`${baseUrl!.replace(/\/+$/, '')}/chat/completions`);
const bodies = readFileSync(bodiesFile!, 'utf8').split('\n').filter((line) => line !== '');
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(inFlightText) });

function post(body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(body);
    const request = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': payload.byteLength } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const reply = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { choices?: unknown[] };
        if (response.statusCode !== 200 || reply.choices === undefined) reject(new Error(`HTTP ${response.statusCode}`));
        else resolve();
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}

const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: Number(inFlightText) }, async () => {
    while (next < bodies.length) await post(bodies[next++]!);
  }),
);
process.stdout.write(`${JSON.stringify({ calls: bodies.length, wallSeconds: (performance.now() - started) / 1000 })}\n`);
agent.destroy();
