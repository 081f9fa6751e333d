import { resolve } from 'node:path';

/**
 * The directory of the shared benchmark samples: `$QUORUM_SHARED_DATA`, else
 * `../shared/data` relative to the working directory (the layout of a
 * checkout next to its shared data). Data is read from there, never copied
 * into the repository.
 */
export function sharedDataDir(): string {
  const fromEnv = process.env['QUORUM_SHARED_DATA'];
  return fromEnv !== undefined && fromEnv !== '' ? resolve(fromEnv) : resolve(process.cwd(), '..', 'shared', 'data');
}
