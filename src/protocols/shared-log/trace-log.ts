import type { TraceEvent } from '../../spec/trace.js';
import type { LogEntry } from '../../spec/log-entry.js';
import type { StopReason } from './scheduler.js';

/**
 * Rebuilds a unit's shared log from its stored events (`log-entry` events in
 * order), so metrics and re-verification work on traces alone: e.g.
 * `verifyAnswer` on an ANSWER with an injected error, or log-grounding
 * faithfulness over the accepted entries.
 */
export function logEntriesFromEvents(events: readonly TraceEvent[]): LogEntry[] {
  return events.flatMap((event): LogEntry[] =>
    event.type !== 'log-entry'
      ? []
      : [
          {
            seq: event.logSeq,
            round: event.round,
            agent: event.agent,
            type: event.entryType,
            content: event.content,
            meta: event.meta,
            accepted: event.accepted,
            ...(event.rejection === undefined ? {} : { rejection: event.rejection }),
          },
        ],
  );
}

/**
 * Why a stored DeALOG unit stopped, from its events: `verified` when its
 * last verdict is OK, `no-new-entries` when its last round added no accepted
 * entry, otherwise `max-rounds`. Undefined for a unit without a `final`
 * event (failed or unfinished).
 */
export function dealogStopReason(events: readonly TraceEvent[]): StopReason | undefined {
  const final = events.find((event) => event.type === 'final');
  if (final === undefined || final.type !== 'final') return undefined;
  const verdicts = events.filter((event) => event.type === 'verify');
  const last = verdicts.at(-1);
  if (last !== undefined && last.type === 'verify' && last.verdict === 'OK') return 'verified';
  const lastRound = final.roundsRun - 1;
  const added = events.some((event) => event.type === 'log-entry' && event.accepted && event.round === lastRound);
  return added ? 'max-rounds' : 'no-new-entries';
}
