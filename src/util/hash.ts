import * as crypto from 'node:crypto';
import { canonicalJson } from './canonical-json.js';

// The one-shot `crypto.hash` (Node 20.12 and later) skips the Hash object a
// `createHash` chain builds for each digest; two run per model call (its seed and its cache key).
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: string) => string | Buffer }).hash;

/** Hex SHA-256 of a string. */
export function sha256(text: string): string {
  return oneShot === undefined ? crypto.createHash('sha256').update(text).digest('hex') : (oneShot('sha256', text, 'hex') as string);
}

/** The SHA-256 digest of a string's UTF-8 bytes. */
export function sha256Digest(text: string): Buffer {
  return oneShot === undefined ? crypto.createHash('sha256').update(text).digest() : (oneShot('sha256', text, 'buffer') as Buffer);
}

/** Hex SHA-256 of a value's canonical JSON. */
export function hashValue(value: unknown): string {
  return sha256(canonicalJson(value));
}
