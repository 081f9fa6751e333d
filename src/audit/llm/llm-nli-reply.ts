import type { NliScores } from '../../spec/audit.js';

const LABELS = ['entailment', 'neutral', 'contradiction'] as const;
type Label = (typeof LABELS)[number];

/** The scores of a batch, or why the reply cannot be read as one. */
export type LlmNliReading = { ok: true; scores: NliScores[] } | { ok: false; problem: string };

/**
 * Turns a label with a confidence into the three probabilities: the label
 * gets the confidence, the two other classes share the rest equally. A
 * confidence under 1/3 is raised to 1/3, so the label the model chose is
 * never less probable than the ones it did not choose.
 */
export function scoresFromLabel(label: Label, confidence: number): NliScores {
  const chosen = Math.min(1, Math.max(1 / 3, confidence));
  const other = (1 - chosen) / 2;
  return { entailment: label === 'entailment' ? chosen : other, neutral: label === 'neutral' ? chosen : other, contradiction: label === 'contradiction' ? chosen : other };
}

/**
 * Reads `{"results": [{"id", "label", "confidence"}, …]}` for a batch of
 * `size` pairs. Results are placed by `id` (1-based), not by position: every
 * id from 1 to `size` must appear exactly once. Labels are read
 * case-insensitively.
 */
export function readLlmNliReply(value: unknown, size: number): LlmNliReading {
  const results = (value as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) return { ok: false, problem: 'no "results" list' };
  if (results.length !== size) return { ok: false, problem: `${results.length} results for ${size} pairs` };
  const scores: Array<NliScores | undefined> = new Array(size).fill(undefined);
  for (const [position, item] of results.entries()) {
    const { id, label, confidence } = (item ?? {}) as { id?: unknown; label?: unknown; confidence?: unknown };
    const at = typeof id === 'number' ? id - 1 : typeof id === 'string' && /^\d+$/.test(id.trim()) ? Number(id) - 1 : -1;
    if (!Number.isInteger(at) || at < 0 || at >= size || scores[at] !== undefined) return { ok: false, problem: `results[${position}].id ${JSON.stringify(id)} is not a new pair number from 1 to ${size}` };
    const name = typeof label === 'string' ? (label.trim().toLowerCase() as Label) : undefined;
    if (name === undefined || !LABELS.includes(name)) return { ok: false, problem: `results[${position}].label ${JSON.stringify(label)} is not entailment, neutral or contradiction` };
    if (typeof confidence !== 'number' || !Number.isFinite(confidence) || confidence < 0 || confidence > 1) {
      return { ok: false, problem: `results[${position}].confidence ${JSON.stringify(confidence)} is not a number from 0 to 1` };
    }
    scores[at] = scoresFromLabel(name, confidence);
  }
  return { ok: true, scores: scores as NliScores[] };
}
