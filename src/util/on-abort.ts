const subscribers = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Calls `callback` when `signal` aborts and returns the function that
 * unsubscribes it. However many calls wait on one signal (a run's signal is
 * shared by every call in flight), the signal gets a single listener that
 * fans out, so 64 calls in flight do not trip Node's
 * MaxListenersExceededWarning (10 listeners per signal), which the warning
 * rightly would for a real leak. The caller checks `signal.aborted` first:
 * a signal that has already aborted calls nothing.
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  let waiting = subscribers.get(signal);
  if (waiting === undefined) {
    const created = new Set<() => void>();
    subscribers.set(signal, created);
    signal.addEventListener('abort', () => {
      for (const subscriber of [...created]) subscriber();
      created.clear();
    }, { once: true });
    waiting = created;
  }
  // a fresh function per subscription, so one callback subscribed twice is two entries
  const entry = (): void => callback();
  waiting.add(entry);
  const set = waiting;
  return () => {
    set.delete(entry);
  };
}
