import { inflateRawSync } from 'node:zlib';
import { StoreError } from '../spec/errors.js';
import { ReusedDeflate } from './reused-deflate.js';

/**
 * How the SQLite store keeps large JSON text (event payloads, message
 * bodies, cached completions): as a compressed BLOB when that is smaller,
 * as plain TEXT otherwise. The SQLite storage class is the marker — TEXT
 * is the JSON itself, exactly as every store before compression held it;
 * a BLOB starts with one codec byte:
 *
 * - `1`: raw deflate (RFC 1951) with `TRACE_DICTIONARY_V1` as its preset
 *   dictionary. Trace events are short JSON objects that repeat the same
 *   keys; the dictionary lets even a 600-byte event compress to ~20 %.
 * - `2`: one part of a unit's event stream (event payloads only, see
 *   `packUnitPayloads`): the unit's events, each JSON text followed by a
 *   newline, in `seq` order, are one raw deflate stream with the same
 *   dictionary, cut after each event at a byte boundary (`Z_SYNC_FLUSH`,
 *   the last part ends the stream). The row of event `seq` holds the part
 *   cut after it, so reading an event needs the parts of the events before
 *   it (inflated with `Z_SYNC_FLUSH`); `getEvents` reads them all anyway,
 *   and checks that the stream ends. Later events reuse the words of
 *   earlier ones (the same keys, agents, answers): on the peers' job the
 *   payloads take 0.8 KB per unit instead of 2.1 KB, and one stream costs
 *   less CPU than a deflate per event.
 *
 * The dictionary of a codec is part of the file format: never edit it.
 * A better one gets a new codec byte, and readers keep the old ones.
 */
const CODEC_DEFLATE_V1 = 1;
const CODEC_UNIT_STREAM_V1 = 2;

/** Preset dictionary of codec 1 (frozen). Common strings come last: deflate finds nearer matches cheaper. */
const TRACE_DICTIONARY_V1 = Buffer.from(
  [
    '{"type":"judge-rank","purpose":"round","judge":"","ranking":[],"rationale":"","warnings":[],"tieBreak":{"seed":0,"tied":[]}',
    '{"type":"ballot","rule":"approval","valid":true,"problem":"","approvals":[],"ranking":[],"points":{}',
    '{"type":"log-entry","logSeq":0,"entryType":"ANSWER","content":"","meta":{},"accepted":true,"rejection":""',
    '{"type":"verify","verdict":"OK","checks":[{"name":"","passed":true,"detail":""}]',
    '{"type":"mute","reason":""}{"type":"error","code":"","message":"","hint":""}',
    '"decision":{"rule":"majority","decided":true,"winner":"","threshold":0.5,"support":1,"candidates":[],"ballots":[],"scores":{},"tied":[]}',
    '"tieBreak":{"tied":[],"rule":"seeded","seed":0,"drawn":""}',
    '"role":"summarizer","structured":"native","purpose":"repair","detail":"","finishReason":"length"',
    '{"role":"system","content":"You are a helpful assistant."}{"role":"user","content":"Answer the question."}{"role":"assistant","content":"',
    '"type":"final","answer":{"status":"ok","value":"","rule":"majority"},"gold":"","correct":true,"scorer":"","scores":{},"agreement":[],"unanimousByRound":[true,true,true],"aggregate":"majority","roundsRun":3,"stoppedEarly":false}',
    '"type":"vote","round":0,"answers":{"Agent A":"A","Agent B":"A","Agent C":"A"},"tally":{"A":3},"winner":"A","unanimous":true}',
    '{"text":"","usage":{"promptTokens":0,"cachedPromptTokens":0,"completionTokens":0},"finishReason":"stop","model":"","costUsd":null}',
    '{"v":1,"seq":0,"at":"2026-01-01T00:00:00.000Z","type":"turn","agent":"Agent A","round":0,"draft":0,"position":0,',
    '"saw":[{"agent":"Agent A","round":0,"draft":0},{"agent":"Agent B","round":0,"draft":0},{"agent":"Agent C","round":0,"draft":0}],',
    '"seed":0,"selected":true,"parsed":{"answer":{"status":"ok","value":"A","rule":""},"rationale":"","source":"text"},"correct":true,',
    '"backend":"openai:","usage":{"promptTokens":0,"cachedPromptTokens":0,"completionTokens":0},"latencyMs":0.0,"cacheHit":false,',
    '"costUsd":null,"attempts":1,"attemptLog":[{"status":200,"reason":"ok","ms":0}],"finishReason":"stop","messages":[""],"text":"',
  ].join(''),
);

/** Below this many bytes deflate cannot win enough to pay for a BLOB. */
const MIN_PACKED = 64;

