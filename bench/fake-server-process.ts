/**
 * Child process serving the benchmark's OpenAI-compatible endpoint, so the
 * server's event loop is not the client's (on a 2-core machine both still
 * share the cores). Started by `startFakeServerProcess`; reports its URL and,
 * on request, its CPU time over IPC; exits on `close` or when the parent goes.
 */
import { FakeOpenAiServer } from '../test/helpers/fake-openai-server.js';

const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 0);
const reply = process.env.BENCH_REPLY ?? 'Answer: A';

const server = await FakeOpenAiServer.start({ fastReply: reply, ...(latencyMs > 0 ? { latencyMs } : {}) });
process.send?.({ type: 'ready', url: server.url });
process.on('message', (message: { type: string }) => {
  if (message.type === 'cpu') {
    const usage = process.cpuUsage();
    process.send?.({ type: 'cpu', cpuMs: (usage.user + usage.system) / 1000 });
  }
  if (message.type === 'close') void server.close().then(() => process.exit(0));
});
process.on('disconnect', () => process.exit(0));
