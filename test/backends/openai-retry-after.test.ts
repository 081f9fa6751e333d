import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRetryAfter } from '../../src/util/http/retry-after.js';

const now = () => Date.UTC(2026, 0, 1, 12, 0, 0);

describe('parseRetryAfter', () => {
  it('reads seconds, fractional seconds and milliseconds', () => {
    assert.equal(parseRetryAfter(new Headers({ 'retry-after': '7' }), now), 7000);
    assert.equal(parseRetryAfter(new Headers({ 'retry-after': '0.5' }), now), 500);
    assert.equal(parseRetryAfter(new Headers({ 'retry-after-ms': '250.5', 'retry-after': '9' }), now), 250.5);
  });

  it('reads HTTP dates relative to now, never negative', () => {
    assert.equal(parseRetryAfter(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 12:00:30 GMT' }), now), 30_000);
    assert.equal(parseRetryAfter(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 11:00:00 GMT' }), now), 0);
  });

  it('ignores missing and unreadable values', () => {
    assert.equal(parseRetryAfter(undefined, now), undefined);
    assert.equal(parseRetryAfter(new Headers(), now), undefined);
    assert.equal(parseRetryAfter(new Headers({ 'retry-after': 'soon' }), now), undefined);
  });
});
