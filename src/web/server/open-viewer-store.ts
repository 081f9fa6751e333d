import { StoreError } from '../../spec/errors.js';
import type { TraceStore } from '../../spec/store.js';
import { openStore } from '../../store/open-store.js';

/**
 * Opens a store for the viewer: read-only, so that looking never changes
 * anything. A store written by an older quorum cannot be read that way
 * (its schema lacks newer tables), so it is opened read-write once to
 * apply the missing migrations — exactly what any other quorum command
 * would do — and then read-only again. `onUpgrade` is told when that
 * happened.
 */
export async function openViewerStore(location: string, onUpgrade: (message: string) => void = () => undefined): Promise<TraceStore> {
  try {
    return await openStore(location, { readonly: true });
  } catch (error) {
    if (!(error instanceof StoreError) || !/schema is out of date/.test(error.message)) throw error;
    const writable = await openStore(location).catch(() => {
      throw error;
    });
    await writable.close();
    onUpgrade(`upgraded the store's schema (${error.message.replace(/^.*\((missing [^)]*)\).*$/, '$1')}) so the viewer can read it`);
    return openStore(location, { readonly: true });
  }
}
