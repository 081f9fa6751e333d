import { ConcurrentFailures, describeError } from '../spec/errors.js';
import type { AttemptRecord } from '../spec/chat.js';
import type { Agent, Protocol } from '../spec/protocol.js';
import { poseQuestion, type Question } from '../spec/question.js';
import type { Scorer } from '../spec/scorer.js';
import type { UnitResult } from '../spec/store.js';
import { markValidatedEvent, type ProtocolEventInput, type TraceEvent, traceEventFromBody, type TraceEventInput } from '../spec/trace.js';
import { summarizeUnit } from '../metrics/summarize-unit.js';
import { type Clock, isoNow } from '../util/clock.js';
import { scorerFor } from '../metrics/scorers/scorer-for.js';
import { predictionOf } from '../metrics/scorers/prediction-of.js';
import { scoreFinal } from './score-final.js';
import { withModelCalls } from '../protocols/model-call.js';

/** What one unit runs with. */
export interface UnitInput {
  protocol: Protocol;
  question: Question;
  /** The dataset's scorer: grades the final answer and gives the answer equality of votes (default: `scorerFor(question)`). */
  scorer?: Scorer;
  agents: readonly Agent[];
  judge?: Agent;
  seed: number;
  clock: Clock;
  signal?: AbortSignal;
}

/**
 * Runs one unit and returns its trace. The protocol sees the question
 * without its gold; the runner scores the `final` event it emits with the
 * dataset's scorer. A failure inside the unit becomes an `error` event and a
 * `failed` status; it is never thrown, so the run goes on.
 */
export async function executeUnit(input: UnitInput): Promise<UnitResult> {
  const { question } = input;
  const scorer = input.scorer ?? scorerFor(question);
  const events: TraceEvent[] = [];
  const now = (): string => isoNow(input.clock);
  const append = (body: TraceEventInput): void => {
    events.push(markValidatedEvent(traceEventFromBody(body, events.length, now)));
  };
  const emit = (body: ProtocolEventInput): void => {
    if (body.type === 'final') append(scoreFinal(body, events, question, scorer));
    else if (body.type === 'turn') append({ ...body, correct: scorer.score(predictionOf(body.parsed.answer), question).correct });
    else append(body);
  };
  let failed = false;
  try {
    await input.protocol.run(withModelCalls({
      question: poseQuestion(question),
      sameAnswer: (a, b) => a === b || scorer.equivalent(a, b, question),
      agents: input.agents,
      ...(input.judge === undefined ? {} : { judge: input.judge }),
      seed: input.seed,
      emit,
      ...(input.signal === undefined ? {} : { signal: input.signal }),
    }));
    if (!events.some((event) => event.type === 'final')) {
      throw new Error(`protocol "${input.protocol.name}" ended without a final answer`);
    }
  } catch (error) {
    failed = true;
    // Agents that failed together (one parallel round) each get an error event.
    for (const failure of error instanceof ConcurrentFailures ? error.failures : [error]) append(errorEvent(failure));
  }
  return { status: failed ? 'failed' : 'done', events, summary: summarizeUnit(events), finishedAt: isoNow(input.clock) };
}

/** The `error` event of one failure: where it happened and, for a failed model call, its backend and every attempt. */
function errorEvent(error: unknown): TraceEventInput {
  const described = describeError(error);
  const where = error !== null && typeof error === 'object' ? (error as { agent?: unknown; round?: unknown; backend?: unknown; attemptLog?: unknown }) : {};
  const attemptLog = Array.isArray(where.attemptLog) ? (where.attemptLog as AttemptRecord[]) : undefined;
  return {
    type: 'error',
    code: described.code,
    message: described.message,
    ...(described.hint === undefined ? {} : { hint: described.hint }),
    ...(typeof where.agent === 'string' ? { agent: where.agent } : {}),
    ...(typeof where.round === 'number' ? { round: where.round } : {}),
    ...(typeof where.backend === 'string' ? { backend: where.backend } : {}),
    ...(attemptLog === undefined ? {} : { attempts: attemptLog.length, attemptLog }),
  };
}
