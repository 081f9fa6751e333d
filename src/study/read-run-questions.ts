import { loadRunQuestions } from '../runner/load-run-questions.js';
import { runQuestionSource } from '../runner/question-source.js';
import type { Question } from '../spec/question.js';
import type { RunRecord } from '../spec/store.js';

/**
 * A study run's questions as its units saw them, rebuilt from the run's
 * recorded dataset (path, limit, corruption); refuses a file whose content
 * hash changed, since re-verifying against other sources would measure
 * nothing. What a report passes as `readQuestions`.
 */
export async function readRunQuestions(run: RunRecord): Promise<ReadonlyMap<string, Question>> {
  return loadRunQuestions(run.id, run.config, runQuestionSource(run.config));
}
