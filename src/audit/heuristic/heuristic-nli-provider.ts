import type { NliPair, NliProvider, NliScores } from '../../spec/audit.js';
import { alignedFacts, scoreAlignedFacts } from './aligned-nli-scores.js';
import { scoreFacts } from './heuristic-nli-scores.js';
import { sentenceFacts } from './sentence-facts.js';

/**
 * Rule sets of the heuristic NLI: `aligned` (default, precision-first:
 * evidence must be about the same thing in both sentences) and `lexical`
 * (the earlier rules: any negation, antonym, number or exclusive-term
 * mismatch, weighted by word overlap), kept so that audits made with it can
 * be re-run.
 */
export type HeuristicRules = 'aligned' | 'lexical';

/**
 * The offline NLI fallback (`heuristic`): lexical rules, no model. Its
 * precision and recall on debate steps and on SNLI are in
 * docs/audit-models.md; a report that used it must say so.
 */
export function createHeuristicNliProvider(id = 'heuristic', rules: HeuristicRules = 'aligned'): NliProvider {
  return {
    id,
    async classify(pairs: readonly NliPair[]): Promise<NliScores[]> {
      // Best-match pairs repeat sentences many times; read each one once per batch.
      if (rules === 'lexical') {
        const read = memo(sentenceFacts);
        return pairs.map((pair) => scoreFacts(read(pair.premise), read(pair.hypothesis)).scores);
      }
      const read = memo(alignedFacts);
      return pairs.map((pair) => scoreAlignedFacts(read(pair.premise), read(pair.hypothesis)).scores);
    },
  };
}

function memo<T>(read: (text: string) => T): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    let found = cache.get(text);
    if (found === undefined) {
      found = read(text);
      cache.set(text, found);
    }
    return found;
  };
}
