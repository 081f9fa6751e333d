import { readFile } from 'node:fs/promises';
import { pricesSchema, priceTableOf } from '../backends/price-assignment.js';
import type { PriceTable } from '../backends/prices.js';
import { dirname, isAbsolute, join } from 'node:path';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { z } from 'zod';
import { parseBackendSpec } from '../backends/backend-spec.js';
import { datasetNames } from '../datasets/registry.js';
import { selfConsistencyOverrideFields } from '../protocols/baselines/self-consistency-overrides.js';
import { protocolNames } from '../protocols/registry.js';
import type { Decoding } from '../spec/chat.js';
import { debateOverridesSchema, type DebateOverrides } from '../spec/debate-params.js';
import { QuorumError } from '../spec/errors.js';
import { yamlData } from '../util/yaml-data.js';
import { forecastOptionsSchema } from '../spec/run-config.js';
import type { ForecastEventOptions } from '../datasets/forecast-events.js';
import { readPersonaFile } from './agent-spec.js';
import { loadYamlPlugins } from './load-plugin.js';
import type { AgentRequest } from './start-run.js';

/*
 * A run file (`quorum run --config run.yaml`) holds what the flags of
 * `quorum run` hold, and per-agent settings the flags cannot express well.
 * Every field is documented in docs/agents.md ("The run file").
 */

const decodingFields = {
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().gt(0).max(1).optional(),
  max_tokens: z.number().int().positive().optional(),
};
const backend = z.string().trim().min(1);
const agentName = z.string().trim().min(1).regex(/^[^=,:]+$/, 'an agent name has no "=", "," or ":"');

const agentSchema = z.strictObject({
  name: agentName.optional(),
  /** Default: the file's top-level `backend`. */
  backend: backend.optional(),
  ...decodingFields,
  persona: z.string().trim().min(1).optional(),
  /** Relative to the run file. */
  persona_file: z.string().min(1).optional(),
});

const judgeSchema = z.union([backend, z.strictObject({ name: agentName.optional(), backend, ...decodingFields })]);

const protocolSchema = z.union([
  z.string().min(1),
  debateOverridesSchema
    .extend({
      preset: z.string().min(1),
      escalate: z.string().min(1).optional(),
      ...selfConsistencyOverrideFields,
    })
    .strict(),
]);

const seedsSchema = z.union([
  z.array(z.number().int().nonnegative()).min(1),
  z.number().int().nonnegative(),
  z.string().regex(/^\s*\d+\s*-\s*\d+\s*$/, 'write seeds as a list ([1, 2, 3]), one seed, or a range ("1-5")'),
]);

/** The run file as written. */
export const runFileSchema = z
  .strictObject({
    protocol: protocolSchema,
    dataset: z.strictObject({
      name: z.string().min(1).optional(),
      path: z.string().min(1).optional(),
      limit: z.number().int().positive().optional(),
      /** FRED event selection, as `forecast:` of a study's dataset (docs/forecasting.md). */
      forecast: forecastOptionsSchema.optional(),
    }),
    /** A number of agents on `backend`, or one entry per agent. */
    agents: z.union([z.number().int().positive(), z.array(agentSchema).min(1)]).optional(),
    /** Backend of agents without one. */
    backend: backend.optional(),
    judge: judgeSchema.optional(),
    seeds: seedsSchema.optional(),
    /** Decoding defaults of every agent (not the judge). */
    decoding: z.strictObject(decodingFields).optional(),
    concurrency: z.number().int().positive().optional(),
    /** SQLite database, relative to the run file. */
    db: z.string().min(1).optional(),
    /** Prices by model name, USD per million tokens: "<input>/<output>" or {prompt, completion, cachedPrompt}. */
    prices: pricesSchema.optional(),
    /** Plugin modules (protocols, datasets, metrics), relative to the run file; loaded before the rest is checked. */
    plugins: z.array(z.string().min(1)).optional(),
  })
  .superRefine(checkRunFile);

export type RunFile = z.output<typeof runFileSchema>;

