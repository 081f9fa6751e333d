/**
 * What cancels one POST. An `AbortSignal` has this shape, and so does a
 * `Cancellation`; a transport that needs a real `AbortSignal` (fetch) makes
 * one with `toAbortSignal`.
 */
export interface CancelSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * A one-shot cancel for one HTTP attempt: the part of an `AbortController`
 * an attempt uses (abort once, with the same `AbortError` reason, and call
 * the listeners at once) without the EventTarget behind it. An
 * AbortController with one listener added and removed costs about 7.5 µs,
 * and every model call made one for its timeout.
 */
export class Cancellation implements CancelSignal {
  #reason: unknown = undefined;
  #aborted = false;
  #listeners: Array<() => void> = [];

  get aborted(): boolean {
    return this.#aborted;
  }

  get reason(): unknown {
    return this.#reason;
  }

  /** Aborts once, as `AbortController.abort()` does: the reason an `AbortError` DOMException, each listener called once. */
  abort(): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = new DOMException('This operation was aborted', 'AbortError');
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) listener();
  }

  /** Like an aborted `AbortSignal`, an aborted cancellation calls no listener added later. Every listener is called once. */
  addEventListener(_type: 'abort', listener: () => void, _options?: { once?: boolean }): void {
    if (!this.#aborted) this.#listeners.push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const index = this.#listeners.indexOf(listener);
    if (index !== -1) this.#listeners.splice(index, 1);
  }
}

/** `signal` itself when it is an `AbortSignal`, else one that aborts with it (and with its reason). */
export function toAbortSignal(signal: CancelSignal): AbortSignal {
  if (signal instanceof AbortSignal) return signal;
  const controller = new AbortController();
  if (signal.aborted) controller.abort(signal.reason);
  else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return controller.signal;
}
