import type { NliScores } from '../spec/audit.js';
import { ConfigError } from '../spec/errors.js';
import { AuditModelError } from './audit-model-error.js';

/** One of the three NLI classes. */
export type NliClass = keyof NliScores;

const NLI_CLASSES: readonly NliClass[] = ['entailment', 'neutral', 'contradiction'];

/** The NLI class a model's label names (case-insensitive: "ENTAILMENT", "contradiction", "Neutral", "entail", "contradict"), or undefined. */
export function nliClassOfLabel(label: string): NliClass | undefined {
  const name = label.trim().toLowerCase();
  if (name === 'entailment' || name === 'entail' || name === 'entailed') return 'entailment';
  if (name === 'neutral') return 'neutral';
  if (name === 'contradiction' || name === 'contradict' || name === 'contradictory') return 'contradiction';
  return undefined;
}

/**
 * Reads a `#labels=` option: the NLI class of each output, in the model's
 * output order (e.g. `contradiction,entailment,neutral`). Undefined when absent.
 */
export function parseLabelOrder(modelId: string, raw: string | undefined): NliClass[] | undefined {
  if (raw === undefined) return undefined;
  const classes = raw.split(',').map((label) => nliClassOfLabel(label));
  if (classes.length !== 3 || classes.some((value) => value === undefined) || new Set(classes).size !== 3) {
    throw new ConfigError(
      `model "${modelId}": labels must name entailment, neutral and contradiction once each, in the model's output order; got "${raw}"`,
      'e.g. #labels=contradiction,entailment,neutral',
    );
  }
  return classes as NliClass[];
}

/**
 * The NLI class of each model output, from its label names (`id2label`).
 * Generic names (`LABEL_0`…) say nothing about the order, so they need
 * `#labels=` rather than a guess: NLI models disagree on it (MNLI exports
 * use entailment, neutral, contradiction; cross-encoder/nli-* use
 * contradiction, entailment, neutral).
 */
export function resolveLabelOrder(modelId: string, labels: readonly string[], override: NliClass[] | undefined): NliClass[] {
  if (override !== undefined) {
    if (override.length !== labels.length) {
      throw new ConfigError(`model "${modelId}" has ${labels.length} outputs (${labels.join(', ')}) but #labels names 3`, 'an NLI model has exactly three outputs');
    }
    return override;
  }
  const classes = labels.map(nliClassOfLabel);
  if (classes.length === 3 && classes.every((value) => value !== undefined) && new Set(classes).size === 3) return classes as NliClass[];
  throw new ConfigError(
    `model "${modelId}" has the labels ${labels.length === 0 ? '(none)' : labels.join(', ')}, not entailment, neutral and contradiction`,
    labels.length === 3
      ? 'give their meaning in output order with #labels=, e.g. #labels=entailment,neutral,contradiction (see the model card)'
      : 'use a three-way NLI model (entailment, neutral, contradiction), e.g. Xenova/nli-deberta-v3-small',
  );
}

/** Scores from one row of logits (softmax), placed by class. */
export function scoresFromLogits(logits: ArrayLike<number>, order: readonly NliClass[]): NliScores {
  let top = -Infinity;
  for (let k = 0; k < order.length; k++) top = Math.max(top, logits[k]!);
  const exponentials = Array.from({ length: order.length }, (_, k) => Math.exp(logits[k]! - top));
  const total = exponentials.reduce((sum, value) => sum + value, 0);
  const scores: NliScores = { entailment: 0, neutral: 0, contradiction: 0 };
  order.forEach((label, k) => {
    scores[label] = exponentials[k]! / total;
  });
  return scores;
}

/** Scores from labelled probabilities (an HTTP classifier's answer), renormalised to sum to 1. */
export function scoresFromProbabilities(modelId: string, predictions: ReadonlyArray<{ label: string; score: number }>, override: NliClass[] | undefined): NliScores {
  const scores: NliScores = { entailment: 0, neutral: 0, contradiction: 0 };
  const seen = new Set<NliClass>();
  for (const prediction of predictions) {
    const generic = /^label_(\d+)$/i.exec(prediction.label);
    const label = override !== undefined && generic !== null ? override[Number(generic[1])] : nliClassOfLabel(prediction.label);
    if (label === undefined) continue;
    scores[label] = prediction.score;
    seen.add(label);
  }
  const total = NLI_CLASSES.reduce((sum, label) => sum + scores[label], 0);
  if (seen.size !== 3 || !Number.isFinite(total) || total <= 0) {
    throw new AuditModelError(
      modelId,
      'bad-output',
      `answered with the labels ${predictions.map((prediction) => prediction.label).join(', ') || '(none)'}; expected entailment, neutral and contradiction`,
      {
        hint: 'serve a three-way NLI model; for generic LABEL_0… names add #labels=<classes in output order>; TEI returns all labels by default',
      },
    );
  }
  for (const label of NLI_CLASSES) scores[label] /= total;
  return scores;
}