function checkRunFile(file: z.output<typeof runFileSchema>, context: z.RefinementCtx): void {
  const preset = typeof file.protocol === 'string' ? file.protocol : file.protocol.preset;
  if (!protocolNames().includes(preset)) {
    context.addIssue({ code: 'custom', path: typeof file.protocol === 'string' ? ['protocol'] : ['protocol', 'preset'], message: `unknown protocol "${preset}"; known protocols: ${protocolNames().join(', ')}` });
  }
  if (file.dataset.name === undefined && file.dataset.path === undefined) context.addIssue({ code: 'custom', path: ['dataset'], message: 'give "name" (a dataset loader), "path" (a data file), or both' });
  if (file.dataset.name !== undefined && !datasetNames().includes(file.dataset.name.toLowerCase())) {
    context.addIssue({ code: 'custom', path: ['dataset', 'name'], message: `unknown dataset "${file.dataset.name}"; known datasets: ${datasetNames().join(', ')}` });
  }
  const checkBackend = (spec: string, path: Array<string | number>): void => {
    try {
      parseBackendSpec(spec);
    } catch (error) {
      context.addIssue({ code: 'custom', path, message: error instanceof QuorumError ? `${error.message}${error.hint === undefined ? '' : ` (${error.hint})`}` : String(error) });
    }
  };
  if (file.backend !== undefined) checkBackend(file.backend, ['backend']);
  if (Array.isArray(file.agents)) {
    const names = new Set<string>();
    file.agents.forEach((agent, index) => {
      if (agent.backend !== undefined) checkBackend(agent.backend, ['agents', index, 'backend']);
      else if (file.backend === undefined) context.addIssue({ code: 'custom', path: ['agents', index], message: 'no "backend" for this agent and no top-level "backend" to fall back on' });
      if (agent.persona !== undefined && agent.persona_file !== undefined) context.addIssue({ code: 'custom', path: ['agents', index, 'persona_file'], message: 'give "persona" or "persona_file", not both' });
      if (agent.name !== undefined && names.has(agent.name)) context.addIssue({ code: 'custom', path: ['agents', index, 'name'], message: `two agents are named "${agent.name}"` });
      if (agent.name !== undefined) names.add(agent.name);
    });
  }
  if (file.judge !== undefined) checkBackend(typeof file.judge === 'string' ? file.judge : file.judge.backend, typeof file.judge === 'string' ? ['judge'] : ['judge', 'backend']);
  if (typeof file.seeds === 'string') {
    const [from, to] = file.seeds.split('-').map((part) => Number(part.trim())) as [number, number];
    if (to < from || to - from > 10_000) context.addIssue({ code: 'custom', path: ['seeds'], message: 'the seed range is empty or longer than 10,001 seeds' });
  }
  if (Array.isArray(file.seeds) && new Set(file.seeds).size !== file.seeds.length) context.addIssue({ code: 'custom', path: ['seeds'], message: 'seeds repeat' });
}

/** What a run file asks for, with paths resolved against the file's folder; absent fields are left to flags and defaults. */
export interface RunFileRequest {
  protocol: string;
  overrides: DebateOverrides;
  escalate?: string;
  dataset: { name?: string; path?: string; limit?: number; forecast?: ForecastEventOptions };
  /** Agents listed one by one (empty when the file gives a number). */
  agents: AgentRequest[];
  /** `agents: <n>`. */
  count?: number;
  backend?: string;
  judge?: AgentRequest;
  seeds?: number[];
  decoding?: Decoding;
  concurrency?: number;
  db?: string;
  /** `prices:`: per-model prices over the built-in table. */
  prices?: PriceTable;
  /** `plugins:`: absolute paths of the plugin files the run loaded. */
  plugins?: string[];
}

/** One located problem of a run file. */
export interface RunFileProblem {
  /** 1-based line and column (absent when the problem has no place, e.g. an empty file). */
  line?: number;
  column?: number;
  /** Dotted path of the field, e.g. `agents.1.temperature`. */
  field?: string;
  message: string;
}

/**
 * A run file that cannot be read, parsed or validated. The message lists
 * every problem as `file:line:column: field: message`.
 */
export class RunFileError extends QuorumError {
  readonly file: string;
  readonly problems: readonly RunFileProblem[];

  constructor(file: string, problems: readonly RunFileProblem[], hint = 'fix the run file; docs/agents.md ("The run file") lists every field') {
    const lines = problems.map((problem) => {
      const where = problem.line === undefined ? file : `${file}:${problem.line}${problem.column === undefined ? '' : `:${problem.column}`}`;
      return `${where}: ${problem.field === undefined ? '' : `${problem.field}: `}${problem.message}`;
    });
    super('CONFIG_RUN_FILE', lines.length === 1 ? lines[0]! : `${lines.length} problems in ${file}:\n${lines.map((line) => `  ${line}`).join('\n')}`, { hint });
    this.file = file;
    this.problems = problems;
  }
}

