import { priceTableOf } from '../backends/price-assignment.js';
import type { PriceTable } from '../backends/prices.js';
import { dirname, isAbsolute, join } from 'node:path';
import { z } from 'zod';
import { parseBackendSpec } from '../backends/backend-spec.js';
import { datasetNames } from '../datasets/registry.js';
import { protocolNames } from '../protocols/registry.js';
import type { Decoding } from '../spec/chat.js';
import type { DebateOverrides } from '../spec/debate-params.js';
import { QuorumError } from '../spec/errors.js';
import type { ForecastEventOptions } from '../datasets/forecast-events.js';
import { readPersonaFile } from './agent-spec.js';
import { loadYamlPlugins } from './load-plugin.js';
import type { AgentRequest } from './start-run.js';
import { ConfigFileError, type ConfigFileFailure, type ConfigFileProblem } from './config-file/config-file-error.js';
import { agentKeys, checkAgentList, checkSeeds, concurrencySchema, datasetEntry, datasetKeys, decodingKeys, judgeKeys, pluginsSchema, pricesSchema, protocolKeys, seedsSchema } from './config-file/config-keys.js';
import { parseConfigDocument, readConfigText, validateConfig } from './config-file/read-config-file.js';
import { noteRenamedKeys, type KeyRename, type RenamedKey } from './config-file/renamed-keys.js';

/*
 * A run file (`quorum run --config run.yaml`) holds what the flags of
 * `quorum run` hold, and per-agent settings the flags cannot express well.
 * It speaks the dialect of study.yaml (config-file/config-keys.ts); every
 * key is in docs/configuration.md.
 */

const backend = z.string().trim().min(1);

/**
 * Keys of run.yaml renamed when it took study.yaml's dialect: still read,
 * with a note naming the new key (docs/configuration.md, "Renamed keys").
 */
const RUN_FILE_RENAMES: readonly KeyRename[] = [
  { at: ['dataset'], from: 'name', to: ['dataset'] },
  ...(['agents.*', 'judge'] as const).flatMap((at) => [
    { at: at.split('.'), from: 'temperature', to: ['decoding', 'temperature'] },
    { at: at.split('.'), from: 'top_p', to: ['decoding', 'topP'] },
    { at: at.split('.'), from: 'max_tokens', to: ['decoding', 'maxTokens'] },
  ]),
  { at: ['decoding'], from: 'top_p', to: ['topP'] },
  { at: ['decoding'], from: 'max_tokens', to: ['maxTokens'] },
  { at: ['agents', '*'], from: 'persona_file', to: ['personaFile'] },
];

const agentSchema = z.strictObject({
  ...agentKeys,
  /** Default: the file's top-level `backend`. */
  backend: backend.optional(),
});

/** A study's count form, one setup: `count` agents on `backend` with `decoding`, and `personas` one per agent. */
const agentCountSchema = z.strictObject({
  count: z.number().int().positive(),
  backend: backend.optional(),
  decoding: decodingKeys.optional(),
  personas: z.array(z.string()).optional(),
});

const judgeSchema = z.union([backend.transform((spec) => ({ backend: spec }) as z.output<z.ZodObject<typeof judgeKeys>>), z.strictObject(judgeKeys)]);

const protocolObject = z.strictObject(protocolKeys);
const protocolSchema = z.union([z.string().min(1).transform((preset): z.output<typeof protocolObject> => ({ preset })), protocolObject]);

/** The run file as written (docs/configuration.md). */
export const runFileSchema = z
  .strictObject({
    protocol: protocolSchema,
    dataset: datasetEntry(z.strictObject(datasetKeys)),
    /** A number of agents on `backend`, a study's count form (`{count, backend, decoding, personas}`), or one entry per agent. */
    agents: z.union([z.number().int().positive(), agentCountSchema, z.array(agentSchema).min(1)]).optional(),
    /** Backend of agents without one. */
    backend: backend.optional(),
    judge: judgeSchema.optional(),
    seeds: seedsSchema.optional(),
    /** Decoding defaults of every agent (not the judge). */
    decoding: decodingKeys.optional(),
    concurrency: concurrencySchema.optional(),
    /** SQLite database, relative to the run file. */
    db: z.string().min(1).optional(),
    prices: pricesSchema.optional(),
    plugins: pluginsSchema.optional(),
  })
  .superRefine(checkRunFile);

