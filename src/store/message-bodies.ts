import { sha256Base64url } from '../util/hash.js';
import { StoreError } from '../spec/errors.js';
import type { TraceEvent } from '../spec/trace.js';

/** One message of a turn as stored once: its content address and its JSON text. */
export interface MessageBody {
  hash: string;
  body: string;
}

/** An event split for storage: its JSON with message references, and the message bodies it references. */
export interface SplitEvent {
  payload: string;
  bodies: MessageBody[];
}

/**
 * The content address of a message's JSON text: the first 128 bits of its
 * SHA-256, base64url (22 characters; a collision among the messages of any
 * store is out of reach).
 */
export function messageHash(body: string): string {
  return sha256Base64url(body).slice(0, 22);
}

/**
 * Splits an event for storage: each message of its top-level `messages`
 * array is stored once by content (the question and the other agents'
 * answers repeat in every turn of a debate, and a replay repeats them all),
 * and the event keeps the hashes in its place. Events without messages are
 * stored whole. `joinMessages` reverses it to the same JSON text.
 */
export function splitMessages(event: TraceEvent): SplitEvent {
  const messages = (event as { messages?: unknown }).messages;
  if (!Array.isArray(messages) || messages.length === 0 || !messages.every(isObject)) return { payload: JSON.stringify(event), bodies: [] };
  const bodies = messages.map((message) => {
    const body = JSON.stringify(message);
    return { hash: messageHash(body), body };
  });
  // the spread keeps the key where it was, so the joined event serialises to the same text
  return { payload: JSON.stringify({ ...event, messages: bodies.map((entry) => entry.hash) }), bodies };
}

/** The message references of a stored event's JSON (none for events stored whole, as every event before message bodies was). */
export function messageRefs(event: unknown): string[] {
  const messages = (event as { messages?: unknown }).messages;
  return Array.isArray(messages) && messages.length > 0 && messages.every((message) => typeof message === 'string') ? (messages as string[]) : [];
}

/**
 * Puts the messages back into parsed stored events, in place; `bodies`
 * holds the JSON text of every referenced hash. A missing body is a
 * `StoreError` naming the unit, the event and the hash.
 */
export function joinMessages(unitId: string, events: unknown[], bodies: ReadonlyMap<string, string>): TraceEvent[] {
  events.forEach((event, index) => {
    const refs = messageRefs(event);
    if (refs.length === 0) return;
    (event as { messages: unknown[] }).messages = refs.map((hash) => {
      const body = bodies.get(hash);
      if (body === undefined) {
        throw new StoreError(`unit ${unitId}: event ${index} references message ${hash}, which is not in message_bodies`, 'the store is damaged: restore it from a backup, or re-run the unit');
      }
      // parsed per reference: callers may change one event's messages without touching another's
      return JSON.parse(body) as unknown;
    });
  });
  return events as TraceEvent[];
}

/** Every distinct hash referenced by parsed stored events. */
export function referencedHashes(events: readonly unknown[]): string[] {
  return [...new Set(events.flatMap(messageRefs))];
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
