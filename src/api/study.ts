import { loadStudy } from '../study/resolve-study.js';
import { runStudy, type RunStudyOptions, type StudyOutcome } from '../study/run-study.js';
import type { TraceStore } from '../spec/store.js';

/**
 * Runs a study file (its `plugins:` loaded first), as `quorum study run`
 * does: every cell's run, then the audit pass when the file enables it.
 */
export async function study(file: string, store: TraceStore, options: Omit<RunStudyOptions, 'store' | 'study'> = {}): Promise<StudyOutcome> {
  return runStudy({ ...options, store, study: await loadStudy(file) });
}
