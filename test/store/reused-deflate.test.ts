/**
 * `ReusedDeflate` (src/store/reused-deflate.ts): one zlib handle, reset
 * between values, gives the same bytes as a fresh `deflateRawSync` per
 * value, whatever came before; and falls back to `deflateRawSync` when
 * node's handle is not there or fails, with the same output.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { constants, createDeflateRaw, deflateRawSync, inflateRawSync } from 'node:zlib';
import { ReusedDeflate, type DeflateStream } from '../../src/store/reused-deflate.js';

const dictionary = Buffer.from('{"type":"turn","agent":"Agent A","round":0,"text":"","messages":[]}');

/** Values of every shape the store writes: short, long, non-ASCII, repetitive, incompressible, larger than the scratch space. */
function values(): string[] {
  let seed = 7;
  const noise = Array.from({ length: 40_000 }, () => String.fromCharCode(33 + ((seed = (seed * 48_271) % 2_147_483_647) % 90))).join('');
  return [
    JSON.stringify({ type: 'turn', agent: 'Agent A', round: 0, text: 'The answer is B. '.repeat(30) }),
    JSON.stringify({ content: 'Ärztin über 37,5 °C — 発熱 😀'.repeat(50) }),
    JSON.stringify({ type: 'vote', answers: { 'Agent A': 'B' } }),
    noise,
    'x'.repeat(200_000),
    JSON.stringify({ type: 'turn', agent: 'Agent B', round: 1, text: 'The answer is B. '.repeat(30) }),
  ];
}

/** What the store wrote before the handle was reused: a fresh deflate per value, `prefix` free bytes in front, or nothing when not smaller. */
function oneShot(text: string, prefix: number): Buffer | undefined {
  const deflated = deflateRawSync(text, { dictionary });
  if (deflated.length + prefix >= Buffer.byteLength(text)) return undefined;
  return Buffer.concat([Buffer.alloc(prefix), deflated]);
}

function sameBytes(actual: Buffer | undefined, expected: Buffer | undefined, prefix: number): void {
  assert.equal(actual === undefined, expected === undefined);
  if (actual !== undefined && expected !== undefined) assert.ok(actual.subarray(prefix).equals(expected.subarray(prefix)));
}

describe('ReusedDeflate', () => {
  it('reuses one handle and gives the bytes of a fresh deflateRawSync per value, in any order, twice over', () => {
    const deflate = new ReusedDeflate(dictionary);
    assert.equal(deflate.reusesHandle, true);
    for (const text of [...values(), ...values().reverse()]) {
      const packed = deflate.deflate(text, 1);
      sameBytes(packed, oneShot(text, 1), 1);
      if (packed !== undefined) assert.equal(inflateRawSync(packed.subarray(1), { dictionary }).toString('utf8'), text);
    }
    assert.equal(deflate.reusesHandle, true, 'no value made it fall back');
  });

  it('returns undefined when the deflate is not shorter than the text', () => {
    const deflate = new ReusedDeflate(dictionary);
    assert.equal(deflate.deflate('{"a":1}', 1), undefined);
  });

  it('falls back to deflateRawSync, same bytes, when the stream has no usable handle', () => {
    const deflate = new ReusedDeflate(dictionary, () => ({ on: () => undefined, destroyed: false }) as unknown as DeflateStream);
    assert.equal(deflate.reusesHandle, false);
    for (const text of values()) sameBytes(deflate.deflate(text, 1), oneShot(text, 1), 1);
  });

  it('falls back for good, same bytes, when the handle fails', () => {
    let writes = 0;
    const failing = () => {
      const stream = createDeflateRaw({ dictionary }) as unknown as DeflateStream;
      const handle = stream._handle!;
      const write = handle.writeSync.bind(handle);
      handle.writeSync = (...args: Parameters<typeof write>) => {
        writes += 1;
        if (writes === 2) throw new Error('zlib failed');
        write(...args);
      };
      return stream;
    };
    const deflate = new ReusedDeflate(dictionary, failing);
    for (const text of values()) sameBytes(deflate.deflate(text, 1), oneShot(text, 1), 1);
    assert.equal(deflate.reusesHandle, false);
    assert.equal(writes, 2, 'the failed handle is not used again');
  });

  it('deflateParts cuts one stream after each text: parts 0..i inflate to texts 0..i', () => {
    const deflate = new ReusedDeflate(dictionary);
    const texts = values().map((text) => `${text}\n`);
    for (let round = 0; round < 2; round++) {
      const stream = deflate.deflateParts(texts, 1)!;
      assert.equal(stream.parts.length, texts.length);
      assert.equal(stream.textBytes, texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0));
      assert.equal(stream.bytes, stream.parts.reduce((sum, part) => sum + part.length, 0));
      for (let end = 1; end <= texts.length; end++) {
        const prefix = Buffer.concat(stream.parts.slice(0, end).map((part) => part.subarray(1)));
        const inflated = inflateRawSync(prefix, { dictionary, finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
        assert.equal(inflated, texts.slice(0, end).join(''));
      }
    }
  });

  it('deflateParts answers undefined without a usable handle', () => {
    const deflate = new ReusedDeflate(dictionary, () => ({ on: () => undefined, destroyed: false }) as unknown as DeflateStream);
    assert.equal(deflate.deflateParts(['{"a":1}'], 1), undefined);
  });

  it('keeps at most 1 MiB of scratch space per buffer after a huge value, and deflates it right', () => {
    const deflate = new ReusedDeflate(dictionary);
    const huge = JSON.stringify({ text: 'Ärztin über 37,5 °C. '.repeat(150_000) });
    sameBytes(deflate.deflate(huge, 1), oneShot(huge, 1), 1);
    assert.ok(deflate.scratchBytes <= 2 * 1024 * 1024, `${deflate.scratchBytes} bytes kept`);
    const stream = deflate.deflateParts([huge, huge], 1)!;
    assert.equal(inflateRawSync(Buffer.concat(stream.parts.map((part) => part.subarray(1))), { dictionary }).toString('utf8'), huge + huge);
    assert.ok(deflate.scratchBytes <= 2 * 1024 * 1024, `${deflate.scratchBytes} bytes kept`);
  });
});
