import { onAbort } from './on-abort.js';

/**
 * Waits `ms`; rejects with the signal's reason when `signal` aborts first.
 * Unlike `timers/promises` `setTimeout`, which adds a listener to the
 * signal per sleeper, it subscribes through `onAbort`, so the calls of a
 * run backing off together share one listener on the run's signal.
 */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted === true) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const unsubscribe =
      signal === undefined
        ? undefined
        : onAbort(signal, () => {
            clearTimeout(timer);
            reject(signal.reason);
          });
    const timer = setTimeout(() => {
      unsubscribe?.();
      resolve();
    }, ms);
  });
}
