import { isAbsolute, resolve } from 'node:path';
import { loadQuestions } from '../datasets/load-questions.js';
import type { Question } from '../spec/question.js';
import type { RunConfig } from '../spec/run-config.js';
import { corruptQuestions } from '../robustness/corrupt-question.js';
import { hashValue } from '../util/hash.js';
import { DatasetChangedError } from './dataset-changed-error.js';
import type { QuestionSource } from './question-source.js';

/** Options of `loadRunQuestions`. */
export interface LoadRunQuestionsOptions {
  /** Directory relative data paths start from (default: the working directory). */
  dataDir?: string;
}

/**
 * Rebuilds a run's questions on a worker: loads the source, takes the run's
 * question ids in run order, applies the recorded corruption, and checks
 * that the result hashes to the run's `contentHash`. A different file at
 * the same path — or an edited one — would silently pair answers with the
 * wrong questions, so a mismatch is a `DatasetChangedError` naming the file.
 */
export async function loadRunQuestions(runId: string, config: RunConfig, source: QuestionSource, options: LoadRunQuestionsOptions = {}): Promise<Map<string, Question>> {
  const stored = /^(?:builtin|default):/.test(source.path);
  const path = stored || isAbsolute(source.path) || options.dataDir === undefined ? source.path : resolve(options.dataDir, source.path);
  const loaded = await loadQuestions({
    dataset: source.dataset,
    path,
    ...(source.limit === undefined ? {} : { limit: source.limit }),
    ...(source.forecast === undefined ? {} : { forecast: source.forecast }),
  });
  const byId = new Map(loaded.questions.map((question) => [question.id, question]));
  const missing = config.dataset.questionIds.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    throw new DatasetChangedError(
      `run ${runId}: ${path} lacks ${missing.length} of the run's questions (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''})`,
      'every worker needs the same data file the run was planned with, at the same path (or under --data-dir)',
    );
  }
  const picked = config.dataset.questionIds.map((id) => byId.get(id)!);
  const questions = source.corruption === undefined || source.corruption.rate === 0 ? picked : corruptQuestions(picked, source.corruption);
  const hash = hashValue(questions);
  if (hash !== config.dataset.contentHash) {
    throw new DatasetChangedError(
      `run ${runId}: the questions loaded from ${path} differ from those the run was planned with (content hash ${hash.slice(0, 12)}…, expected ${config.dataset.contentHash.slice(0, 12)}…)`,
      'copy the exact data file the run was planned with to this machine (same path, or under --data-dir); units already stored are kept',
    );
  }
  return new Map(questions.map((question) => [question.id, question]));
}
