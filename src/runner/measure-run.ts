import { inputsToRead, registeredMetrics } from '../metrics/metric-registry.js';
import { metricUnits } from '../metrics/metric-units.js';
import { runMetrics, type RunMetrics } from '../metrics/run-metrics.js';
import { describeError } from '../spec/errors.js';
import type { Metric } from '../spec/metric.js';
import type { Question } from '../spec/question.js';
import type { RunRecord, TraceStore, UnitRecord } from '../spec/store.js';
import type { TraceEvent } from '../spec/trace.js';

/** What the metrics of a run were computed from, beyond the units' stored summaries. */
export interface RunMetricInputs {
  /** Each unit's events by unit id, when a metric that may apply needs them. */
  events?: ReadonlyMap<string, readonly TraceEvent[]>;
  /** The run's questions by id, as its units saw them, when a metric that may apply needs them. */
  questions?: ReadonlyMap<string, Question>;
  /** How the run's shared log matched quotes (`quoteMatch` of its protocol; `loose` by default). */
  quoteMatch: 'exact' | 'loose';
  /** Why an input that a metric needs could not be read (e.g. the run's dataset file changed); those metrics are n/a. */
  unavailable?: string;
}

/** A run's metrics and what they were computed from. */
export interface RunMeasures {
  metrics: RunMetrics;
  inputs: RunMetricInputs;
}

/** Options of `readMetricInputs` and `measureRun`. */
export interface MeasureOptions {
  /** The questions just run (`quorum run`); without them they are rebuilt from the run's recorded dataset when needed. */
  ran?: readonly Question[];
  /** The metrics whose needs decide what is read (default: every registered metric). */
  metrics?: readonly Metric[];
}

// SQLite reads are synchronous under the promise: yield between pages of units so a server stays responsive.
const EVENTS_PAGE = 500;

/**
 * Reads what the registered metrics ask for beyond the units' summaries
 * (`inputsToRead`): every unit's events when a metric that may apply needs
 * them (faithfulness, FLAGs and verifier detection read the shared log),
 * then the questions when one whose other needs the events meet needs them
 * (verifier detection re-verifies against their sources). `ran` are the
 * questions just run; without them they are rebuilt from the run's
 * recorded dataset (path, limit, corruption), refusing a file whose content
 * hash changed, since re-verifying against other sources would measure
 * nothing. Which inputs are read follows from the metrics' declared needs
 * only, so every caller computes the same metric set.
 */
export async function readMetricInputs(store: TraceStore, run: RunRecord, units: readonly UnitRecord[], options: MeasureOptions = {}): Promise<RunMetricInputs> {
  const { ran, metrics = registeredMetrics() } = options;
  const quoteMatch = run.config.protocol.params['quoteMatch'] === 'exact' ? 'exact' : 'loose';
  if (!inputsToRead(metricUnits(units), metrics).events) return { quoteMatch };
  const events = new Map<string, readonly TraceEvent[]>();
  for (const [index, unit] of units.entries()) {
    if (index > 0 && index % EVENTS_PAGE === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    events.set(unit.id, await store.getEvents(unit.id));
  }
  if (!inputsToRead(metricUnits(units, { events }), metrics).questions) return { events, quoteMatch };
  if (ran !== undefined) return { events, questions: new Map(ran.map((question) => [question.id, question])), quoteMatch };
  try {
    // loaded here, not at the top: they bring every dataset reader, which runs no such metric applies to do not need
    const [{ loadRunQuestions }, { runQuestionSource }] = await Promise.all([import('./load-run-questions.js'), import('./question-source.js')]);
    return { events, questions: await loadRunQuestions(run.id, run.config, runQuestionSource(run.config)), quoteMatch };
  } catch (error) {
    return { events, quoteMatch, unavailable: `cannot rebuild the run's questions: ${describeError(error).message}` };
  }
}

/**
 * A run's metrics as `quorum run`, `quorum show`, the viewer and study
 * reports all compute them: the inputs the metrics ask for
 * (`readMetricInputs`), then `runMetrics`, whose `applicable` lists the
 * registered metrics that apply to a finished unit.
 */
export async function measureRun(store: TraceStore, run: RunRecord, units: readonly UnitRecord[], options: { ran?: readonly Question[] } = {}): Promise<RunMeasures> {
  const inputs = await readMetricInputs(store, run, units, options);
  const { unavailable: _unavailable, ...read } = inputs;
  return { metrics: runMetrics(units, read), inputs };
}
