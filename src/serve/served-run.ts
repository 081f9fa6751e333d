import type { Agent, Protocol } from '../spec/protocol.js';
import type { Question } from '../spec/question.js';
import type { RunConfig } from '../spec/run-config.js';
import type { TraceStore } from '../spec/store.js';
import { executeUnit } from '../runner/execute-unit.js';
import { scorerFor } from '../metrics/scorers/scorer-for.js';
import { type Clock, isoNow, systemClock } from '../util/clock.js';
import { servedAnswerOf, type ServedAnswer } from './served-answer.js';

/** The dataset name of served runs: their questions arrive one request at a time. */
export const SERVE_DATASET = 'serve';

/** What a served run is made of. */
export interface ServedRunOptions {
  store: TraceStore;
  runId: string;
  preset: string;
  config: RunConfig;
  protocol: Protocol;
  agents: readonly Agent[];
  judge?: Agent;
  clock?: Clock;
}

/**
 * One run of a `quorum serve` session for one preset: created when the
 * preset is first asked for, it grows by one unit per request (question
 * ids `request-1`, `request-2`, … in arrival order) and each unit is
 * stored once, as soon as it finishes, exactly as `quorum run` stores it.
 */
export class ServedRun {
  readonly runId: string;
  readonly #options: ServedRunOptions;
  readonly #seed: number;
  #requests = 0;

  private constructor(options: ServedRunOptions) {
    this.#options = options;
    this.runId = options.runId;
    this.#seed = options.config.seeds[0]!;
  }

  /** Stores the run (status `running`) and returns it. */
  static async create(options: ServedRunOptions): Promise<ServedRun> {
    await options.store.createRun({ id: options.runId, createdAt: isoNow(options.clock ?? systemClock), status: 'running', config: options.config });
    return new ServedRun(options);
  }

  /** The next question id; ids are taken in arrival order, before any await, so concurrent requests never share one. */
  nextQuestionId(): string {
    this.#requests += 1;
    return `request-${this.#requests}`;
  }

  /** Runs the protocol on one question as one unit of the run and stores it; throws `ServeError` for a failed unit (stored as failed). */
  async answer(question: Question): Promise<ServedAnswer> {
    const { store, protocol, config } = this.#options;
    const [unitId] = await store.addUnits(this.runId, [{ questionId: question.id, protocol: protocol.name, seed: this.#seed }]);
    const result = await executeUnit({
      protocol,
      question,
      scorer: scorerFor(question, config.dataset.name),
      agents: this.#options.agents,
      ...(this.#options.judge === undefined ? {} : { judge: this.#options.judge }),
      seed: this.#seed,
      clock: this.#options.clock ?? systemClock,
    });
    await store.completeUnit(unitId!, result);
    return servedAnswerOf(result, { runId: this.runId, unitId: unitId!, questionId: question.id, preset: this.#options.preset });
  }

  /** Marks the run done, or interrupted when a request was cut off before its unit was stored. */
  async close(): Promise<void> {
    const counts = await this.#options.store.countUnits(this.runId);
    await this.#options.store.setRunStatus(this.runId, counts.pending === 0 ? 'done' : 'interrupted');
  }
}
