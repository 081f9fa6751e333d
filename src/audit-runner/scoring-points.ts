import { loadQuestions } from '../datasets/load-questions.js';
import { describeError } from '../spec/errors.js';
import type { RunConfig } from '../spec/run-config.js';
import { hashValue } from '../util/hash.js';

/** Expert scoring points by question id, and why some could not be read. */
export interface ScoringPoints {
  byQuestion: Map<string, string[]>;
  warnings: string[];
}

/**
 * The scoring points CARA-GT needs. Traces do not hold questions, so:
 * runs imported from foreign traces carry their points in
 * `config.audit.scoringPoints`; other runs load their dataset again from
 * the name and path the run recorded. A dataset that cannot be loaded, or
 * whose content changed since the run, is a warning (CARA-GT is then
 * missing or may not match), never a failed audit.
 */
export async function scoringPointsOf(config: RunConfig): Promise<ScoringPoints> {
  const carried = config.audit?.['scoringPoints'];
  if (carried !== undefined && carried !== null && typeof carried === 'object') {
    const byQuestion = new Map(Object.entries(carried as Record<string, unknown>).filter((entry): entry is [string, string[]] => isStringArray(entry[1])));
    return { byQuestion, warnings: [] };
  }
  const { name, path, limit } = config.dataset;
  try {
    const dataset = await loadQuestions({ dataset: name, path, ...(limit === undefined ? {} : { limit }) });
    const warnings = hashValue(dataset.questions) === config.dataset.contentHash ? [] : [`dataset ${path} changed since the run: its scoring points may not match the traces`];
    const byQuestion = new Map(dataset.questions.filter((question) => question.scoringPoints !== undefined).map((question) => [question.id, question.scoringPoints!]));
    return { byQuestion, warnings };
  } catch (error) {
    return { byQuestion: new Map(), warnings: [`CARA-GT not computed: cannot load dataset ${name} (${path}) for its scoring points: ${describeError(error).message}`] };
  }
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
