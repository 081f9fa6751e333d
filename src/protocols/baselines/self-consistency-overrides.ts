import { z } from 'zod';
import { computeMatchSchema } from './compute-match.js';

/**
 * The parameters self-consistency, sc-matched and ensemble-refinement take, as optional fields
 * for the protocol entries of run and study files (no defaults: an entry
 * carries only what was written, and each protocol refuses what does not apply).
 */
export const selfConsistencyOverrideFields = {
  samples: z.number().int().min(1).optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  ...computeMatchSchema.partial().shape,
  /** ensemble-refinement's second stage: refinements and their temperature. */
  refinements: z.number().int().min(0).optional(),
  refinementTemperature: z.number().min(0).max(2).nullable().optional(),
} as const;
