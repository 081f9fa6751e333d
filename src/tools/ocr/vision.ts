import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { ChatBackend, ChatMessage } from '../../spec/chat.js';

/**
 * A chat message with images, in the shape proposed for `ChatMessage`
 * (an optional `images` list of data URLs or https URLs, which the OpenAI
 * backend would send as `image_url` content parts). Until the spec has the
 * field, no backend sends the images, so `supportsImages` says no and the
 * VisualAgent relies on OCR alone.
 */
export type ImageChatMessage = ChatMessage & { images?: string[] };

/**
 * Whether a backend can take images: it must declare
 * `capabilities.images === true` (proposed additive field on
 * `ChatBackend`). Backends without the declaration get text only, so a
 * text-only server is never sent an image it would reject or ignore.
 */
export function supportsImages(backend: ChatBackend): boolean {
  const capabilities = (backend as ChatBackend & { capabilities?: { images?: boolean } }).capabilities;
  return capabilities?.images === true;
}

const MIME: Readonly<Record<string, string>> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp' };

/** An image as a data URL (images already given as data URLs are returned as they are). */
export async function imageDataUrl(path: string): Promise<string> {
  if (path.startsWith('data:')) return path;
  const mime = MIME[extname(path).toLowerCase()] ?? 'application/octet-stream';
  return `data:${mime};base64,${(await readFile(path)).toString('base64')}`;
}

/** The bytes of an image given as a path or a base64 data URL (what OCR reads). */
export function imageSource(path: string): string | Uint8Array {
  const match = /^data:[^;,]+;base64,(.*)$/s.exec(path);
  return match === null ? path : Buffer.from(match[1]!, 'base64');
}
