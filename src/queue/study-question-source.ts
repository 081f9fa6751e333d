import type { Question } from '../spec/question.js';
import type { ResolvedStudy } from '../study/resolve-study.js';
import { hashValue } from '../util/hash.js';
import type { QuestionSource } from '../runner/question-source.js';

/**
 * Where workers load the questions of a study cell: the study dataset
 * whose questions these are (found by content hash), with everything the
 * study did to them — first-N limit, FRED event selection, corruption.
 * Undefined when no dataset of the study holds these questions.
 */
export function studyQuestionSource(study: ResolvedStudy, questions: readonly Question[]): QuestionSource | undefined {
  const contentHash = hashValue(questions);
  const index = study.config.datasets.findIndex((dataset) => dataset.contentHash === contentHash);
  const dataset = study.config.datasets[index];
  if (dataset === undefined) return undefined;
  const forecast = study.config.file.datasets[index]?.forecast;
  return {
    dataset: dataset.loader,
    path: dataset.path,
    // A random sample is drawn from the whole file; only `first` stops reading early.
    ...(dataset.limit === undefined || dataset.sample.method === 'random' ? {} : { limit: dataset.limit }),
    ...(forecast === undefined ? {} : { forecast }),
    ...(dataset.corruption === undefined ? {} : { corruption: dataset.corruption }),
  };
}