/**
 * Parses and validates the text of a run file; YAML syntax and schema
 * problems are all reported at once with their lines. Paths in the file
 * (dataset, persona files, database) are relative to the file's folder.
 */
export function parseRunFile(text: string, file: string): RunFileRequest {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  if (document.errors.length > 0) {
    throw new RunFileError(
      file,
      document.errors.map((error) => {
        const position = error.linePos?.[0];
        const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
        return { ...(position === undefined ? {} : { line: position.line, column: position.col }), message: `YAML syntax: ${message}` };
      }),
      'fix the YAML syntax (indentation, quotes, ":" after keys)',
    );
  }
  const read = yamlData(document);
  if ('problem' in read) throw new RunFileError(file, [{ message: read.problem }], 'write the values out instead of repeating anchors');
  const data = read.data;
  if (data === null || data === undefined) throw new RunFileError(file, [{ message: 'the file is empty' }]);
  const locate = (path: readonly PropertyKey[], message: string, key?: string): RunFileProblem => {
    const position = yamlPosition(document, lineCounter, path, key);
    const field = [...path, ...(key === undefined ? [] : [key])].map(String).join('.');
    return { ...position, ...(field === '' ? {} : { field }), message };
  };
  const parsed = runFileSchema.safeParse(data, { reportInput: true });
  if (!parsed.success) {
    const problems = describeIssues(parsed.error.issues, []).map((issue) => locate(issue.path, issue.message, issue.key));
    problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
    throw new RunFileError(file, problems);
  }
  return toRequest(parsed.data, dirname(file), (path, message) => new RunFileError(file, [locate(path, message)]));
}

/** Reads, parses and validates a run file (see `parseRunFile`). */
export async function loadRunFile(path: string): Promise<RunFileRequest> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new RunFileError(path, [{ message: code === 'ENOENT' ? 'no such file' : `cannot read it (${code ?? String(error)})` }], 'check the path given to --config');
  }
  await loadYamlPlugins(text, path);
  return parseRunFile(text, path);
}

function toRequest(file: RunFile, baseDir: string, fail: (path: Array<string | number>, message: string) => RunFileError): RunFileRequest {
  const near = (path: string): string => (isAbsolute(path) ? path : join(baseDir, path));
  const { preset, escalate, ...overrides } = typeof file.protocol === 'string' ? { preset: file.protocol } : file.protocol;
  const agents = Array.isArray(file.agents)
    ? file.agents.map((agent, index): AgentRequest => {
        const persona = agent.persona_file === undefined ? agent.persona : readPersonaFile(agent.persona_file, baseDir, (reason) => fail(['agents', index, 'persona_file'], reason));
        const decoding = decodingOf(agent);
        return {
          ...(agent.name === undefined ? {} : { name: agent.name }),
          backend: agent.backend ?? file.backend!,
          ...(persona === undefined ? {} : { persona }),
          ...(decoding === undefined ? {} : { decoding }),
        };
      })
    : [];
  const judge = file.judge === undefined ? undefined : typeof file.judge === 'string' ? { backend: file.judge } : judgeRequest(file.judge);
  const decoding = file.decoding === undefined ? undefined : decodingOf(file.decoding);
  return {
    protocol: preset,
    overrides: overrides as DebateOverrides,
    ...(escalate === undefined ? {} : { escalate }),
    dataset: {
      ...(file.dataset.name === undefined ? {} : { name: file.dataset.name }),
      // Stored "builtin:"/"default:" paths name a dataset, not a file.
      ...(file.dataset.path === undefined ? {} : { path: /^(?:builtin|default):/.test(file.dataset.path) ? file.dataset.path : near(file.dataset.path) }),
      ...(file.dataset.limit === undefined ? {} : { limit: file.dataset.limit }),
      ...(file.dataset.forecast === undefined ? {} : { forecast: file.dataset.forecast }),
    },
    agents,
    ...(typeof file.agents === 'number' ? { count: file.agents } : {}),
    ...(file.backend === undefined ? {} : { backend: file.backend }),
    ...(judge === undefined ? {} : { judge }),
    ...(file.seeds === undefined ? {} : { seeds: seedList(file.seeds) }),
    ...(decoding === undefined ? {} : { decoding }),
    ...(file.concurrency === undefined ? {} : { concurrency: file.concurrency }),
    ...(file.db === undefined ? {} : { db: near(file.db) }),
    ...(file.prices === undefined ? {} : { prices: priceTableOf(file.prices) }),
    ...(file.plugins === undefined ? {} : { plugins: file.plugins.map(near) }),
  };
}

