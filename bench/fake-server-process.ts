/**
 * Child process that serves the benchmark's OpenAI-compatible endpoint, so
 * the server's event loop is not the client's. Started by
 * `startFakeServerProcess`; prints nothing, reports its URL over IPC and
 * exits when the parent says `close` or goes away.
 */
import { FakeOpenAiServer } from '../test/helpers/fake-openai-server.js';

const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 0);
const reply = process.env.BENCH_REPLY ?? 'Answer: A';

const server = await FakeOpenAiServer.start({ fastReply: reply, ...(latencyMs > 0 ? { latencyMs } : {}) });
process.send?.({ url: server.url });
process.on('message', (message) => {
  if (message === 'close') void server.close().then(() => process.exit(0));
});
process.on('disconnect', () => process.exit(0));
