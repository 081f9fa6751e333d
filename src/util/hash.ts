import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';

/** Hex SHA-256 of a string. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Hex SHA-256 of a value's canonical JSON. */
export function hashValue(value: unknown): string {
  return sha256(canonicalJson(value));
}
