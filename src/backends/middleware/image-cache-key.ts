import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../../spec/errors.js';

/** What identifies one image of a message in the completion cache key. */
export type ImageKey = { mime: string; sha256: string } | { url: string } | { file: string };

/**
 * The cache identity of an image as `ChatMessage.images` holds it. A data
 * URL is keyed by its declared type and the SHA-256 of its decoded bytes,
 * so the same picture encoded with or without padding or line breaks is one
 * entry, and two pictures never share one. A local file (a path or a
 * `file:` URL) is keyed by its content, never its path alone: an image
 * regenerated in place must not be answered from the old entry. A remote
 * `http(s)` URL can only be keyed by the URL (the bytes are the server's).
 */
export function imageCacheKey(image: string): ImageKey {
  const dataUrl = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(image);
  if (dataUrl !== null) {
    const [, mime, parameters, payload] = dataUrl as unknown as [string, string, string, string];
    const bytes = /;base64$/i.test(parameters) ? Buffer.from(payload.replace(/\s+/g, ''), 'base64') : percentDecoded(payload);
    return { mime: mime.toLowerCase(), sha256: digest(bytes) };
  }
  if (/^https?:\/\//i.test(image)) return { url: image };
  const path = image.startsWith('file:') ? fileURLToPath(image) : image;
  try {
    return { file: digest(readFileSync(path)) };
  } catch (error) {
    throw new ConfigError(`cannot read the image ${path} to key the completion cache: ${(error as Error).message}`, 'pass images as data URLs, https URLs, or paths of readable files');
  }
}

// A malformed escape cannot be decoded; its raw text still identifies the image.
function percentDecoded(payload: string): Buffer {
  try {
    return Buffer.from(decodeURIComponent(payload), 'utf8');
  } catch {
    return Buffer.from(payload, 'utf8');
  }
}

function digest(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
