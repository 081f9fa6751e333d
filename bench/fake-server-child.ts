import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A fake OpenAI-compatible server running in its own process. */
export interface FakeServerProcess {
  /** Base URL, ending in /v1. */
  readonly url: string;
  /** CPU time (user + system) the server process has used so far, in milliseconds. */
  cpuMs(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Starts test/helpers/fake-openai-server.ts in fast mode (one fixed reply,
 * its bytes built once, optional fixed latency) in a child process.
 */
export async function startFakeServerProcess(options: { latencyMs: number; reply: string }): Promise<FakeServerProcess> {
  const script = fileURLToPath(new URL('./fake-server-process.ts', import.meta.url));
  const child = fork(script, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_LATENCY_MS: String(options.latencyMs), BENCH_REPLY: options.reply },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message);
      };
      const onExit = (code: number | null) => reject(new Error(`the fake server process exited (code ${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = await next('ready');
  return {
    url: String(ready.url),
    async cpuMs() {
      const reply = next('cpu');
      child.send({ type: 'cpu' });
      return Number((await reply).cpuMs);
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send({ type: 'close' });
      }),
  };
}
