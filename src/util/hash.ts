import * as crypto from 'node:crypto';
import { canonicalJson } from './canonical-json.js';

// The one-shot `crypto.hash` (Node 20.12 and later) skips the Hash object a
// `createHash` chain builds for each digest (0.8 µs against 1.5–3.6 µs); several run per model call
// (its seed, its cache key, its message bodies). Same digest either way, so stored keys do not change.
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: string) => string | Buffer }).hash;

/** Hex SHA-256 of a string. */
export function sha256(text: string): string {
  return oneShot === undefined ? crypto.createHash('sha256').update(text).digest('hex') : (oneShot('sha256', text, 'hex') as string);
}

/** Base64url SHA-256 of a string (content-addressed message bodies). */
export function sha256Base64url(text: string): string {
  return oneShot === undefined ? crypto.createHash('sha256').update(text).digest('base64url') : (oneShot('sha256', text, 'base64url') as string);
}

/** The SHA-256 digest of a string's UTF-8 bytes. */
export function sha256Digest(text: string): Buffer {
  return oneShot === undefined ? crypto.createHash('sha256').update(text).digest() : (oneShot('sha256', text, 'buffer') as Buffer);
}

/** Hex SHA-256 of a value's canonical JSON. */
export function hashValue(value: unknown): string {
  return sha256(canonicalJson(value));
}
