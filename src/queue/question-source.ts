import { z } from 'zod';
import type { RunConfig } from '../spec/run-config.js';

/**
 * Where a worker loads a run's questions from, and how they were shaped:
 * the loader, the path (the same file must exist on every machine), and
 * what the planner did to the loaded questions (limit, FRED event
 * selection, corruption). The run's stored configuration records the ids
 * and content hash but not all of these, so the planner sends them with
 * every job; the worker rebuilds the questions and checks the hash.
 */
export const questionSourceSchema = z.strictObject({
  /** Dataset loader (`medqa`, `generic`, `fred`, …). */
  dataset: z.string().min(1),
  /** Data file as recorded in the run (relative to the worker's data directory), or `builtin:`/`default:<name>`. */
  path: z.string().min(1),
  /** The loader read only the first `limit` questions. */
  limit: z.number().int().positive().optional(),
  /** FRED event selection (docs/forecasting.md). */
  forecast: z
    .strictObject({ window: z.number().int().positive().optional(), events: z.union([z.number().int().positive(), z.literal('all')]).optional(), selectionSeed: z.number().int().nonnegative().optional() })
    .optional(),
  /** Seeded context corruption (robustness harness, `quorum run --corrupt`). */
  corruption: z.strictObject({ rate: z.number().min(0).max(1), seed: z.number().int().nonnegative() }).optional(),
});
export type QuestionSource = z.infer<typeof questionSourceSchema>;

/** A corrupted dataset's recorded name: `<loader>+corrupt(p=<rate>,seed=<seed>)` (see `corruptedDatasetName`). */
const CORRUPTED_NAME = /^(.+)\+corrupt\(p=([0-9.eE+-]+),seed=(\d+)\)$/;

/**
 * The source a run was loaded from, as far as its configuration records
 * it: loader, path, limit, and the corruption its dataset name spells out.
 * Enough for `quorum run`-style runs; FRED event selection is not recorded
 * and must come from the planner.
 */
export function runQuestionSource(config: RunConfig): QuestionSource {
  const corrupted = CORRUPTED_NAME.exec(config.dataset.name);
  return {
    dataset: corrupted === null ? config.dataset.name : corrupted[1]!,
    path: config.dataset.path,
    ...(config.dataset.limit === undefined ? {} : { limit: config.dataset.limit }),
    ...(corrupted === null ? {} : { corruption: { rate: Number(corrupted[2]), seed: Number(corrupted[3]) } }),
  };
}
