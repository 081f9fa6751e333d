import { z } from 'zod';
import { CORRECTIONS } from '../analysis/adjust-p-values.js';
import { ALTERNATIVES } from '../analysis/alternative.js';
import { studyMetricSchema } from '../analysis/study-metrics.js';
import { datasetNames } from '../datasets/registry.js';
import { agentKeys, checkAgentList, checkSeeds, concurrencySchema, datasetEntry, datasetKeys, decodingKeys, judgeKeys, pluginsSchema, pricesSchema, protocolKeys, seedsSchema } from '../runner/config-file/config-keys.js';
import { protocolNames } from '../protocols/registry.js';
import { MAX_CORRUPTION_RATE } from '../robustness/corrupt-question.js';
import { checkHypotheses, familySchema, hypothesisSchema } from './hypotheses-schema.js';
import { labelSchema as label } from './label-schema.js';

const positiveInteger = z.number().int().positive();
const seed = z.number().int().nonnegative();

const corruptionRate = z.number().min(0).max(MAX_CORRUPTION_RATE, `the corruption rate is at most ${MAX_CORRUPTION_RATE}`);

const sampleSchema = z.union([
  z.enum(['first', 'random']).transform((method) => ({ method, seed: 0 })),
  z.strictObject({ method: z.enum(['first', 'random']), seed: seed.default(0) }),
]);

const datasetSchema = z.strictObject({
  /** Label of the dataset in the study (default: the loader name). */
  name: label.optional(),
  ...datasetKeys,
  /** `first` (file order, default) or `random` (seeded, see docs/studies.md). */
  sample: sampleSchema.default({ method: 'first', seed: 0 }),
  /** Context corruption of robustness studies, as `quorum run --corrupt` (src/robustness): a rate, or rate and seed. */
  corruption: z.union([corruptionRate.transform((rate) => ({ rate, seed: 1 })), z.strictObject({ rate: corruptionRate, seed: seed.default(1) })]).optional(),
});

const agentSchema = z.strictObject(agentKeys);

const agentCount = positiveInteger.max(26, 'at most 26 agents (named Agent A to Agent Z)');

/**
 * `count` agents on each of `backends` (one grid column per backend), or
 * `counts` (one column per backend × count: the agent count as a factor),
 * or an explicit list (one column).
 */
const agentsSchema = z.union([
  z.strictObject({
    count: agentCount.optional(),
    counts: z.array(agentCount).min(1).optional(),
    backend: z.string().min(1).optional(),
    backends: z.array(z.string().min(1)).min(1).optional(),
    decoding: decodingKeys.optional(),
    personas: z.array(z.string()).optional(),
  }),
  z.array(agentSchema).min(1),
]);

const judgeObjectSchema = z.strictObject(judgeKeys);
const judgeSchema = z.union([z.string().min(1).transform((backend): z.output<typeof judgeObjectSchema> => ({ backend })), judgeObjectSchema]);

const protocolSchema = z.union([
  z.string().min(1).transform((preset) => ({ preset })),
  z.strictObject({ name: label.optional(), ...protocolKeys }),
]);

const auditSchema = z.strictObject({
  /** Skip the audit pass (CARA columns are then n/a). */
  enabled: z.boolean().default(true),
  embed: z.string().min(1).default('wordvec'),
  nli: z.string().min(1).default('heuristic'),
  tau: z.number().min(0).max(1).default(0.5),
  stepCap: positiveInteger.optional(),
});

const alternative = z.enum(ALTERNATIVES);

/** A [treatment, control] pair, or the same with its own alternative. */
const pairSchema = z.union([z.tuple([z.string().min(1), z.string().min(1)]), z.strictObject({ treatment: z.string().min(1), control: z.string().min(1), alternative: alternative.optional() })]);

const comparisonsSchema = z.strictObject({
  /** Every other protocol against this one. */
  baseline: z.string().min(1).optional(),
  /** Explicit [treatment, control] pairs, or {treatment, control, alternative}; the difference is treatment − control. */
  pairs: z.array(pairSchema).optional(),
  metrics: z.array(studyMetricSchema).min(1).optional(),
  /** Alternative of every comparison without its own (default two-sided). */
  alternative: alternative.optional(),
  /** Correction within each metric's family of comparisons (default holm). */
  correction: z.enum(CORRECTIONS).optional(),
});

