import { z } from 'zod';
import { pricesSchema } from '../../backends/price-assignment.js';
import { selfConsistencyOverrideFields } from '../../protocols/baselines/self-consistency-overrides.js';
import { debateOverridesSchema } from '../../spec/debate-params.js';
import { decodingSchema, forecastOptionsSchema } from '../../spec/run-config.js';

/*
 * The keys run.yaml and study.yaml share, defined once: the same key means
 * the same thing, with the same type, in both files (docs/configuration.md
 * has the table). Each file's schema adds only what is its own.
 */

const positiveInteger = z.number().int().positive();
const seed = z.number().int().nonnegative();

/** `decoding:` of agents and judges: `temperature`, `topP`, `maxTokens`, `stop`. */
export const decodingKeys = decodingSchema.strict();

/** An agent's or judge's name: no "=", "," or ":" (the `--agent` grammar uses them). */
export const agentName = z.string().trim().min(1).regex(/^[^=,:]+$/, 'an agent name has no "=", "," or ":"');

/** One agent of an explicit agent list. In a study, `backend` names an entry of `backends:`; in a run file it is a backend spec. */
export const agentKeys = {
  name: agentName.optional(),
  backend: z.string().trim().min(1),
  persona: z.string().optional(),
  /** A text file holding the persona, relative to the config file (not with `persona`). */
  personaFile: z.string().min(1).optional(),
  decoding: decodingKeys.optional(),
};

/** An agent list's cross-field checks: one persona source per agent, distinct names. */
export function checkAgentList(agents: ReadonlyArray<{ name?: string | undefined; persona?: string | undefined; personaFile?: string | undefined }>, context: z.RefinementCtx): void {
  const names = new Set<string>();
  agents.forEach((agent, index) => {
    if (agent.persona !== undefined && agent.personaFile !== undefined) context.addIssue({ code: 'custom', path: ['agents', index, 'personaFile'], message: 'give "persona" or "personaFile", not both' });
    if (agent.name !== undefined && names.has(agent.name)) context.addIssue({ code: 'custom', path: ['agents', index, 'name'], message: `two agents are named "${agent.name}"` });
    if (agent.name !== undefined) names.add(agent.name);
  });
}

/** The judge as a mapping (it may also be written as a bare backend). */
export const judgeKeys = {
  name: agentName.optional(),
  backend: z.string().trim().min(1),
  persona: z.string().optional(),
  decoding: decodingKeys.optional(),
};

/** A protocol: a name, or a mapping of `preset` and the parameters that differ from it. */
export const protocolKeys = {
  preset: z.string().min(1),
  /** Protocol a unit escalates to when this one does not settle (docs/protocols.md). */
  escalate: z.string().min(1).optional(),
  ...debateOverridesSchema.shape,
  ...selfConsistencyOverrideFields,
};

/** A dataset: a loader, a data file, or both, and which of its questions. */
export const datasetKeys = {
  /** Loader (`medqa`, `generic`, `fred`, …); detected from the file when absent. */
  dataset: z.string().min(1).optional(),
  /** Data file, relative to the config file. */
  path: z.string().min(1).optional(),
  /** Questions used (all when absent). */
  limit: positiveInteger.optional(),
  /** FRED events: window, number of events, selection seed (docs/forecasting.md). */
  forecast: forecastOptionsSchema.optional(),
};

/** A dataset entry: a mapping of `datasetKeys` (and a file's own keys), or a loader name alone, short for `{dataset: <name>}`. */
export function datasetEntry<Entry extends z.ZodType>(mapping: Entry) {
  // every dataset mapping accepts `{dataset}` alone, which the generic parameter cannot show
  const fromName = mapping as unknown as z.ZodType<z.output<Entry>, { dataset: string }>;
  return z.union([z.string().min(1).transform((dataset) => ({ dataset })).pipe(fromName), mapping]);
}

/** Seeds: a list, one seed, or a range `"1-5"`, read as the list of seeds. */
export const seedsSchema = z.union([
  z.array(seed).min(1),
  seed.transform((value) => [value]),
  z
    .string()
    .regex(/^\s*\d+\s*-\s*\d+\s*$/, 'write seeds as a list ([1, 2, 3]), one seed, or a range ("1-5")')
    .transform((range) => {
      const [from, to] = range.split('-').map((part) => Number(part.trim())) as [number, number];
      // An empty or huge range is reported by `checkSeeds` rather than allocated.
      return to < from || to - from > 10_000 ? [] : Array.from({ length: to - from + 1 }, (_, index) => from + index);
    }),
]);

/** Cross-field checks of `seeds:` (an empty or huge range, repeated seeds). */
export function checkSeeds(seeds: readonly number[] | undefined, context: z.RefinementCtx): void {
  if (seeds === undefined) return;
  if (seeds.length === 0) context.addIssue({ code: 'custom', path: ['seeds'], message: 'the seed range is empty or longer than 10,001 seeds' });
  if (new Set(seeds).size !== seeds.length) context.addIssue({ code: 'custom', path: ['seeds'], message: 'seeds repeat' });
}

/** Model calls in flight. */
export const concurrencySchema = positiveInteger;

/** Prices by model name, USD per million tokens: "<input>/<output>" or {prompt, completion, cachedPrompt}. */
export { pricesSchema };

/**
 * Plugin modules (protocols, datasets, metrics), relative to the config
 * file, loaded before the rest is checked. A plugin module takes no
 * parameters: what a protocol is given is written in its protocol entry.
 */
export const pluginsSchema = z.array(z.string().min(1));
