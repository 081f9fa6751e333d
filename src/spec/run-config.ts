import { z } from 'zod';

/** Decoding settings of an agent (see `Decoding`). */
export const decodingSchema = z.object({
  temperature: z.number().min(0).max(2).optional(),
  topP: z.number().gt(0).max(1).optional(),
  maxTokens: z.number().int().positive().optional(),
  stop: z.array(z.string()).optional(),
});

/** One agent as resolved and stored in the run. */
export const agentConfigSchema = z.object({
  /** Neutral display name (Agent A, Agent B, …) unless configured. */
  name: z.string().min(1),
  /** Backend spec string with secrets removed (e.g. `openai:qwen2.5@http://host:8000/v1`). */
  backend: z.string().min(1),
  /** Role or persona text placed after the shared prompt prefix. */
  persona: z.string().optional(),
  decoding: decodingSchema,
});
export type AgentConfig = z.infer<typeof agentConfigSchema>;

/** Window and event selection of a forecasting dataset (docs/forecasting.md, "Options"). */
export const forecastOptionsSchema = z.strictObject({
  window: z.number().int().positive().optional(),
  events: z.union([z.number().int().positive(), z.literal('all')]).optional(),
  selectionSeed: z.number().int().nonnegative().optional(),
});

/**
 * A resume that continued a run with another code version than the one that
 * started it (allowed only when asked for: `--allow-version-mix`). Units
 * finished after `at` may have been made with other prompts or parsers.
 */
export const versionMixSchema = z.strictObject({
  /** ISO time the resume started. */
  at: z.string(),
  /** The code version that continued the run. */
  codeVersion: z.string(),
  /** Its git commit, when known. */
  gitCommit: z.string().optional(),
});
export type VersionMix = z.infer<typeof versionMixSchema>;

/** The full resolved configuration of a run, stored with it so it can be rebuilt. */
export const runConfigSchema = z.object({
  /** Protocol name (preset) and every resolved parameter. */
  protocol: z.object({ name: z.string(), preset: z.string(), params: z.record(z.string(), z.unknown()) }),
  agents: z.array(agentConfigSchema).min(1),
  judge: agentConfigSchema.optional(),
  dataset: z.object({
    name: z.string(),
    /** Path as given by the user (or `builtin:<name>`). */
    path: z.string(),
    limit: z.number().int().positive().optional(),
    /** Question ids in run order. */
    questionIds: z.array(z.string()),
    /** SHA-256 of the loaded questions, to detect a changed file on resume. */
    contentHash: z.string(),
    /** Forecasting datasets: the resolved window and event selection, so the same events load again. */
    forecast: forecastOptionsSchema.optional(),
  }),
  seeds: z.array(z.number().int().nonnegative()).min(1),
  concurrency: z.number().int().positive(),
  /** Audit settings, filled by later passes (embedding and NLI specs, τ). */
  audit: z.record(z.string(), z.unknown()).optional(),
  /**
   * The code version that started the run: package version + fingerprint of
   * prompts, parsers, tools and scorers (`CODE_VERSION`); resume compares it.
   */
  codeVersion: z.string(),
  /** The git commit quorum ran from, when it ran from a checkout (provenance; resume does not compare it). */
  gitCommit: z.string().optional(),
  /** Resumes by other code versions, oldest first; absent when every unit was made by `codeVersion`. */
  versionMix: z.array(versionMixSchema).optional(),
  /**
   * Absolute paths of the plugin modules the run loaded (its protocol or
   * dataset may come from one); a queue worker loads them before rebuilding
   * the protocol. Not part of the run's fingerprint: the protocol's name and
   * parameters are.
   */
  plugins: z.array(z.string()).optional(),
  traceVersion: z.literal(1),
});
export type RunConfig = z.infer<typeof runConfigSchema>;
