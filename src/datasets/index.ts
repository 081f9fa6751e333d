/** Dataset loaders and the registry (docs/datasets.md). */
export type { DatasetLoader, LoadOptions } from './dataset-loader.js';
export { demoLoader } from './demo-dataset.js';
export { DEMO_QUESTIONS } from './demo-questions.js';
export { genericLoader, genericQuestion, genericRecordSchema, type GenericRecord } from './generic-jsonl.js';
export { loadQuestions, detectDataset, type LoadRequest, type LoadedDataset } from './load-questions.js';
export { MEDQA_DEFAULT_FILE, medqaLoader, medqaQuestion } from './medqa.js';
export { DATASETS, datasetNames, getDataset } from './registry.js';
export { sharedDataDir } from './shared-data.js';
