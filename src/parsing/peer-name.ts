/**
 * Matches how a model names a peer ("Agent B", "agent_b", "B") to the
 * peer's configured name. Returns undefined when no peer fits.
 */
export function resolvePeer(mention: string, peers: readonly string[]): string | undefined {
  const wanted = simplify(mention);
  if (wanted === '') return undefined;
  const exact = peers.find((peer) => simplify(peer) === wanted);
  if (exact !== undefined) return exact;
  // "B" for "Agent B": the distinctive last word of a multi-word name, when only one peer has it.
  const byLastWord = peers.filter((peer) => {
    const words = simplify(peer).split(' ');
    return words.length > 1 && words.at(-1) === wanted;
  });
  return byLastWord.length === 1 ? byLastWord[0] : undefined;
}

/**
 * The first peer named in a text: a full name anywhere ("Agent B's claim"),
 * or a short name right after "with/to/toward/on/from" or an opening
 * parenthesis ("DISAGREE with B"). Returns the configured name and where
 * the mention starts, or, when only an unknown "Agent X" is named, that raw
 * name with `known: false`.
 */
export function findPeerMention(text: string, peers: readonly string[]): { peer: string; known: boolean; index: number } | undefined {
  let best: { peer: string; known: boolean; index: number } | undefined;
  const consider = (peer: string, known: boolean, index: number): void => {
    if (best === undefined || index < best.index) best = { peer, known, index };
  };
  for (const peer of peers) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeName(peer)}(?![\\p{L}\\p{N}])`, 'iu');
    const match = pattern.exec(text);
    if (match !== null) consider(peer, true, match.index);
  }
  for (const match of text.matchAll(/(?:\b(?:with|to|toward|towards|on|from)\s+|\(\s*)([\p{L}\p{N}][\p{L}\p{N}_-]*)(?![\p{L}\p{N}])/giu)) {
    const peer = resolvePeer(match[1] ?? '', peers);
    if (peer !== undefined) consider(peer, true, match.index + match[0].length - (match[1] ?? '').length);
  }
  if (best !== undefined) return best;
  const unknown = /\bagent[\s_-]+([\p{L}\p{N}]+)/iu.exec(text);
  const token = unknown?.[1];
  if (unknown !== null && token !== undefined) return { peer: `Agent ${token.length === 1 ? token.toUpperCase() : token}`, known: false, index: unknown.index };
  return undefined;
}

function simplify(name: string): string {
  return name.toLowerCase().replace(/[\s_\-:.'’]+/g, ' ').trim();
}

function escapeName(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '[\\s_-]+');
}