/** One zlib handle for every value this process writes (see `reused-deflate.ts` for why). */
const deflater = new ReusedDeflate(TRACE_DICTIONARY_V1);

/** JSON text as the SQLite store keeps it: deflated with codec 1 when that is smaller, else the text unchanged. */
export function packText(text: string): string | Buffer {
  if (text.length < MIN_PACKED) return text;
  // one byte left free in front for the codec: the deflate is copied out once, straight into its place
  const packed = deflater.deflate(text, 1);
  if (packed === undefined) return text;
  packed[0] = CODEC_DEFLATE_V1;
  return packed;
}

/**
 * The stored form of a unit's event payloads, in `seq` order: parts of one
 * codec-2 stream (see above) when that is smaller than the JSON, else each
 * payload as `packText` keeps it (also when the reused zlib handle is not
 * available, see `reused-deflate.ts`). A payload is one line of the
 * stream: `JSON.stringify` never writes a raw newline.
 */
export function packUnitPayloads(payloads: readonly string[]): (string | Buffer)[] {
  const stream = payloads.length === 0 ? undefined : deflater.deflateParts(payloads.map((payload) => `${payload}\n`), 1);
  if (stream === undefined || stream.bytes >= stream.textBytes) return payloads.map(packText);
  for (const part of stream.parts) part[0] = CODEC_UNIT_STREAM_V1;
  return stream.parts;
}

/**
 * The JSON text of every event payload of a unit, given all its stored
 * payloads in `seq` order: TEXT and codec-1 values each on their own, the
 * codec-2 parts inflated together. `where(seq)` names the row for errors.
 */
export function unpackUnitPayloads(stored: readonly (string | Uint8Array)[], where: (seq: number) => string): string[] {
  const texts: string[] = new Array<string>(stored.length);
  const streamSeqs: number[] = [];
  const streamParts: Uint8Array[] = [];
  stored.forEach((value, seq) => {
    if (typeof value !== 'string' && value[0] === CODEC_UNIT_STREAM_V1) {
      streamSeqs.push(seq);
      streamParts.push(value.subarray(1));
    } else {
      texts[seq] = unpackText(value, where(seq));
    }
  });
  if (streamSeqs.length === 0) return texts;
  const lines = inflateUnitStream(streamParts, where(streamSeqs[0]!)).split('\n');
  // every part ends with a newline: n events make n lines and an empty end
  if (lines.length !== streamSeqs.length + 1 || lines[streamSeqs.length] !== '') {
    throw new StoreError(
      `${where(streamSeqs[0]!)}: the unit's compressed events hold ${lines.length - 1} events, not the ${streamSeqs.length} stored`,
      'the store is damaged: restore it from a backup, or re-run the unit',
    );
  }
  streamSeqs.forEach((seq, index) => (texts[seq] = lines[index]!));
  return texts;
}

function inflateUnitStream(parts: readonly Uint8Array[], where: string): string {
  try {
    // the whole stream, to its end: a unit missing its last rows fails here instead of reading short
    return inflateRawSync(Buffer.concat(parts), { dictionary: TRACE_DICTIONARY_V1 }).toString('utf8');
  } catch (error) {
    throw new StoreError(`${where}: compressed events cannot be read (${(error as Error).message})`, 'the store is damaged: restore it from a backup, or re-run the unit', error);
  }
}

/**
 * The JSON text of a stored value: TEXT as it is, a BLOB decoded by its
 * codec byte. `where` names the table and row for the error of an unknown
 * codec or a damaged BLOB.
 */
export function unpackText(stored: string | Uint8Array, where: string): string {
  if (typeof stored === 'string') return stored;
  const codec = stored[0];
  if (codec === CODEC_UNIT_STREAM_V1) {
    // only event payloads are written with codec 2, and they are read per unit
    throw new StoreError(`${where}: stored value is part of a unit's event stream (codec 2) and cannot be read alone`, 'read the unit\'s events with getEvents');
  }
  if (codec !== CODEC_DEFLATE_V1) {
    throw new StoreError(
      `${where}: stored value has codec ${codec === undefined ? '(empty)' : codec}; this quorum reads codecs ${CODEC_DEFLATE_V1} (deflate) and ${CODEC_UNIT_STREAM_V1} (a unit's event stream) and plain text`,
      'the store was written by a newer quorum: upgrade quorum to read it',
    );
  }
  try {
    return inflateRawSync(stored.subarray(1), { dictionary: TRACE_DICTIONARY_V1 }).toString('utf8');
  } catch (error) {
    throw new StoreError(`${where}: compressed value cannot be read (${(error as Error).message})`, 'the store is damaged: restore it from a backup, or re-run the unit', error);
  }
}
