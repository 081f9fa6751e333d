import type { NliPair, NliProvider, NliScores } from '../../spec/audit.js';
import { scoreFacts } from './heuristic-nli-scores.js';
import { sentenceFacts, type SentenceFacts } from './sentence-facts.js';

/**
 * The offline NLI fallback (`heuristic`): lexical rules, no model. Its
 * precision and recall on an SNLI slice are in docs/audit-models.md; a
 * report that used it must say so.
 */
export function createHeuristicNliProvider(id = 'heuristic'): NliProvider {
  return {
    id,
    async classify(pairs: readonly NliPair[]): Promise<NliScores[]> {
      // Best-match pairs repeat sentences many times; read each one once per batch.
      const facts = new Map<string, SentenceFacts>();
      const read = (text: string): SentenceFacts => {
        let found = facts.get(text);
        if (found === undefined) {
          found = sentenceFacts(text);
          facts.set(text, found);
        }
        return found;
      };
      return pairs.map((pair) => scoreFacts(read(pair.premise), read(pair.hypothesis)).scores);
    },
  };
}
