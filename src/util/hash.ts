import * as crypto from 'node:crypto';
import { canonicalJson } from './canonical-json.js';

// The one-shot `crypto.hash` (Node 20.12 and later) skips the Hash object a
// `createHash` chain builds for each digest (0.8 µs against 1.5–3.6 µs); several run per model call
// (its seed, its cache key, its message bodies). Same digest either way, so stored keys do not change.
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex' | 'base64url' | 'buffer') => string | Buffer }).hash;

function sha256As(text: string, encoding: 'hex' | 'base64url'): string;
function sha256As(text: string, encoding: 'buffer'): Buffer;
function sha256As(text: string, encoding: 'hex' | 'base64url' | 'buffer'): string | Buffer {
  if (oneShot !== undefined) return oneShot('sha256', text, encoding);
  const hash = crypto.createHash('sha256').update(text);
  return encoding === 'buffer' ? hash.digest() : hash.digest(encoding);
}

/** Hex SHA-256 of a string. */
export function sha256(text: string): string {
  return sha256As(text, 'hex');
}

/** Base64url SHA-256 of a string (content-addressed message bodies). */
export function sha256Base64url(text: string): string {
  return sha256As(text, 'base64url');
}

/** The SHA-256 digest of a string's UTF-8 bytes. */
export function sha256Digest(text: string): Buffer {
  return sha256As(text, 'buffer');
}

/** Hex SHA-256 of a value's canonical JSON. */
export function hashValue(value: unknown): string {
  return sha256(canonicalJson(value));
}
