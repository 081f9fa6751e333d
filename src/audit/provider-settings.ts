import { ConfigError } from '../spec/errors.js';

/** True when `QUORUM_OFFLINE` is set to 1/true/yes: no model downloads. */
export function isOffline(env: NodeJS.ProcessEnv): boolean {
  return ['1', 'true', 'yes', 'on'].includes((env.QUORUM_OFFLINE ?? '').trim().toLowerCase());
}

/** `QUORUM_LLAMA_THREADS` (shared with the llama chat backend), when set. */
export function threadsFrom(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.QUORUM_LLAMA_THREADS;
  if (raw === undefined || raw.trim() === '') return undefined;
  const threads = Number(raw);
  if (!Number.isInteger(threads) || threads < 1) {
    throw new ConfigError(`QUORUM_LLAMA_THREADS must be a positive whole number, got "${raw}"`, 'set it to the CPU threads to use, e.g. 1, or unset it');
  }
  return threads;
}
