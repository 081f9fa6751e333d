import { existsSync, rmSync } from 'node:fs';
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

/**
 * Opens the store, runs `action`, and always closes it. A SQLite file this
 * call created is removed again when `action` fails before storing a run
 * or a study (a mistyped backend, an unreadable dataset): a failed command
 * leaves no empty database behind, and never removes one that holds data.
 */
export async function withStore<T>(db: string, action: (store: TraceStore) => Promise<T>, access: StoreAccess = { create: true }): Promise<T> {
  if (!access.create) assertStoreExists(db, { createFlag: access.createFlag ?? false });
  const created = isSqliteFilePath(db) && !existsSync(db);
  const store = await openStore(db);
  try {
    return await action(store);
  } catch (error) {
    if (created && (await holdsNothing(store))) {
      await store.close();
      for (const file of [db, `${db}-wal`, `${db}-shm`]) rmSync(file, { force: true });
    }
    throw error;
  } finally {
    await store.close();
  }
}

/** A plain path (not a URL, not `:memory:`): the SQLite file it names may be created by opening it. */
function isSqliteFilePath(db: string): boolean {
  return !/^[a-z][a-z0-9+.-]+:/i.test(db) && db !== ':memory:' && db !== '';
}

async function holdsNothing(store: TraceStore): Promise<boolean> {
  try {
    return (await store.listRuns()).length === 0 && (await store.listStudies()).length === 0;
  } catch {
    return false; // cannot tell: keep the file
  }
}
