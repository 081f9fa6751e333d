import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The directory quorum keeps downloaded and generated models in:
 * `$QUORUM_CACHE_DIR/models` when set, else `<user cache>/quorum/models`
 * (`$XDG_CACHE_HOME`, `~/Library/Caches` on macOS, `%LOCALAPPDATA%` on
 * Windows, `~/.cache` elsewhere).
 */
export function defaultModelsDir(env: NodeJS.ProcessEnv = process.env): string {
  const override = env.QUORUM_CACHE_DIR;
  if (override !== undefined && override !== '') return join(override, 'models');
  return join(userCacheDir(env), 'quorum', 'models');
}

function userCacheDir(env: NodeJS.ProcessEnv): string {
  if (env.XDG_CACHE_HOME !== undefined && env.XDG_CACHE_HOME !== '') return env.XDG_CACHE_HOME;
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches');
  if (process.platform === 'win32' && env.LOCALAPPDATA !== undefined) return env.LOCALAPPDATA;
  return join(homedir(), '.cache');
}
