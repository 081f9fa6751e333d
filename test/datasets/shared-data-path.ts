import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A file in the shared benchmark samples: `$QUORUM_SHARED_DATA`, else
 * `../shared/data` next to the repository root. Tests skip when it is absent.
 */
export function sharedDataFile(...parts: string[]): string {
  const fromEnv = process.env['QUORUM_SHARED_DATA'];
  const root = fromEnv !== undefined && fromEnv !== '' ? fromEnv : fileURLToPath(new URL('../../../shared/data', import.meta.url));
  return join(root, ...parts);
}

/** Whether a shared data file exists. */
export function hasSharedData(...parts: string[]): boolean {
  return existsSync(sharedDataFile(...parts));
}
