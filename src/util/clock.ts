/** Time source, injected so that traces of scripted runs are byte-identical. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The real clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that starts at `start` and advances by `stepMs` on every reading. */
export function fixedClock(start = Date.UTC(2026, 0, 1), stepMs = 0): Clock {
  let time = start - stepMs;
  return {
    now: () => {
      time += stepMs;
      return time;
    },
  };
}

/** ISO text of a clock reading. */
export function isoNow(clock: Clock): string {
  return new Date(clock.now()).toISOString();
}
