import { extname } from 'node:path';
import { ConfigError } from '../spec/errors.js';
import type { Question } from '../spec/question.js';
import type { DatasetLoader, LoadOptions } from './dataset-loader.js';
import { parseCsvRecords } from '../util/csv-records.js';
import { type ForecastEventOptions, type ForecastSelection, resolveForecastSelection } from './forecast-events.js';
import { firstJsonlRecord, readDataFile } from './jsonl-records.js';
import { DATASETS, datasetNames, getDataset } from './registry.js';

/** What to load: a dataset name, a file, or both. */
export interface LoadRequest {
  /** Dataset name (`medqa`, `generic`, `demo`); detected from the file when absent. */
  dataset?: string;
  /** Data file; optional for `demo` and for `medqa` (which then uses the shared sample). */
  path?: string;
  /** Load only the first `limit` questions. */
  limit?: number;
  /** Window and event selection of forecasting datasets (`fred`); see docs/forecasting.md. */
  forecast?: ForecastEventOptions;
}

/** Loaded questions with the dataset name and path to record in the run. */
export interface LoadedDataset {
  name: string;
  /**
   * The path as given, or `builtin:<name>` (built-in data) / `default:<name>`
   * (the loader's default file) when none was; both load again when passed as `path`.
   */
  path: string;
  questions: Question[];
  /**
   * Forecasting datasets: the resolved window and event selection (defaults
   * filled in), to record in the run so it can be rebuilt; absent otherwise.
   */
  forecast?: ForecastEventOptions;
}

/**
 * Loads questions for a run. With a path and no dataset name, the format is
 * detected from the file: a `.jsonl`/`.ndjson` file whose first record has
 * MedQA fields is `medqa`, one with quorum's fields is `generic`; a `.csv`
 * file whose header is a FRED download's is `fred`.
 */
export async function loadQuestions(request: LoadRequest): Promise<LoadedDataset> {
  if (request.limit !== undefined && (!Number.isInteger(request.limit) || request.limit < 1)) {
    throw new ConfigError(`limit must be a positive whole number, got ${request.limit}`);
  }
  if (request.dataset === undefined && request.path === undefined) {
    throw new ConfigError('no questions given', `pass --dataset <name> (${datasetNames().join(', ')}) and/or --data <file>`);
  }
  // A path stored in a run ("builtin:demo", "default:medqa") names the dataset and no file.
  const stored = /^(?:builtin|default):(.+)$/.exec(request.path ?? '');
  const datasetName = request.dataset ?? stored?.[1];
  const file = stored === null ? request.path : undefined;
  const loader = datasetName !== undefined ? getDataset(datasetName) : await detectDataset(file!);
  if (request.forecast !== undefined && loader.forecasting !== true) {
    throw new ConfigError(
      `forecast options (--window, --events, --event-seed) apply only to forecasting datasets (${forecastingNames().join(', ')}), not "${loader.name}"`,
      'drop the forecast options, or pass --dataset fred with a FRED series',
    );
  }
  const options: LoadOptions = {
    ...(request.limit === undefined ? {} : { limit: request.limit }),
    ...(request.forecast === undefined ? {} : { forecast: request.forecast }),
  };
  const questions = await loader.load(file, options);
  const path = file ?? (loader.name === 'demo' ? `builtin:${loader.name}` : `default:${loader.name}`);
  return { name: loader.name, path, questions, ...(loader.forecasting === true ? { forecast: recordedForecast(resolveForecastSelection(request.forecast)) } : {}) };
}

function forecastingNames(): string[] {
  return [...DATASETS.values()].filter((loader) => loader.forecasting === true).map((loader) => loader.name);
}

/** The options that reproduce a selection: the resolved values, without the derived `method`. */
function recordedForecast(selection: ForecastSelection): ForecastEventOptions {
  return { window: selection.window, events: selection.events, ...(selection.selectionSeed === undefined ? {} : { selectionSeed: selection.selectionSeed }) };
}

/** Picks the loader for a data file from its extension and first record (JSONL) or header row (CSV). */
export async function detectDataset(path: string): Promise<DatasetLoader> {
  const extension = extname(path).toLowerCase();
  if (extension === '.csv') return detectCsvDataset(path);
  if (extension !== '.jsonl' && extension !== '.ndjson') {
    throw new ConfigError(`cannot tell the dataset format of ${path} from its extension "${extension}"`, `pass --dataset <name> (${datasetNames().join(', ')})`);
  }
  const record = await firstJsonlRecord(path);
  if (record === undefined) throw new ConfigError(`${path} holds no records`, 'check the file');
  const matches = [...DATASETS.values()].filter((loader) => loader.recognizes?.(record) === true);
  if (matches.length === 1) return matches[0]!;
  throw new ConfigError(
    `cannot tell the dataset format of ${path}: its first record has fields ${Object.keys(record).join(', ')}`,
    `pass --dataset <name> (${datasetNames().join(', ')}); see docs/datasets.md`,
  );
}

async function detectCsvDataset(path: string): Promise<DatasetLoader> {
  const [first] = parseCsvRecords(path, await readDataFile(path));
  if (first === undefined) throw new ConfigError(`${path} is empty`, 'check the file');
  const header = first.cells.map((cell) => cell.trim());
  const matches = [...DATASETS.values()].filter((loader) => loader.recognizesCsvHeader?.(header) === true);
  if (matches.length === 1) return matches[0]!;
  throw new ConfigError(
    `cannot tell the dataset format of ${path}: its header is ${header.join(',')}`,
    `pass --dataset <name> (${datasetNames().join(', ')}); a FRED download starts with "observation_date,<SERIES>" or "DATE,<SERIES>"`,
  );
}
