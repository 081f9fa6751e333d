import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CASE_CONFIG_ENV, type CaseConfig, type CaseResult } from './case-protocol.js';

/** Files of the worker of each case kind, next to this file. */
const WORKERS: Record<CaseConfig['kind'], string> = {
  http: './http-completions-case.ts',
  llama: './llama-tokens-case.ts',
};

/**
 * Runs one case in a fresh Node process (so its peak RSS is its own) and
 * returns its result.
 */
export function runCase<R extends CaseResult>(config: CaseConfig): Promise<R> {
  const script = fileURLToPath(new URL(WORKERS[config.kind], import.meta.url));
  const child = fork(script, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, [CASE_CONFIG_ENV]: JSON.stringify(config) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<R>((resolve, reject) => {
    let result: R | undefined;
    child.on('message', (message: { type: string; result: R }) => {
      if (message.type === 'result') result = message.result;
    });
    child.once('error', reject);
    // Settle on exit, so a worker that crashes after sending is still reported.
    child.once('exit', (code, signal) => {
      if (result !== undefined && code === 0) resolve(result);
      else reject(new Error(`benchmark worker ${config.kind} failed (exit code ${code}${signal === null ? '' : `, signal ${signal}`})`));
    });
  });
}
