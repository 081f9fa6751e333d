import type { ForecastEventOptions } from '../datasets/forecast-events.js';
import type { DebateOverrides } from '../spec/debate-params.js';
import type { AgentRequest } from '../runner/start-run.js';
import type { StudyFile } from './study-schema.js';

/** A dataset as the study resolved it (questions loaded, sampled, corrupted). */
export interface StudyDatasetConfig {
  label: string;
  /** Loader name (`medqa`, `fred`, …). */
  loader: string;
  /** Dataset name recorded in the runs: the loader's, or `finqa+corrupt(p=0.1,seed=1)` for a corrupted one (as `quorum run --corrupt`). */
  runName: string;
  /** Path recorded in the runs (relative to the working directory, or `default:<name>`). */
  path: string;
  sample: { method: 'first' | 'random'; seed: number };
  limit?: number;
  corruption?: { rate: number; seed: number };
  /** Forecasting datasets: the resolved FRED event selection, recorded in each run's configuration. */
  forecast?: ForecastEventOptions;
  /** Ids of the questions used, in run order. */
  questionIds: string[];
  /** SHA-256 of the questions as run (after sampling and corruption). */
  contentHash: string;
}

/** One column of the grid: a set of agents (and judge) on named backends. */
export interface StudySetupConfig {
  label: string;
  /** Agents with backend specs (secrets never appear: specs name key variables only). */
  agents: AgentRequest[];
  judge?: AgentRequest;
}

/** A protocol of the study: a preset plus overrides. */
export interface StudyProtocolConfig {
  label: string;
  preset: string;
  overrides: DebateOverrides;
  escalate?: string;
}

/** One run of the grid: protocol × dataset × setup. */
export interface StudyCell {
  /** `protocol|dataset|setup`: unique in the study, the key runs are linked by. */
  key: string;
  protocol: string;
  dataset: string;
  setup: string;
}

/**
 * The resolved configuration of a study, stored with it (the study record's
 * `config`) so status and reports need neither the YAML file nor the data.
 */
export interface StudyConfig {
  version: 1;
  name: string;
  description?: string;
  /** The study file as given on the command line. */
  source: string;
  /** The validated file (backend specs after `${VAR}` substitution). */
  file: StudyFile;
  datasets: StudyDatasetConfig[];
  setups: StudySetupConfig[];
  protocols: StudyProtocolConfig[];
  seeds: number[];
  cells: StudyCell[];
  /** Absolute paths of the study's plugin files (`plugins:`); each cell's run records them for queue workers. */
  plugins?: string[];
  /** Hash of what defines the experiment (not budget, audit or analysis settings). */
  identity: string;
}

/** The key of a cell. Labels cannot contain "|", so keys are unambiguous. */
export function cellKey(protocol: string, dataset: string, setup: string): string {
  return `${protocol}|${dataset}|${setup}`;
}

/** A readable label of a cell: the protocol, plus dataset and setup when the study has more than one. */
export function cellLabel(config: Pick<StudyConfig, 'datasets' | 'setups'>, cell: StudyCell): string {
  return [cell.protocol, ...(config.datasets.length > 1 ? [cell.dataset] : []), ...(config.setups.length > 1 ? [cell.setup] : [])].join(' · ');
}

/** Planned units of a cell: questions × seeds. */
export function plannedUnits(config: StudyConfig, cell: StudyCell): number {
  const dataset = config.datasets.find((entry) => entry.label === cell.dataset);
  return (dataset?.questionIds.length ?? 0) * config.seeds.length;
}
