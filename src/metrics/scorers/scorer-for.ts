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

/** A scorer by its recorded name (`wtq-denotation`, `squad-em-f1`, …), or undefined for a name this version does not know. */
export function scorerNamed(name: string): Scorer | undefined {
  const generic = (['choice', 'number', 'text'] as const).map((kind) => fallbackScorer(kind === 'choice' ? { kind, value: 'A' } : kind === 'number' ? { kind, value: 0 } : { kind, value: '' }));
  return [...SCORERS.values(), ...generic].find((scorer) => scorer.name === name);
}
