import type { Question } from '../../spec/question.js';
import type { Scorer } from '../../spec/scorer.js';
import { fallbackScorer, SCORERS } from './index.js';

/**
 * The scorer of a question: its dataset's official scorer when the dataset
 * has one, else the generic scorer for its gold's kind (generic JSONL, the
 * demo set, foreign traces). The dataset name is the run's (`--dataset`),
 * or the prefix of quorum's question id (`wtq:nu-0` → `wtq`).
 */
export function scorerFor(question: Question, dataset?: string): Scorer {
  const name = dataset ?? datasetOfId(question.id);
  return (name === undefined ? undefined : SCORERS.get(name.toLowerCase())) ?? fallbackScorer(question.gold);
}

function datasetOfId(id: string): string | undefined {
  const colon = id.indexOf(':');
  return colon > 0 ? id.slice(0, colon) : undefined;
}

let scorersByName: Map<string, Scorer> | undefined;

/**
 * A scorer by its recorded name (`wtq-denotation`, `squad-em-f1`, …), or
 * undefined for a name this version does not know. The table is built once:
 * metrics ask for every unit of a run, and rebuilding the list per call
 * was 23 ms of a 200-unit `quorum show`.
 */
export function scorerNamed(name: string): Scorer | undefined {
  if (scorersByName === undefined) {
    const generic = (['choice', 'number', 'text'] as const).map((kind) => fallbackScorer(kind === 'choice' ? { kind, value: 'A' } : kind === 'number' ? { kind, value: 0 } : { kind, value: '' }));
    scorersByName = new Map();
    // the first scorer of a name wins, as a search of the list would find it
    for (const scorer of [...SCORERS.values(), ...generic]) if (!scorersByName.has(scorer.name)) scorersByName.set(scorer.name, scorer);
  }
  return scorersByName.get(name);
}
