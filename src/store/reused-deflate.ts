import { constants, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * Raw deflate on one zlib handle, reset between values, instead of a new
 * handle per value; and one deflate stream over several texts, flushed
 * after each, for the events of a unit (codec 2 of `stored-text.ts`).
 *
 * Why: `deflateRawSync` builds a zlib stream object and a native context
 * for every call and tears them down after it. For the short JSON values
 * of a trace (a few hundred bytes) that set-up was most of the cost: on
 * the 8,000 values of the peers' job, 18–25 µs per value against 9–10 µs
 * on a handle that is reset (`deflateReset` and the preset dictionary
 * again) between values. `deflate`'s bytes are the same as
 * `deflateRawSync`'s with the same options (test/store/reused-deflate.test.ts
 * compares them).
 *
 * Node has no public API to reuse a sync zlib handle, nor to flush a sync
 * deflate part-way: this drives the handle under a `DeflateRaw` stream
 * (`_handle.writeSync`, `_writeState`, `_handle.reset`), the calls
 * `deflateRawSync` itself makes. If those are missing or a call fails, it
 * falls back for good: `deflate` to `deflateRawSync`, and `deflateParts`
 * answers `undefined` so the caller stores values one by one.
 */
export class ReusedDeflate {
  #stream: DeflateStream | undefined;
  #handle: ZlibHandle | undefined;
  #state: Uint32Array | undefined;
  /** Input and output scratch space, grown to the largest value seen up to `MAX_KEPT_SCRATCH`. */
  #input: Buffer = Buffer.allocUnsafe(16 * 1024);
  #output: Buffer = Buffer.allocUnsafe(16 * 1024);
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

  /** Bytes of scratch space kept between values (tests check that a huge value does not stay). */
  get scratchBytes(): number {
    return this.#input.length + this.#output.length;
  }

  /**
   * The raw deflate of `text` (UTF-8), with `prefix` bytes left free at
   * the start of the returned buffer for the caller; `undefined` when that
   * buffer would not be shorter than the text's UTF-8, so the caller need
   * not measure the text again.
   */
  deflate(text: string, prefix: number): Buffer | undefined {
    const handle = this.#broken ? undefined : this.#open();
    if (handle !== undefined) {
      try {
        const part = this.#write(handle, text, constants.Z_FINISH, prefix);
        handle.reset();
        return part.bytes + prefix >= part.textBytes ? undefined : part.packed;
      } catch {
        this.#fail();
      }
    }
    const deflated = deflateRawSync(text, { dictionary: this.dictionary });
    if (deflated.length + prefix >= Buffer.byteLength(text)) return undefined;
    const packed = Buffer.allocUnsafe(deflated.length + prefix);
    deflated.copy(packed, prefix);
    return packed;
  }

  /**
   * One raw deflate stream over `texts` in order, cut after each: part `i`
   * (with `prefix` free bytes in front) is what the stream emitted once
   * `texts[i]` was in, flushed to a byte boundary (`Z_SYNC_FLUSH`; the
   * last part finishes the stream). Inflating parts 0..i in order gives
   * texts 0..i. Later texts reuse what earlier ones said, which separate
   * deflates cannot. `undefined` when the handle cannot be used.
   */
  deflateParts(texts: readonly string[], prefix: number): { parts: Buffer[]; bytes: number; textBytes: number } | undefined {
    const handle = this.#broken ? undefined : this.#open();
    if (handle === undefined) return undefined;
    try {
      const parts: Buffer[] = [];
      let bytes = 0;
      let textBytes = 0;
      texts.forEach((text, index) => {
        const part = this.#write(handle, text, index === texts.length - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH, prefix);
        parts.push(part.packed);
        bytes += part.bytes + prefix;
        textBytes += part.textBytes;
      });
      handle.reset();
      return { parts, bytes, textBytes };
    } catch {
      this.#fail();
      return undefined;
    }
  }

  /** Feeds `text` to the stream with `flush`; its output, copied out after `prefix` free bytes. Throws when zlib did not take it all. */
  #write(handle: ZlibHandle, text: string, flush: number, prefix: number): { packed: Buffer; bytes: number; textBytes: number } {
    // at most 3 bytes of UTF-8 per UTF-16 unit: when that fits, the text is encoded into the scratch buffer without a copy
    const input = scratch(this.#input, text.length * 3);
    if (input.length <= MAX_KEPT_SCRATCH) this.#input = input;
    const textBytes = input.write(text, 0, 'utf8');
    // deflate's worst case is a little over its input (stored blocks: 5 bytes per 16 KB, plus the flush and the end)
    const output = scratch(this.#output, textBytes + (textBytes >> 10) + 64);
    if (output.length <= MAX_KEPT_SCRATCH) this.#output = output;
    handle.writeSync(flush, input, 0, textBytes, output, 0, output.length);
    const [outputLeft, inputLeft] = this.#state!;
    // a zlib error does not throw here: node destroys the stream (see `#open`)
    if (this.#stream!.destroyed || inputLeft !== 0 || outputLeft === 0) throw new Error('deflate did not take the whole text in one call');
    const bytes = output.length - outputLeft!;
    const packed = Buffer.allocUnsafe(bytes + prefix);
    output.copy(packed, prefix, 0, bytes);
    return { packed, bytes, textBytes };
  }

  #open(): ZlibHandle | undefined {
    if (this.#handle !== undefined) return this.#handle;
    const stream = this.openStream(this.dictionary);
    // node reports a zlib error by destroying the stream and emitting 'error'; `#write` checks `destroyed` instead
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

  #fail(): void {
    this.#broken = true;
    this.#handle = undefined;
    this.#stream = undefined;
  }
}

/** Scratch buffers up to this size are kept for the next value; a larger value's buffers go with it, so one huge value does not stay in memory. */
const MAX_KEPT_SCRATCH = 1024 * 1024;

/** `kept` when it holds `size` bytes, else a new buffer of that size. */
function scratch(kept: Buffer, size: number): Buffer {
  return size <= kept.length ? kept : Buffer.allocUnsafe(size);
}

/** The `DeflateRaw` stream whose handle is reused. */
export type DeflateStream = Pick<ReturnType<typeof createDeflateRaw>, 'on' | 'destroyed'> & { _handle?: ZlibHandle; _writeState?: unknown };

/** The part of node's native zlib handle used here (what `zlib.js` calls for its sync functions). */
export interface ZlibHandle {
  writeSync(flush: number, input: Buffer, inputOffset: number, inputLength: number, output: Buffer, outputOffset: number, outputLength: number): void;
  reset(): void;
}