export type RunFile = z.output<typeof runFileSchema>;

function checkRunFile(file: z.output<typeof runFileSchema>, context: z.RefinementCtx): void {
  const { preset } = file.protocol;
  if (!protocolNames().includes(preset)) {
    context.addIssue({ code: 'custom', path: ['protocol', 'preset'], message: `unknown protocol "${preset}"; known protocols: ${protocolNames().join(', ')}` });
  }
  if (file.dataset.dataset === undefined && file.dataset.path === undefined) context.addIssue({ code: 'custom', path: ['dataset'], message: 'give "dataset" (a loader name), "path" (a data file), or both' });
  if (file.dataset.dataset !== undefined && !datasetNames().includes(file.dataset.dataset.toLowerCase())) {
    context.addIssue({ code: 'custom', path: ['dataset', 'dataset'], message: `unknown dataset "${file.dataset.dataset}"; known datasets: ${datasetNames().join(', ')}` });
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
    file.agents.forEach((agent, index) => {
      if (agent.backend !== undefined) checkBackend(agent.backend, ['agents', index, 'backend']);
      else if (file.backend === undefined) context.addIssue({ code: 'custom', path: ['agents', index], message: 'no "backend" for this agent and no top-level "backend" to fall back on' });
    });
    checkAgentList(file.agents, context);
  }
  if (typeof file.agents === 'object' && !Array.isArray(file.agents)) {
    const { count, personas } = file.agents;
    if (file.agents.backend !== undefined && file.backend !== undefined) context.addIssue({ code: 'custom', path: ['agents', 'backend'], message: 'give "backend" under "agents" or at the top, not both' });
    else if (file.agents.backend !== undefined) checkBackend(file.agents.backend, ['agents', 'backend']);
    if (file.agents.decoding !== undefined && file.decoding !== undefined) context.addIssue({ code: 'custom', path: ['agents', 'decoding'], message: 'give "decoding" under "agents" or at the top, not both' });
    if (personas !== undefined && file.agents.backend === undefined && file.backend === undefined) context.addIssue({ code: 'custom', path: ['agents'], message: 'agents with personas need a "backend" (under "agents" or at the top)' });
    if (personas !== undefined && personas.length !== count) context.addIssue({ code: 'custom', path: ['agents', 'personas'], message: `${personas.length} personas for ${count} agents; give one per agent` });
  }
  if (file.judge !== undefined) checkBackend(file.judge.backend, ['judge', 'backend']);
  checkSeeds(file.seeds, context);
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
export type RunFileProblem = ConfigFileProblem;

/**
 * A run file that cannot be read, parsed or validated. The message lists
 * every problem as `file:line:column: field: message`.
 */
export class RunFileError extends ConfigFileError {
  constructor(file: string, problems: readonly RunFileProblem[], hint = 'fix the run file; docs/configuration.md lists every key') {
    super('CONFIG_RUN_FILE', file, problems, hint);
  }
}

/**
 * Parses and validates the text of a run file; YAML syntax and schema
 * problems are all reported at once with their lines. Paths in the file
 * (dataset, persona files, database) are relative to the file's folder.
 * Old key names are read (`RUN_FILE_RENAMES`); `onRenamed` gets them, with
 * their lines, to say so (`loadRunFile` prints the note once per file).
 */
export function parseRunFile(text: string, file: string, onRenamed: (renamed: readonly RenamedKey[]) => void = () => undefined): RunFileRequest {
  const fail: ConfigFileFailure = (problems, hint) => new RunFileError(file, problems, hint);
  const document = parseConfigDocument(text, file, fail, RUN_FILE_RENAMES);
  const data = validateConfig(runFileSchema, document, fail);
  onRenamed(document.renamed);
  return toRequest(data, dirname(file), (path, message) => new RunFileError(file, [document.locate(path, message)]));
}

/** Reads, parses and validates a run file (see `parseRunFile`), printing the note of its old key names once. */
export async function loadRunFile(path: string): Promise<RunFileRequest> {
  const text = await readConfigText(path, (problems, hint) => new RunFileError(path, problems, hint), 'check the path given to --config');
  await loadYamlPlugins(text, path);
  return parseRunFile(text, path, (renamed) => noteRenamedKeys(path, renamed));
}

function toRequest(file: RunFile, baseDir: string, fail: (path: Array<string | number>, message: string) => RunFileError): RunFileRequest {
  const near = (path: string): string => (isAbsolute(path) ? path : join(baseDir, path));
  const { preset, escalate, ...overrides } = file.protocol;
  const agents = Array.isArray(file.agents)
    ? file.agents.map((agent, index): AgentRequest => {
        const persona = agent.personaFile === undefined ? agent.persona : readPersonaFile(agent.personaFile, baseDir, (reason) => fail(['agents', index, 'personaFile'], reason));
        const { decoding } = agent;
        return {
          ...(agent.name === undefined ? {} : { name: agent.name }),
          backend: agent.backend ?? file.backend!,
          ...(persona === undefined ? {} : { persona }),
          ...(decoding === undefined ? {} : { decoding }),
        };
      })
    : [];
  const judge = file.judge === undefined ? undefined : agentRequest(file.judge);
  const counted = typeof file.agents === 'object' && !Array.isArray(file.agents) ? file.agents : undefined;
  // the count form's backend and decoding are the run's defaults, as the top-level keys are
  const decoding = counted?.decoding ?? file.decoding;
  const defaultBackend = counted?.backend ?? file.backend;
  if (counted?.personas !== undefined) agents.push(...counted.personas.map((persona): AgentRequest => ({ backend: defaultBackend!, persona })));
  return {
    protocol: preset,
    overrides: overrides as DebateOverrides,
    ...(escalate === undefined ? {} : { escalate }),
    dataset: {
      ...(file.dataset.dataset === undefined ? {} : { name: file.dataset.dataset }),
      // Stored "builtin:"/"default:" paths name a dataset, not a file.
      ...(file.dataset.path === undefined ? {} : { path: /^(?:builtin|default):/.test(file.dataset.path) ? file.dataset.path : near(file.dataset.path) }),
      ...(file.dataset.limit === undefined ? {} : { limit: file.dataset.limit }),
      ...(file.dataset.forecast === undefined ? {} : { forecast: file.dataset.forecast }),
    },
    agents,
    ...(typeof file.agents === 'number' ? { count: file.agents } : counted !== undefined && counted.personas === undefined ? { count: counted.count } : {}),
    ...(defaultBackend === undefined ? {} : { backend: defaultBackend }),
    ...(judge === undefined ? {} : { judge }),
    ...(file.seeds === undefined ? {} : { seeds: file.seeds }),
    ...(decoding === undefined ? {} : { decoding }),
    ...(file.concurrency === undefined ? {} : { concurrency: file.concurrency }),
    ...(file.db === undefined ? {} : { db: near(file.db) }),
    ...(file.prices === undefined ? {} : { prices: priceTableOf(file.prices) }),
    ...(file.plugins === undefined ? {} : { plugins: file.plugins.map(near) }),
  };
}

function agentRequest(agent: RunFile['judge'] & object): AgentRequest {
  return {
    ...(agent.name === undefined ? {} : { name: agent.name }),
    backend: agent.backend,
    ...(agent.persona === undefined ? {} : { persona: agent.persona }),
    ...(agent.decoding === undefined ? {} : { decoding: agent.decoding }),
  };
}
