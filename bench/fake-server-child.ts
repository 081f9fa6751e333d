import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A fake OpenAI-compatible server running in its own process. */
export interface FakeServerProcess {
  /** Base URL, ending in /v1. */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts test/helpers/fake-openai-server.ts in fast mode (one fixed reply,
 * built once) in a child process and waits for its URL.
 */
export async function startFakeServerProcess(options: { latencyMs: number; reply: string }): Promise<FakeServerProcess> {
  const script = fileURLToPath(new URL('./fake-server-process.ts', import.meta.url));
  const child: ChildProcess = fork(script, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_LATENCY_MS: String(options.latencyMs), BENCH_REPLY: options.reply },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { url: string }).url));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`fake server process exited early (code ${code})`)));
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send('close');
      }),
  };
}
