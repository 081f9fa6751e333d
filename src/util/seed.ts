import { sha256 } from './hash.js';

/**
 * Derives a 31-bit seed from a run seed and the parts that identify one
 * random decision (question id, agent, round, draft, purpose). The same
 * parts always give the same seed; different parts give independent seeds.
 */
export function deriveSeed(runSeed: number, ...parts: Array<string | number>): number {
  // The digest's first four bytes, big-endian, read from the hex text: a Buffer digest costs 2.4 µs against 0.5.
  return Number.parseInt(sha256([runSeed, ...parts].join('\u001f')).slice(0, 8), 16) & 0x7fffffff;
}

/** A small seeded generator (mulberry32) returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks one element with a seeded draw. */
export function seededPick<T>(items: readonly T[], seed: number): T {
  if (items.length === 0) throw new RangeError('seededPick: no items');
  return items[Math.floor(seededRandom(seed)() * items.length)]!;
}

/** A seeded Fisher–Yates shuffle (returns a new array). */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}
