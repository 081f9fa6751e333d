import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Cancellation, toAbortSignal } from '../../../src/util/http/cancellation.js';

describe('Cancellation', () => {
  it('aborts once with the reason an AbortController gives, and calls each listener once', () => {
    const cancellation = new Cancellation();
    const controller = new AbortController();
    const calls: string[] = [];
    const removed = (): void => void calls.push('removed');
    cancellation.addEventListener('abort', () => calls.push('first'), { once: true });
    cancellation.addEventListener('abort', removed);
    cancellation.addEventListener('abort', () => calls.push('second'));
    cancellation.removeEventListener('abort', removed);
    assert.equal(cancellation.aborted, false);
    assert.equal(cancellation.reason, undefined);
    cancellation.abort();
    cancellation.abort();
    controller.abort();
    assert.deepEqual(calls, ['first', 'second']);
    assert.equal(cancellation.aborted, true);
    const reason = cancellation.reason as unknown as DOMException;
    const expected = controller.signal.reason as DOMException;
    assert.ok(reason instanceof DOMException && reason instanceof Error);
    assert.equal(reason.name, expected.name);
    assert.equal(reason.message, expected.message);
    assert.equal(reason.code, expected.code);
  });

  it('calls no listener added after it aborted, as an aborted AbortSignal does not', () => {
    const cancellation = new Cancellation();
    cancellation.abort();
    let called = false;
    cancellation.addEventListener('abort', () => (called = true));
    assert.equal(called, false);
  });

  it('gives fetch an AbortSignal that aborts with it', () => {
    const cancellation = new Cancellation();
    const signal = toAbortSignal(cancellation);
    assert.equal(signal.aborted, false);
    cancellation.abort();
    assert.equal(signal.aborted, true);
    assert.equal(signal.reason, cancellation.reason);
    const already = new Cancellation();
    already.abort();
    assert.equal(toAbortSignal(already).reason, already.reason);
    const plain = new AbortController().signal;
    assert.equal(toAbortSignal(plain), plain);
  });
});
