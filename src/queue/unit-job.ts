import { z } from 'zod';
import { questionSourceSchema } from '../runner/question-source.js';

/**
 * One queued unit. The job id is the unit id, so enqueueing a unit that is
 * already queued (or running) adds nothing. Everything else a worker needs
 * — protocol, agents, backends, decoding, seeds — is the run's stored
 * configuration, read from the shared store.
 */
export const unitJobSchema = z.strictObject({
  /** Job format version. */
  v: z.literal(1),
  runId: z.string().min(1),
  unitId: z.string().min(1),
  questionId: z.string(),
  protocol: z.string(),
  seed: z.number().int().nonnegative(),
  source: questionSourceSchema,
});
export type UnitJob = z.infer<typeof unitJobSchema>;

/** What a worker returns for a job (kept in Redis only until the job is removed). */
export interface UnitJobOutcome {
  /** True when this attempt stored the unit; false when it was already stored (by this or another worker). */
  stored: boolean;
  status: 'done' | 'failed' | 'already-finished';
}

/** The name of unit jobs in the queue. */
export const UNIT_JOB_NAME = 'unit';