const budgetSchema = z.strictObject({
  /** Prompt + completion tokens of the study's units. */
  maxTokens: positiveInteger.optional(),
  /** US dollars of the study's units (priced backends only). */
  maxCostUsd: z.number().positive().optional(),
});

const analysisSchema = z.strictObject({
  /** `question-seed`: one pair per (question, seed); `question`: seeds averaged per question first. */
  pairing: z.enum(['question-seed', 'question']).default('question-seed'),
  bootstrap: z.strictObject({ resamples: positiveInteger.default(2000), seed: seed.default(0) }).default({ resamples: 2000, seed: 0 }),
  /** Level at which adjusted p-values are called significant in the tables. */
  alpha: z.number().gt(0).lt(1).default(0.05),
});

const studyObjectSchema = z.strictObject({
    name: label,
    description: z.string().optional(),
    datasets: z.array(datasetEntry(datasetSchema)).min(1),
    /** Named backend specs; `${VAR}` and `${VAR:-default}` are read from the environment. */
    backends: z.record(label, z.string().min(1)),
    agents: agentsSchema,
    judge: judgeSchema.optional(),
    protocols: z.array(protocolSchema).min(1),
    seeds: seedsSchema,
    concurrency: concurrencySchema.default(4),
    audit: auditSchema.default({ enabled: true, embed: 'wordvec', nli: 'heuristic', tau: 0.5 }),
    comparisons: comparisonsSchema.default({}),
    hypotheses: z.array(hypothesisSchema).default([]),
    families: z.array(familySchema).default([]),
    budget: budgetSchema.default({}),
    /** Prices by model name, USD per million tokens, over the built-in table (as a run file's `prices:`). */
    prices: pricesSchema.optional(),
    plugins: pluginsSchema.optional(),
    analysis: analysisSchema.default({ pairing: 'question-seed', bootstrap: { resamples: 2000, seed: 0 }, alpha: 0.05 }),
});

/** A study file as written (docs/studies.md), before datasets are loaded. */
export const studyFileSchema = studyObjectSchema.superRefine(checkReferences);

export type StudyFile = z.output<typeof studyFileSchema>;

/**
 * Cross-field checks: names that must refer to something, and labels that
 * must be unique. Each issue carries the path of the offending value, so
 * the loader can name its line.
 */
