import { z } from 'zod';
import { forecastOptionsSchema, type RunConfig } from '../spec/run-config.js';

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
  forecast: forecastOptionsSchema.optional(),
  /** Seeded context corruption (robustness harness, `quorum run --corrupt`). */
  corruption: z.strictObject({ rate: z.number().min(0).max(1), seed: z.number().int().nonnegative() }).optional(),
});
export type QuestionSource = z.infer<typeof questionSourceSchema>;

/** A corrupted dataset's recorded name: `<loader>+corrupt(p=<rate>,seed=<seed>)` (see `corruptedDatasetName`). */
const CORRUPTED_NAME = /^(.+)\+corrupt\(p=([0-9.eE+-]+),seed=(\d+)\)$/;

/**
 * The source a run was loaded from, as far as its configuration records
 * it: loader, path, limit, FRED event selection, and the corruption its
 * dataset name spells out. Runs stored before the event selection was
 * recorded lack it; their planner must send it.
 */
export function runQuestionSource(config: RunConfig): QuestionSource {
  const corrupted = CORRUPTED_NAME.exec(config.dataset.name);
  return {
    dataset: corrupted === null ? config.dataset.name : corrupted[1]!,
    path: config.dataset.path,
    ...(config.dataset.limit === undefined ? {} : { limit: config.dataset.limit }),
    ...(config.dataset.forecast === undefined ? {} : { forecast: config.dataset.forecast }),
    ...(corrupted === null ? {} : { corruption: { rate: Number(corrupted[2]), seed: Number(corrupted[3]) } }),
  };
}
