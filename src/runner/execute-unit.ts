import { describeError } from '../spec/errors.js';
import type { Agent, Protocol } from '../spec/protocol.js';
import type { Question } from '../spec/question.js';
import type { UnitResult } from '../spec/store.js';
import { markValidatedEvent, type TraceEvent, type TraceEventInput, TRACE_VERSION, traceEventBodySchema } from '../spec/trace.js';
import { summarizeUnit } from '../metrics/summarize-unit.js';
import { type Clock, isoNow } from '../util/clock.js';

/** What one unit runs with. */
export interface UnitInput {
  protocol: Protocol;
  question: Question;
  agents: readonly Agent[];
  judge?: Agent;
  seed: number;
  clock: Clock;
  signal?: AbortSignal;
}

/**
 * Runs one unit and returns its trace. A failure inside the unit becomes an
 * `error` event and a `failed` status; it is never thrown, so the run goes on.
 */
export async function executeUnit(input: UnitInput): Promise<UnitResult> {
  const events: TraceEvent[] = [];
  const emit = (body: TraceEventInput): void => {
    const checked = traceEventBodySchema.parse(body);
    events.push(markValidatedEvent({ v: TRACE_VERSION, seq: events.length, at: isoNow(input.clock), ...checked } as TraceEvent));
  };
  let failed = false;
  try {
    await input.protocol.run({
      question: input.question,
      agents: input.agents,
      ...(input.judge === undefined ? {} : { judge: input.judge }),
      seed: input.seed,
      emit,
      ...(input.signal === undefined ? {} : { signal: input.signal }),
    });
    if (!events.some((event) => event.type === 'final')) {
      throw new Error(`protocol "${input.protocol.name}" ended without a final answer`);
    }
  } catch (error) {
    failed = true;
    const described = describeError(error);
    const where = error !== null && typeof error === 'object' ? (error as { agent?: unknown; round?: unknown }) : {};
    emit({
      type: 'error',
      code: described.code,
      message: described.message,
      ...(described.hint === undefined ? {} : { hint: described.hint }),
      ...(typeof where.agent === 'string' ? { agent: where.agent } : {}),
      ...(typeof where.round === 'number' ? { round: where.round } : {}),
    });
  }
  return { status: failed ? 'failed' : 'done', events, summary: summarizeUnit(events), finishedAt: isoNow(input.clock) };
}
