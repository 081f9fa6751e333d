import type { TraceEvent } from '../spec/trace.js';

/**
 * Wall latency of one unit, in milliseconds: from the start of its first
 * model call to the end of its last (each call event is stamped when the
 * call returned; it started `latencyMs` earlier). Calls that ran in
 * parallel overlap, so this is at most the summed call time. Null for a
 * unit without a timed call.
 */
export function wallLatencyMs(events: readonly TraceEvent[]): number | null {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const event of events) {
    if (event.type !== 'turn' && event.type !== 'judge-rank' && event.type !== 'ballot') continue;
    const at = Date.parse(event.at);
    if (!Number.isFinite(at)) continue;
    start = Math.min(start, at - event.latencyMs);
    end = Math.max(end, at);
  }
  return end < start ? null : end - start;
}
