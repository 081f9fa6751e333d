/** Dataset loaders and the registry (docs/datasets.md). */
export type { DatasetLoader, LoadOptions } from './dataset-loader.js';
export { demoLoader } from './demo-dataset.js';
export { DEMO_QUESTIONS } from './demo-questions.js';
export { FRED_DATE_COLUMNS, isFredHeader, parseFredCsv, type FredSeries } from './fred-csv.js';
export { FRED_DEFAULT_FILE, FRED_DISPLAY_DECIMALS, forecastQuestion, fredLoader } from './fred.js';
export {
  eligibleTargets,
  FORECAST_DEFAULTS,
  resolveForecastSelection,
  selectForecastEvents,
  type ForecastEvent,
  type ForecastEventOptions,
  type ForecastSelection,
  type Observation,
} from './forecast-events.js';
export { genericLoader, genericQuestion, genericRecordSchema, type GenericRecord } from './generic-jsonl.js';
export { loadQuestions, detectDataset, type LoadRequest, type LoadedDataset } from './load-questions.js';
export { MEDQA_DEFAULT_FILE, medqaLoader, medqaQuestion } from './medqa.js';
export { DATASETS, datasetNames, getDataset } from './registry.js';
export { sharedDataDir } from './shared-data.js';
