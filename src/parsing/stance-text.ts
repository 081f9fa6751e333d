import type { GdpStep } from '../spec/answer.js';
import { findPeerMention } from './peer-name.js';

/** A stance read from text, or why none could be read. */
export type StanceReading = { stance: NonNullable<GdpStep['stance']>; knownPeer: boolean } | { problem: string };

const TYPE = /\b(disagree|agree|extend)(?:s|d|ed|ing)?\b/i;
const COUNTER_GROUND = /\bcounter[\s_-]?ground\b\s*[:：\-–—]?\s*/i;

/**
 * Reads a STANCE written as text: "DISAGREE with Agent B — counter-ground:
 * …", "(Agent B): AGREE", "EXTEND Agent C's claim that …". The type is the
 * first AGREE/DISAGREE/EXTEND word; the peer the first peer named; the
 * target a quoted text or what follows "claim that"; the counter-ground
 * what follows a "counter-ground:" label (`counterGround` adds one given on
 * its own line).
 */
export function parseStanceText(text: string, peers: readonly string[], counterGround?: string): StanceReading {
  const split = COUNTER_GROUND.exec(text);
  const body = split === null ? text : text.slice(0, split.index);
  const inlineCounter = split === null ? undefined : tidy(text.slice(split.index + split[0].length));
  const type = TYPE.exec(body)?.[1]?.toUpperCase() as 'AGREE' | 'DISAGREE' | 'EXTEND' | undefined;
  if (type === undefined) return { problem: `stance "${shorten(text)}" has no AGREE, DISAGREE or EXTEND` };
  const mention = findPeerMention(body, peers);
  if (mention === undefined) return { problem: `stance "${shorten(text)}" names no peer` };
  const stance: NonNullable<GdpStep['stance']> = { peer: mention.peer, type };
  const target = /["“]([^"”]{3,})["”]/.exec(body)?.[1] ?? /\bclaim\s+that\s+(.+?)(?:\s[—–-]\s|[;]|\.(?:\s|$)|$)/i.exec(body)?.[1];
  if (target !== undefined && tidy(target) !== '') stance.target = tidy(target);
  const counter = [inlineCounter, counterGround === undefined ? undefined : tidy(counterGround)].filter((part) => part !== undefined && part !== '').join(' ');
  if (counter !== '') stance.counterGround = counter;
  return { stance, knownPeer: mention.known };
}

function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/^[\s:,;—–-]+|[\s,;—–-]+$/g, '');
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat;
}
