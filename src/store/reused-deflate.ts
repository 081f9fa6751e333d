import { constants, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * Raw deflate of one value at a time on one zlib handle, reset between
 * values, instead of a new handle per value.
 *
 * Why: `deflateRawSync` builds a zlib stream object and a native context
 * for every call and tears them down after it. For the short JSON values
 * of a trace (a few hundred bytes) that set-up was most of the cost: on
 * the peers' job, 13–14 µs per value against 7–8 µs on a handle that is
 * reset (`deflateReset` and the preset dictionary again) between values,
 * and it made garbage per value. The output bytes are the same as
 * `deflateRawSync` with the same options (test/store/stored-text.test.ts
 * compares them), so nothing about the stored format changes.
 *
 * Node has no public API to reuse a sync zlib handle: this drives the
 * handle under a `DeflateRaw` stream (`_handle.writeSync`, `_writeState`,
 * `_handle.reset`), the calls `deflateRawSync` itself makes. If those are
 * missing or a call fails, it says so once by falling back to
 * `deflateRawSync` for good, which needs nothing internal.
 */
export class ReusedDeflate {
  #stream: DeflateStream | undefined;
  #handle: ZlibHandle | undefined;
  #state: Uint32Array | undefined;
  /** Input and output scratch space, grown to the largest value seen. */
  #input = Buffer.allocUnsafe(16 * 1024);
  #output = Buffer.allocUnsafe(16 * 1024);
  #broken = false;

  /** `openStream` is for tests, which hand in streams without the internals or with a failing handle. */
  constructor(
    private readonly dictionary: Buffer,
    private readonly openStream: (dictionary: Buffer) => DeflateStream = (preset) => createDeflateRaw({ dictionary: preset }),
  ) {}

  /** Whether values go through the reused handle (false after a fallback to `deflateRawSync`). */
  get reusesHandle(): boolean {
    return !this.#broken && this.#open() !== undefined;
  }

  /**
   * The raw deflate of `text` (UTF-8), with `prefix` bytes left free at
   * the start of the returned buffer for the caller; `undefined` when that
   * buffer would not be shorter than the text's UTF-8, so the caller need
   * not measure the text again.
   */
  deflate(text: string, prefix: number): Buffer | undefined {
    const handle = this.#broken ? undefined : this.#open();
    if (handle === undefined) return this.#oneShot(text, prefix);
    // at most 3 bytes of UTF-8 per UTF-16 unit: when that fits, the text is encoded into the scratch buffer without a copy
    if (text.length * 3 > this.#input.length) this.#input = Buffer.allocUnsafe(text.length * 3);
    const textBytes = this.#input.write(text, 0, 'utf8');
    // deflate's worst case is a little over its input (stored blocks: 5 bytes per 16 KB, plus the end)
    const room = textBytes + (textBytes >> 10) + 64;
    if (room > this.#output.length) this.#output = Buffer.allocUnsafe(room);
    try {
      handle.writeSync(constants.Z_FINISH, this.#input, 0, textBytes, this.#output, 0, this.#output.length);
      const [outputLeft, inputLeft] = this.#state!;
      // a zlib error does not throw here: node destroys the stream (see `#open`)
      if (this.#stream!.destroyed || inputLeft !== 0 || outputLeft === 0) throw new Error('deflate did not finish in one call');
      handle.reset();
      const deflatedBytes = this.#output.length - outputLeft!;
      if (deflatedBytes + prefix >= textBytes) return undefined;
      const packed = Buffer.allocUnsafe(deflatedBytes + prefix);
      this.#output.copy(packed, prefix, 0, deflatedBytes);
      return packed;
    } catch {
      this.#broken = true;
      this.#handle = undefined;
      this.#stream = undefined;
      return this.#oneShot(text, prefix);
    }
  }

  #open(): ZlibHandle | undefined {
    if (this.#handle !== undefined) return this.#handle;
    const stream = this.openStream(this.dictionary);
    // node reports a zlib error by destroying the stream and emitting 'error'; `deflate` checks `destroyed` instead
    stream.on('error', () => undefined);
    const handle = stream._handle;
    if (typeof handle?.writeSync !== 'function' || typeof handle.reset !== 'function' || !(stream._writeState instanceof Uint32Array)) {
      this.#broken = true;
      return undefined;
    }
    this.#stream = stream;
    this.#handle = handle;
    this.#state = stream._writeState;
    return handle;
  }

  #oneShot(text: string, prefix: number): Buffer | undefined {
    const textBytes = Buffer.byteLength(text);
    const deflated = deflateRawSync(text, { dictionary: this.dictionary });
    if (deflated.length + prefix >= textBytes) return undefined;
    const packed = Buffer.allocUnsafe(deflated.length + prefix);
    deflated.copy(packed, prefix);
    return packed;
  }
}

/** The `DeflateRaw` stream whose handle is reused. */
export type DeflateStream = Pick<ReturnType<typeof createDeflateRaw>, 'on' | 'destroyed'> & { _handle?: ZlibHandle; _writeState?: unknown };

/** The part of node's native zlib handle used here (what `zlib.js` calls for its sync functions). */
export interface ZlibHandle {
  writeSync(flush: number, input: Buffer, inputOffset: number, inputLength: number, output: Buffer, outputOffset: number, outputLength: number): void;
  reset(): void;
}
