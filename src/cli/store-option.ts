import { existsSync } from 'node:fs';
import { ConfigError } from '../spec/errors.js';
import type { TraceStore } from '../spec/store.js';
import { openStore } from '../store/open-store.js';

/** Default database file of every command. */
export const DEFAULT_DB = './quorum.db';

/** How a command treats a `--db` file that does not exist yet. */
export interface StoreAccess {
  /** The command has a `--create` flag (read commands that can start from an empty database). */
  createFlag?: boolean;
  /**
   * Create the file when it is missing (else refuse; the hint offers `--create` when the command has it). Commands that write runs (`run`,
   * `demo`, `import`, `study run`) do; commands that read them refuse, so
   * that a typo in `--db` is an error instead of a new, empty database.
   */
  create: boolean;
}

/**
 * Throws `ConfigError` when `db` names a SQLite file that does not exist.
 * URLs (`postgres://…`, `sqlite:…`) and `:memory:` are left to the store.
 * `createFlag`: the command has `--create`, so the hint offers it.
 */
export function assertStoreExists(db: string, options: { createFlag: boolean } = { createFlag: false }): void {
  if (/^[a-z][a-z0-9+.-]+:/i.test(db) || db === ':memory:' || existsSync(db)) return;
  throw new ConfigError(
    `no database at ${db}`,
    `check --db (default ${DEFAULT_DB}); \`quorum run\` or \`quorum demo\` creates it${options.createFlag ? ', or pass --create to start an empty one' : ''}`,
  );
}

/** Opens the store, runs `action`, and always closes it. */
export async function withStore<T>(db: string, action: (store: TraceStore) => Promise<T>, access: StoreAccess = { create: true }): Promise<T> {
  if (!access.create) assertStoreExists(db, { createFlag: access.createFlag ?? false });
  const store = await openStore(db);
  try {
    return await action(store);
  } finally {
    await store.close();
  }
}
