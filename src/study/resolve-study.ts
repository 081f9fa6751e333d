import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { sanitizeSpec } from '../backends/backend-spec.js';
import { loadQuestions } from '../datasets/load-questions.js';
import { corruptedDatasetName, corruptQuestions } from '../robustness/corrupt-question.js';
import type { Question } from '../spec/question.js';
import type { AgentRequest } from '../runner/start-run.js';
import { hashValue } from '../util/hash.js';
import { loadStudyFile } from './load-study-file.js';
import { sampleQuestions } from './sample-questions.js';
import { cellKey, type StudyCell, type StudyConfig, type StudyDatasetConfig, type StudyProtocolConfig, type StudySetupConfig } from './study-config.js';
import { agentCountSetupLabel, datasetLabel, protocolLabel, setupLabels, type StudyFile } from './study-schema.js';

/** A study ready to run: its stored configuration plus the questions of each dataset. */
export interface ResolvedStudy {
  /** `study-<name>-<8 hex>`: the same file and data always give the same id, so re-running resumes. */
  id: string;
  config: StudyConfig;
  /** Questions by dataset label, as run. */
  questions: ReadonlyMap<string, Question[]>;
}

/** Options of `resolveStudy`. */
export interface ResolveStudyOptions {
  /** Directory that relative dataset paths start from (default: the study file's). */
  baseDir?: string;
}

/** Reads, validates and resolves a study file (see `resolveStudyFile`). */
export async function loadStudy(path: string, env: NodeJS.ProcessEnv = process.env, options: ResolveStudyOptions = {}): Promise<ResolvedStudy> {
  return resolveStudyFile(await loadStudyFile(path, env), path, options);
}

/**
 * Loads every dataset of a validated study file (sampling and corrupting
 * as configured), builds the agent setups and the grid of cells, and
 * derives the study id from what defines the experiment.
 */
export async function resolveStudyFile(file: StudyFile, source: string, options: ResolveStudyOptions = {}): Promise<ResolvedStudy> {
  const baseDir = options.baseDir ?? dirname(source);
  // Loaders read paths relative to the working directory, and runs record them so: resolve against the study file, record from here.
  const cwd = process.cwd();
  const questions = new Map<string, Question[]>();
  const datasets: StudyDatasetConfig[] = [];
  for (const entry of file.datasets) {
    const label = datasetLabel(entry);
    const absolute = entry.path === undefined ? undefined : isAbsolute(entry.path) ? entry.path : resolve(baseDir, entry.path);
    const loaded = await loadQuestions({
      ...(entry.dataset === undefined ? {} : { dataset: entry.dataset }),
      ...(absolute === undefined ? {} : { path: relative(cwd, absolute) || '.' }),
      // `first` lets the loader stop reading early; `random` needs every question to draw from.
      ...(entry.limit !== undefined && entry.sample.method === 'first' ? { limit: entry.limit } : {}),
      ...(entry.forecast === undefined ? {} : { forecast: entry.forecast }),
    });
    const sampled = sampleQuestions(loaded.questions, { ...entry.sample, ...(entry.limit === undefined ? {} : { limit: entry.limit }) });
    const run = entry.corruption === undefined ? sampled : corruptQuestions(sampled, entry.corruption);
    questions.set(label, run);
    datasets.push({
      label,
      loader: loaded.name,
      runName: entry.corruption === undefined ? loaded.name : corruptedDatasetName(loaded.name, entry.corruption),
      path: loaded.path,
      sample: entry.sample,
      ...(entry.limit === undefined ? {} : { limit: entry.limit }),
      ...(entry.corruption === undefined ? {} : { corruption: entry.corruption }),
      ...(loaded.forecast === undefined ? {} : { forecast: loaded.forecast }),
      questionIds: run.map((question) => question.id),
      contentHash: hashValue(run),
    });
  }
  const setups = agentSetups(file);
  const protocols: StudyProtocolConfig[] = file.protocols.map((protocol) => {
    const { preset, ...rest } = protocol;
    const { name: _name, escalate, ...overrides } = rest as typeof rest & { name?: string; escalate?: string };
    return { label: protocolLabel(protocol), preset, overrides, ...(escalate === undefined ? {} : { escalate }) };
  });
  const cells: StudyCell[] = datasets.flatMap((dataset) =>
    setups.flatMap((setup) => protocols.map((protocol) => ({ key: cellKey(protocol.label, dataset.label, setup.label), protocol: protocol.label, dataset: dataset.label, setup: setup.label }))),
  );
  const identity = hashValue({
    name: file.name,
    datasets: datasets.map(({ label, loader, questionIds, contentHash }) => ({ label, loader, questionIds, contentHash })),
    setups,
    protocols,
    seeds: file.seeds,
  });
  const config: StudyConfig = {
    version: 1,
    name: file.name,
    ...(file.description === undefined ? {} : { description: file.description }),
    source,
    file: { ...file, backends: Object.fromEntries(Object.entries(file.backends).map(([name, spec]) => [name, sanitizeSpec(spec)])) },
    datasets,
    setups,
    protocols,
    seeds: [...file.seeds],
    cells,
    ...(file.plugins === undefined ? {} : { plugins: file.plugins.map((plugin) => (isAbsolute(plugin) ? plugin : resolve(dirname(source), plugin))) }),
    identity,
  };
  return { id: `study-${file.name}-${identity.slice(0, 8)}`, config, questions };
}

/** The grid's agent setups: one per backend (× agent count with `counts`) in count form, else one. */
function agentSetups(file: StudyFile): StudySetupConfig[] {
  const spec = (name: string): string => file.backends[name]!;
  const judge: AgentRequest | undefined =
    file.judge === undefined
      ? undefined
      : { ...(file.judge.name === undefined ? {} : { name: file.judge.name }), backend: spec(file.judge.backend), ...(file.judge.persona === undefined ? {} : { persona: file.judge.persona }), ...(file.judge.decoding === undefined ? {} : { decoding: file.judge.decoding }) };
  const withJudge = (setup: StudySetupConfig): StudySetupConfig => (judge === undefined ? setup : { ...setup, judge });
  if (Array.isArray(file.agents)) {
    const agents = file.agents.map((agent) => ({
      ...(agent.name === undefined ? {} : { name: agent.name }),
      backend: spec(agent.backend),
      ...(agent.persona === undefined ? {} : { persona: agent.persona }),
      ...(agent.decoding === undefined ? {} : { decoding: agent.decoding }),
    }));
    // The same label the study file's checks accept in `hypotheses[].setup`.
    return [withJudge({ label: setupLabels(file)[0]!, agents })];
  }
  const { count, counts, backend, backends, decoding, personas } = file.agents;
  const setup = (name: string, label: string, size: number): StudySetupConfig =>
    withJudge({
      label,
      agents: Array.from({ length: size }, (_, index) => ({
        backend: spec(name),
        ...(personas?.[index] === undefined ? {} : { persona: personas[index] }),
        ...(decoding === undefined ? {} : { decoding }),
      })),
    });
  // The schema admits exactly one of count and counts; backend-major order, as setupLabels names them.
  return (backends ?? [backend!]).flatMap((name) =>
    counts === undefined ? [setup(name, name, count!)] : counts.map((size) => setup(name, agentCountSetupLabel(name, size), size)),
  );
}
