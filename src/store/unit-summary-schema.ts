import { z } from 'zod';
import type { UnitSummary } from '../spec/store.js';
import { usageSchema } from '../spec/trace.js';

/**
 * Zod schema of `UnitSummary` (src/spec/store.ts), used to check summaries
 * written to the store and read from JSONL files. `satisfies` keeps it in
 * step with the interface.
 */
export const unitSummarySchema = z.object({
  answer: z.string().nullable(),
  answerText: z.string().optional(),
  answerScale: z.string().optional(),
  answerStatus: z.enum(['ok', 'unparsed', 'ambiguous', 'none']),
  gold: z.string().nullable(),
  correct: z.boolean().nullable(),
  scorer: z.string().optional(),
  scores: z.record(z.string(), z.number().nullable()).optional(),
  unanimous: z.boolean(),
  answersByRound: z.record(z.string(), z.array(z.string().nullable())),
  correctByRound: z.record(z.string(), z.array(z.boolean().nullable())).optional(),
  unanimousByRound: z.array(z.boolean()).optional(),
  silentRounds: z.record(z.string(), z.array(z.number().int().nonnegative())).optional(),
  roundsRun: z.number().int().nonnegative(),
  calls: z.number().int().nonnegative(),
  cacheHits: z.number().int().nonnegative(),
  usage: usageSchema,
  costUsd: z.number().nonnegative().nullable(),
  latencyMs: z.number().nonnegative(),
  wallMs: z.number().nonnegative().optional(),
  errors: z.number().int().nonnegative(),
  rounds: z
    .array(
      z.object({
        calls: z.number().int().nonnegative(),
        tokens: z.number().int().nonnegative(),
        turns: z.number().int().nonnegative(),
        peerReferences: z.number().int().nonnegative(),
        argumentDiversity: z.number().min(0).max(1).nullable(),
      }),
    )
    .optional(),
}) satisfies z.ZodType<UnitSummary>;
