import { StoreError } from '../spec/errors.js';
import type { UnitResult } from '../spec/store.js';
import { isValidatedEvent, traceEventSchema, type TraceEvent } from '../spec/trace.js';
import { splitMessages, type MessageBody } from './message-bodies.js';
import { unitSummarySchema } from './unit-summary-schema.js';
import { describeZodIssue } from './zod-issue.js';

/** One event as stored: the queryable columns and the whole event as JSON. */
export interface EncodedEvent {
  seq: number;
  type: string;
  agent: string | null;
  round: number | null;
  /** The event as JSON, its messages replaced by their hashes (see `splitMessages`). */
  payload: string;
}

/** A unit result checked and turned into column values. */
export interface EncodedUnitResult {
  status: UnitResult['status'];
  summary: string;
  finishedAt: string;
  events: EncodedEvent[];
  /** The distinct message bodies the events reference, stored once each in `message_bodies`. */
  messageBodies: MessageBody[];
}

const BUG_HINT = 'the unit was not stored; this is a bug in the code that built the result, please report it';

/**
 * Checks a finished unit against trace v1 and encodes it for storage.
 * Validation happens here, on write, so readers can trust what they
 * parse — except for events `executeUnit` marked as just parsed, which are
 * not parsed again. The caller's event objects are stored verbatim (not zod's output),
 * so `getEvents` returns exactly what was given, key order included.
 */
export function encodeUnitResult(unitId: string, result: UnitResult): EncodedUnitResult {
  if (result.status !== 'done' && result.status !== 'failed') {
    throw new StoreError(`unit ${unitId}: a finished unit's status must be done or failed, not ${String(result.status)}`, BUG_HINT);
  }
  const summary = unitSummarySchema.safeParse(result.summary);
  if (!summary.success) {
    const issue = describeZodIssue(summary.error, ['summary']);
    throw new StoreError(`unit ${unitId}: invalid ${issue.field ?? 'summary'}: ${issue.message}`, BUG_HINT);
  }
  const bodies = new Map<string, string>();
  const events = result.events.map((event, index) => encodeEvent(unitId, event, index, bodies));
  return {
    status: result.status,
    summary: JSON.stringify(result.summary),
    finishedAt: result.finishedAt,
    events,
    messageBodies: [...bodies].map(([hash, body]) => ({ hash, body })),
  };
}

function encodeEvent(unitId: string, event: TraceEvent, index: number, bodies: Map<string, string>): EncodedEvent {
  // Events executeUnit just built and parsed are not parsed twice (see isValidatedEvent).
  const body = isValidatedEvent(event) ? null : traceEventSchema.safeParse(event);
  if (body !== null && !body.success) {
    const issue = describeZodIssue(body.error, ['events', index]);
    throw new StoreError(`unit ${unitId}: event ${index} is not a valid trace v1 event: ${issue.field}: ${issue.message}`, BUG_HINT);
  }
  // seq is the event's position: the primary key (unit_id, seq) and the
  // replay order both depend on it.
  if (event.seq !== index) {
    throw new StoreError(`unit ${unitId}: event ${index} has seq ${event.seq}; seq must equal the event's position`, BUG_HINT);
  }
  const split = splitMessages(event);
  for (const { hash, body } of split.bodies) bodies.set(hash, body);
  return {
    seq: event.seq,
    type: event.type,
    agent: eventActor(event),
    round: 'round' in event && typeof event.round === 'number' ? event.round : null,
    payload: split.payload,
  };
}

/** Who acted in an event: the agent, or the judge of a ranking. */
function eventActor(event: TraceEvent): string | null {
  if (event.type === 'judge-rank') return event.judge;
  return 'agent' in event && typeof event.agent === 'string' ? event.agent : null;
}
