/**
 * Jaccard distance 1 − |X∩Y| / |X∪Y| between two word sets; 0 for two
 * empty sets (nothing to tell apart).
 */
export function jaccardDistance(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : 1 - shared / union;
}

/**
 * Argument diversity (AD, DESIGN §6) of one round: the mean Jaccard
 * distance over unordered pairs of the agents' content-word sets. Agents
 * whose turn has no content word are left out (an empty or failed reply
 * is no argument, and counting it as maximally different would reward
 * broken output); null when fewer than two agents remain.
 */
export function argumentDiversity(wordSets: ReadonlyArray<ReadonlySet<string>>): number | null {
  const sets = wordSets.filter((set) => set.size > 0);
  if (sets.length < 2) return null;
  let total = 0;
  let pairs = 0;
  for (let i = 0; i < sets.length; i++) {
    for (let j = i + 1; j < sets.length; j++) {
      total += jaccardDistance(sets[i]!, sets[j]!);
      pairs += 1;
    }
  }
  return total / pairs;
}