function checkReferences(file: z.output<typeof studyObjectSchema>, context: z.RefinementCtx): void {
  const backendNames = new Set(Object.keys(file.backends));
  const known = [...backendNames].join(', ') || '(none defined)';
  const needBackend = (name: string, path: Array<string | number>) => {
    if (!backendNames.has(name)) context.addIssue({ code: 'custom', path, message: `unknown backend "${name}"; backends defined under "backends": ${known}` });
  };
  if (Array.isArray(file.agents)) {
    file.agents.forEach((agent, index) => needBackend(agent.backend, ['agents', index, 'backend']));
    checkAgentList(file.agents, context);
  } else {
    const { backend, backends, count, counts, personas } = file.agents;
    if ((backend === undefined) === (backends === undefined)) context.addIssue({ code: 'custom', path: ['agents'], message: 'give exactly one of "backend" (one backend) or "backends" (one grid column per backend)' });
    if ((count === undefined) === (counts === undefined)) context.addIssue({ code: 'custom', path: ['agents'], message: 'give exactly one of "count" (one agent count) or "counts" (the agent count as a factor of the grid)' });
    if (backend !== undefined) needBackend(backend, ['agents', 'backend']);
    backends?.forEach((name, index) => needBackend(name, ['agents', 'backends', index]));
    counts?.forEach((value, index) => {
      if (counts.indexOf(value) !== index) context.addIssue({ code: 'custom', path: ['agents', 'counts', index], message: `agent count ${value} is listed twice` });
    });
    // With counts, a setup of n agents takes the first n personas.
    const most = count ?? Math.max(...(counts ?? [0]));
    if (personas !== undefined && personas.length !== most) {
      context.addIssue({ code: 'custom', path: ['agents', 'personas'], message: `${personas.length} personas for ${count === undefined ? `up to ${most}` : count} agents; give one per agent${count === undefined ? ' of the largest count' : ''}` });
    }
  }
  if (file.judge !== undefined) needBackend(file.judge.backend, ['judge', 'backend']);

  const protocols = protocolNames();
  const labels = new Map<string, number>();
  file.protocols.forEach((protocol, index) => {
    const path = ['protocols', index];
    // A bare preset name has no "preset" node: the line lookup then falls back to the list item.
    if (!protocols.includes(protocol.preset)) {
      context.addIssue({ code: 'custom', path: [...path, 'preset'], message: `unknown protocol "${protocol.preset}"; known protocols: ${protocols.join(', ')}` });
    }
    const name = protocolLabel(protocol);
    if (labels.has(name)) context.addIssue({ code: 'custom', path, message: `two protocols are named "${name}"; give one a "name"` });
    labels.set(name, index);
  });
  const datasets = datasetNames();
  const datasetLabels = new Set<string>();
  file.datasets.forEach((dataset, index) => {
    if (dataset.dataset !== undefined && !datasets.includes(dataset.dataset.toLowerCase())) {
      context.addIssue({ code: 'custom', path: ['datasets', index, 'dataset'], message: `unknown dataset "${dataset.dataset}"; known datasets: ${datasets.join(', ')}` });
    }
    if (dataset.dataset === undefined && dataset.path === undefined) context.addIssue({ code: 'custom', path: ['datasets', index], message: 'give "dataset" (a loader name), "path" (a data file), or both' });
    if (dataset.sample.method === 'random' && dataset.limit === undefined) context.addIssue({ code: 'custom', path: ['datasets', index, 'sample'], message: 'a random sample needs "limit" (how many questions to draw)' });
    const name = datasetLabel(dataset);
    if (datasetLabels.has(name)) context.addIssue({ code: 'custom', path: ['datasets', index], message: `two datasets are named "${name}"; give one a "name"` });
    datasetLabels.add(name);
  });
  const checkProtocolLabel = (name: string, path: Array<string | number>) => {
    if (!labels.has(name)) context.addIssue({ code: 'custom', path, message: `"${name}" is not a protocol of this study (${[...labels.keys()].join(', ')})` });
  };
  if (file.comparisons.baseline !== undefined) checkProtocolLabel(file.comparisons.baseline, ['comparisons', 'baseline']);
  file.comparisons.pairs?.forEach((pair, index) => {
    const [treatment, control] = Array.isArray(pair) ? pair : [pair.treatment, pair.control];
    const path = ['comparisons', 'pairs', index];
    checkProtocolLabel(treatment, Array.isArray(pair) ? [...path, 0] : [...path, 'treatment']);
    checkProtocolLabel(control, Array.isArray(pair) ? [...path, 1] : [...path, 'control']);
    if (treatment === control) context.addIssue({ code: 'custom', path, message: 'a protocol compared with itself' });
  });
  checkHypotheses(file, context, { protocols: [...labels.keys()], datasets: [...datasetLabels], setups: setupLabels(file) });
  checkSeeds(file.seeds, context);
}

/**
 * The setup labels of a study file, as the grid names its columns: one per
 * backend in count form, one per backend × count with `counts`
 * (`primary-n3`), the backends joined by "+" in list form.
 */
export function setupLabels(file: Pick<StudyFile, 'agents'>): string[] {
  if (Array.isArray(file.agents)) return [[...new Set(file.agents.map((agent) => agent.backend))].join('+')];
  const backends = file.agents.backends ?? (file.agents.backend === undefined ? [] : [file.agents.backend]);
  const { counts } = file.agents;
  return counts === undefined ? backends : backends.flatMap((backend) => counts.map((count) => agentCountSetupLabel(backend, count)));
}

/** The label of the setup of `count` agents on `backend` when the agent count is a factor. */
export function agentCountSetupLabel(backend: string, count: number): string {
  return `${backend}-n${count}`;
}

/** The label of a dataset entry: its `name`, else the loader name, else the file name without extension. */
export function datasetLabel(dataset: StudyFile['datasets'][number]): string {
  if (dataset.name !== undefined) return dataset.name;
  if (dataset.dataset !== undefined) return dataset.dataset.toLowerCase();
  const base = (dataset.path ?? 'dataset').split(/[\\/]/).at(-1)!.replace(/\.[^.]*$/, '');
  return base.replace(/[^A-Za-z0-9._-]/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'dataset';
}

/** The label of a protocol entry: its `name`, else the preset. */
export function protocolLabel(protocol: StudyFile['protocols'][number]): string {
  return 'name' in protocol && protocol.name !== undefined ? protocol.name : protocol.preset;
}
