import type { StudyRecord, TraceStore } from '../spec/store.js';
import { studyProgress, type StudyProgress } from '../study/study-status.js';

/** Options of `waitForStudy`. */
export interface WaitForStudyOptions {
  /** Between progress reads (default 5 s). */
  intervalMs?: number;
  onProgress?: (progress: StudyProgress) => void;
  /** Stops waiting (the workers go on). */
  signal?: AbortSignal;
}

/**
 * Waits until every unit of a study is finished, by whichever workers,
 * reading progress from the shared store. Resolves with the last progress;
 * when the signal fires first, with the progress at that moment.
 */
export async function waitForStudy(store: TraceStore, study: StudyRecord, options: WaitForStudyOptions = {}): Promise<StudyProgress> {
  for (;;) {
    const progress = await studyProgress(store, study);
    options.onProgress?.(progress);
    if (progress.totals.remaining === 0 || options.signal?.aborted) return progress;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.intervalMs ?? 5_000);
      options.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      }, { once: true });
    });
  }
}
