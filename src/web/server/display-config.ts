import type { RunConfig } from '../../spec/run-config.js';
import type { DisplayConfig } from './api-types.js';

/**
 * The run configuration as the viewer shows it. Lists that grow with the
 * run become sizes, so a run response stays small at 10,000 questions:
 * `dataset.questionIds` → `dataset.questionCount`, and scoring points
 * carried by imported traces → their number of questions. Secrets are
 * removed later, with every response (see `secretScrubber`).
 */
export function displayConfig(config: RunConfig): DisplayConfig {
  const { questionIds, ...dataset } = config.dataset;
  const { audit, ...rest } = config;
  const display: DisplayConfig = { ...rest, dataset: { ...dataset, questionCount: questionIds.length } };
  if (audit !== undefined) {
    const { scoringPoints, ...auditRest } = audit;
    display.audit =
      scoringPoints !== null && typeof scoringPoints === 'object'
        ? { ...auditRest, scoringPoints: { questions: Object.keys(scoringPoints).length } }
        : { ...auditRest, ...(scoringPoints === undefined ? {} : { scoringPoints }) };
  }
  return display;
}
