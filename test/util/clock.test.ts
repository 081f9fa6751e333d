import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixedClock, isoNow, type Clock } from '../../src/util/clock.js';

describe('isoNow', () => {
  it('gives the ISO text of every reading, repeated, alternating or new', () => {
    const readings = [0, 0, 1, 1, 0, Date.UTC(2026, 11, 6, 4, 0, 0, 123), Date.UTC(2026, 11, 6, 4, 0, 0, 123), -1, 8.64e15];
    for (const reading of readings) assert.equal(isoNow({ now: () => reading }), new Date(reading).toISOString());
    const clock = fixedClock(Date.UTC(2026, 0, 1), 5);
    assert.deepEqual([isoNow(clock), isoNow(clock)], ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.005Z']);
  });

  it('refuses a reading that is no time, every time, as toISOString does', () => {
    const broken: Clock = { now: () => Number.NaN };
    assert.throws(() => isoNow(broken), RangeError);
    assert.throws(() => isoNow(broken), RangeError);
    assert.throws(() => isoNow({ now: () => 8.64e15 + 1 }), RangeError);
    assert.equal(isoNow({ now: () => 0 }), '1970-01-01T00:00:00.000Z');
  });
});
