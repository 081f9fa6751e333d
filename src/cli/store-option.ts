import type { TraceStore } from '../spec/store.js';
import { openStore } from '../store/open-store.js';

/** Default database file of every command. */
export const DEFAULT_DB = './quorum.db';

/** Opens the store, runs `action`, and always closes it. */
export async function withStore<T>(db: string, action: (store: TraceStore) => Promise<T>): Promise<T> {
  const store = await openStore(db);
  try {
    return await action(store);
  } finally {
    await store.close();
  }
}