function judgeRequest(judge: { name?: string | undefined; backend: string; temperature?: number | undefined; top_p?: number | undefined; max_tokens?: number | undefined }): AgentRequest {
  const decoding = decodingOf(judge);
  return { ...(judge.name === undefined ? {} : { name: judge.name }), backend: judge.backend, ...(decoding === undefined ? {} : { decoding }) };
}

function decodingOf(fields: { temperature?: number | undefined; top_p?: number | undefined; max_tokens?: number | undefined }): Decoding | undefined {
  const decoding: Decoding = {
    ...(fields.temperature === undefined ? {} : { temperature: fields.temperature }),
    ...(fields.top_p === undefined ? {} : { topP: fields.top_p }),
    ...(fields.max_tokens === undefined ? {} : { maxTokens: fields.max_tokens }),
  };
  return Object.keys(decoding).length === 0 ? undefined : decoding;
}

function seedList(seeds: number | number[] | string): number[] {
  if (typeof seeds === 'number') return [seeds];
  if (Array.isArray(seeds)) return seeds;
  const [from, to] = seeds.split('-').map((part) => Number(part.trim())) as [number, number];
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

interface DescribedIssue {
  path: PropertyKey[];
  /** For unknown keys: the key, whose line is the one to show. */
  key?: string;
  message: string;
}

/** Zod issues as located messages; a union reports the branch the value was meant for. */
function describeIssues(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[]): DescribedIssue[] {
  return issues.flatMap((issue): DescribedIssue[] => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ path, key, message: `unknown field "${key}"` }));
    if (issue.code === 'invalid_union') {
      // Branches that failed only because the value has another type are not the one meant.
      const meant = issue.errors.filter((branch) => !branch.every((inner) => inner.code === 'invalid_type' && inner.path.length === 0));
      if (meant.length === 1) return describeIssues(meant[0]!, path);
      const expected = issue.errors.flatMap((branch) => branch.filter((inner) => inner.code === 'invalid_type').map((inner) => typeName((inner as { expected: string }).expected)));
      return [{ path, message: expected.length === 0 ? issue.message : `expected ${[...new Set(expected)].join(' or ')}` }];
    }
    if (issue.code === 'invalid_type') {
      const missing = 'input' in issue && (issue as { input?: unknown }).input === undefined;
      return [{ path, message: missing ? `missing (expected ${typeName(issue.expected)})` : `expected ${typeName(issue.expected)}` }];
    }
    return [{ path, message: issue.message }];
  });
}

function typeName(expected: string): string {
  const names: Record<string, string> = { object: 'a mapping (key: value)', array: 'a list', string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false' };
  return names[expected] ?? expected;
}

/**
 * The 1-based line and column of the value at `path` (or of `key` inside
 * it). A missing field resolves to its nearest existing parent, so every
 * problem gets a line.
 */
function yamlPosition(document: Document, lineCounter: LineCounter, path: readonly PropertyKey[], key?: string): { line?: number; column?: number } {
  let node: unknown = document.contents;
  let position = positionOf(node, lineCounter);
  for (const segment of [...path, ...(key === undefined ? [] : [key])]) {
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment));
      // An empty value (`limit:`) has no node of its own: point at the key.
      next = pair === undefined ? undefined : segment === key || pair.value === null ? pair.key : pair.value;
    } else if (isSeq(node) && typeof segment === 'number') {
      next = node.items[segment];
    }
    if (next === undefined) break;
    node = next;
    position = positionOf(node, lineCounter) ?? position;
  }
  return position ?? {};
}

function positionOf(node: unknown, lineCounter: LineCounter): { line: number; column: number } | undefined {
  const range = (node as Node | null | undefined)?.range;
  if (range === undefined || range === null) return undefined;
  const { line, col } = lineCounter.linePos(range[0]);
  return { line, column: col };
}
