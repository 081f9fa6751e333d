import { z } from 'zod';
import { ConfigError } from '../../spec/errors.js';

/** The five roles, in the order the runner creates their agents. */
export const DEALOG_ROLES = ['TableAgent', 'ContextAgent', 'VisualAgent', 'SummarizingAgent', 'VerificationAgent'] as const;
export type DealogRole = (typeof DEALOG_ROLES)[number];

/** Parameters of the shared-log engine, recorded in the run configuration. */
export const dealogParamsSchema = z.object({
  /** Rounds at most (the paper's limit is 6). */
  maxRounds: z.number().int().min(1).max(50).default(6),
  /** Second-chance rounds a unit may get (one per FLAG, at most this many). */
  secondChances: z.number().int().min(0).max(10).default(1),
  /** Passages the ContextAgent is shown per turn (BM25 top k). */
  passagesPerTurn: z.number().int().min(1).max(50).default(5),
  /** Rows of a table shown per turn; larger tables show the BM25-best rows. */
  tableRows: z.number().int().min(1).max(1000).default(40),
  /** Entries one specialist may propose per turn. */
  entriesPerTurn: z.number().int().min(1).max(20).default(6),
  /** `exact`: QUOTE/VISUAL text must be a verbatim span; `loose`: case and spacing may differ (the stored text is the source's). */
  quoteMatch: z.enum(['exact', 'loose']).default('loose'),
  /** Whether the VisualAgent runs OCR on images. */
  ocr: z.boolean().default(true),
  /** Image descriptions from the VisualAgent's backend when it declares image support (`auto`), or never (`off`). */
  vision: z.enum(['auto', 'off']).default('auto'),
  /** Whether the verifier asks its model once the deterministic checks pass. */
  llmVerify: z.boolean().default(true),
});
export type DealogParams = z.infer<typeof dealogParamsSchema>;
export type DealogOverrides = z.input<typeof dealogParamsSchema>;

/** Validated parameters; unknown or out-of-range fields are a `ConfigError`. */
export function resolveDealogParams(overrides: Record<string, unknown> = {}): DealogParams {
  const parsed = dealogParamsSchema.strict().safeParse(overrides);
  if (!parsed.success) {
    throw new ConfigError(
      `protocol "dealog": invalid parameters: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}`,
      `parameters: ${Object.keys(dealogParamsSchema.shape).join(', ')} (docs/dealog.md)`,
    );
  }
  return parsed.data;
}
