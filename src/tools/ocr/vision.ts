import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { ChatBackend, ChatMessage } from '../../spec/chat.js';

/** A chat message with images (`ChatMessage.images`: data URLs or https URLs). */
export type ImageChatMessage = ChatMessage;

/**
 * Whether a backend can take images: it must declare
 * `capabilities.images === true` (e.g. `openai:<model>@<url>#vision`).
 * Backends without the declaration get text only, so a text-only server is
 * never sent an image it would reject or ignore; OCR still reads images.
 */
export function supportsImages(backend: ChatBackend): boolean {
  return backend.capabilities?.images === true;
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
