import { z } from 'zod';

/**
 * An answer extracted from model output. `unparsed` (no answer found) and
 * `ambiguous` (several answers, e.g. "C or D") are outcomes of their own and
 * never count as correct.
 */
export const parsedAnswerSchema = z.object({
  status: z.enum(['ok', 'unparsed', 'ambiguous']),
  /** Canonical answer: an option letter, a number as text, or normalised text; null unless status is `ok`. */
  value: z.string().nullable(),
  /** Candidates found when ambiguous. */
  candidates: z.array(z.string()).optional(),
  /** Which rule matched (for auditing the parser). */
  rule: z.string().optional(),
  /**
   * The answer as the reply stated it, when it differs from `value`: a
   * number with its sign, currency, percent sign, scale word or accounting
   * parentheses (`(0.2)`, `56.197%`, `$2.1 million`), or a short labelled
   * statement (`17 people`). Scorers read this, as an official evaluator
   * reads the prediction string.
   */
  text: z.string().optional(),
  /** A scale given apart from the answer (DeALOG's structured `scale`: `thousand`, `million`, `billion`, `percent`); TAT-QA's predicted scale. */
  scale: z.string().optional(),
});
export type ParsedAnswer = z.infer<typeof parsedAnswerSchema>;

/** One GDP reasoning step. */
export const gdpStepSchema = z.object({
  claim: z.string(),
  ground: z.string(),
  stance: z
    .object({
      /** The peer whose claim this step responds to (agent name). */
      peer: z.string(),
      type: z.enum(['AGREE', 'DISAGREE', 'EXTEND']),
      /** The peer's claim being addressed, when quoted. */
      target: z.string().optional(),
      /** Required for DISAGREE: the ground that contradicts the peer's claim. */
      counterGround: z.string().optional(),
    })
    .optional(),
});
export type GdpStep = z.infer<typeof gdpStepSchema>;

/** Fields parsed from one turn. */
export const parsedTurnSchema = z.object({
  answer: parsedAnswerSchema,
  /** Free-text rationale (free format) or the joined steps (GDP). */
  rationale: z.string(),
  /** GDP steps, when the format is `gdp`. */
  steps: z.array(gdpStepSchema).optional(),
  /** How the turn was parsed: `json`, `text`, or `failed`. */
  source: z.enum(['json', 'text', 'failed']),
  /** Problems found while parsing (e.g. DISAGREE without counter-ground). */
  warnings: z.array(z.string()).optional(),
});
export type ParsedTurn = z.infer<typeof parsedTurnSchema>;

/** The answer as stated (`text`, else `value`), or null unless the answer parsed. */
export function statedAnswer(answer: ParsedAnswer): string | null {
  return answer.status === 'ok' && answer.value !== null ? (answer.text ?? answer.value) : null;
}
