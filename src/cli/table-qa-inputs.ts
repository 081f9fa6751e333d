import { inputsToRead } from '../metrics/metric-registry.js';
import { metricUnits } from '../metrics/metric-units.js';
import type { RunMetricsOptions } from '../metrics/run-metrics.js';
import { describeError } from '../spec/errors.js';
import type { Question } from '../spec/question.js';
import type { RunRecord, TraceStore, UnitRecord } from '../spec/store.js';

/** What `runMetrics` needs for a run's table-QA measures, and why the detection rate is missing when it is. */
export interface TableQaReading {
  options: RunMetricsOptions;
  /** Set for a shared-log run whose questions could not be rebuilt (the detection rate is then n/a). */
  detectionUnavailable?: string;
}

/**
 * Reads what the table-QA measures need beyond the units, as the metric
 * registry asks (`inputsToRead`): every unit's events (one read per unit;
 * faithfulness, FLAG counts and the verifier detection rate all use the
 * log rebuilt from them) and, for units that kept a verified shared log,
 * the questions. `quorum run` passes the questions it ran; `quorum
 * show` rebuilds them from the run's recorded dataset (path, limit,
 * corruption) and refuses a file whose content hash changed, since
 * re-verifying against other sources would measure nothing.
 */
export async function readTableQaInputs(store: TraceStore, run: RunRecord, units: readonly UnitRecord[], ran?: readonly Question[]): Promise<TableQaReading> {
  // the registry says which inputs a metric that may apply needs (metrics declare their needs)
  if (!inputsToRead(metricUnits(units)).events) return { options: {} };
  const events = new Map(await Promise.all(units.map(async (unit) => [unit.id, await store.getEvents(unit.id)] as const)));
  if (!inputsToRead(metricUnits(units, { events })).questions) return { options: { events } };
  const quoteMatch = run.config.protocol.params['quoteMatch'] === 'exact' ? 'exact' : 'loose';
  if (ran !== undefined) return { options: { events, questions: new Map(ran.map((question) => [question.id, question])), quoteMatch } };
  try {
    // loaded here, not at the top: they bring every dataset reader, which `quorum show` of any other run does not need
    const [{ loadRunQuestions }, { runQuestionSource }] = await Promise.all([import('../runner/load-run-questions.js'), import('../runner/question-source.js')]);
    const questions = await loadRunQuestions(run.id, run.config, runQuestionSource(run.config));
    return { options: { events, questions, quoteMatch } };
  } catch (error) {
    return { options: { events, quoteMatch }, detectionUnavailable: `cannot rebuild the run's questions: ${describeError(error).message}` };
  }
}
