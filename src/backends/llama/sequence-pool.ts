import type { LlamaContext, LlamaContextSequence } from 'node-llama-cpp';
import { onAbort } from '../../util/on-abort.js';

/**
 * Hands out the sequences of one context, one caller at a time each. Callers
 * beyond the number of sequences wait in arrival order, so parallel calls on
 * one model share its context instead of failing.
 */
export class SequencePool {
  private readonly idle: LlamaContextSequence[] = [];
  private readonly waiting: Array<(sequence: LlamaContextSequence) => void> = [];
  private created = 0;

  constructor(private readonly context: LlamaContext) {}

  /** Waits for a free sequence. Rejects with the signal's reason when it aborts first. */
  acquire(signal?: AbortSignal): Promise<LlamaContextSequence> {
    if (signal?.aborted === true) return Promise.reject(signal.reason);
    const free = this.idle.pop();
    if (free !== undefined) return Promise.resolve(free);
    if (this.created < this.context.totalSequences) {
      this.created++;
      return Promise.resolve(this.context.getSequence());
    }
    return new Promise((resolve, reject) => {
      const grant = (sequence: LlamaContextSequence): void => {
        unsubscribe?.();
        resolve(sequence);
      };
      const unsubscribe =
        signal === undefined
          ? undefined
          : onAbort(signal, () => {
              const index = this.waiting.indexOf(grant);
              if (index >= 0) this.waiting.splice(index, 1);
              reject(signal.reason);
            });
      this.waiting.push(grant);
    });
  }

  /** Returns a sequence to the pool (or straight to the next waiter). */
  release(sequence: LlamaContextSequence): void {
    const next = this.waiting.shift();
    if (next !== undefined) next(sequence);
    else this.idle.push(sequence);
  }
}
