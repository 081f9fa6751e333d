/**
 * Trace validation on write happens once per event: events `executeUnit`
 * built and parsed are vouched for by identity; every other event object
 * is parsed by the store.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { executeUnit } from '../../src/runner/execute-unit.js';
import type { Protocol } from '../../src/spec/protocol.js';
import { isValidatedEvent, type TraceEvent } from '../../src/spec/trace.js';
import { encodeUnitResult } from '../../src/store/encode-unit-result.js';
import { fixedClock } from '../../src/util/clock.js';

const finalOnly = {
  name: 'final-only',
  async run({ emit }: Parameters<Protocol['run']>[0]) {
    emit({ type: 'final', answer: { status: 'ok', value: 'A' }, aggregate: 'single', roundsRun: 1, stoppedEarly: false });
  },
} as unknown as Protocol;

describe('encodeUnitResult', () => {
  it('trusts the events executeUnit parsed, and parses any other event object', async () => {
    const result = await executeUnit({ protocol: finalOnly, question: { id: 'q1', prompt: 'Q?', options: { A: 'a', B: 'b' }, gold: { kind: 'choice', value: 'A' } }, agents: [], seed: 1, clock: fixedClock(0) });
    assert.equal(result.status, 'done', JSON.stringify(result.events));
    assert.ok(result.events.every((event) => isValidatedEvent(event)));
    assert.equal(encodeUnitResult('u1', result).events.length, result.events.length);

    // A copy is another object: it is parsed, and a broken one is refused.
    const broken = { ...result.events[0]!, answer: 42 } as unknown as TraceEvent;
    assert.equal(isValidatedEvent(broken), false);
    assert.throws(() => encodeUnitResult('u1', { ...result, events: [broken] }), /event 0 is not a valid trace v1 event/);
  });
});
