import * as crypto from 'node:crypto';
import { canonicalJson } from './canonical-json.js';

// The one-shot `crypto.hash` (Node 20.12 and later) skips the Hash object a
// `createHash` chain builds for each digest (0.8 µs against 1.5–3.6 µs); several run per model call
// (its seed, its cache key, its message bodies). Same digest either way, so stored keys do not change.
// Text digests only: a 'buffer' digest costs 2.4 µs against 0.5 for hex (Node 20), so deriveSeed reads hex too.
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex' | 'base64url') => string }).hash;

function sha256As(text: string, encoding: 'hex' | 'base64url'): string {
  if (oneShot !== undefined) return oneShot('sha256', text, encoding);
  return crypto.createHash('sha256').update(text).digest(encoding);
}

/** Hex SHA-256 of a string. */
export function sha256(text: string): string {
  return sha256As(text, 'hex');
}

/** Base64url SHA-256 of a string (content-addressed message bodies). */
export function sha256Base64url(text: string): string {
  return sha256As(text, 'base64url');
}

/** Hex SHA-256 of a value's canonical JSON. */
export function hashValue(value: unknown): string {
  return sha256(canonicalJson(value));
}
