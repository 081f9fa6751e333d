import { ConfigError } from '../spec/errors.js';
import type { DatasetLoader } from './dataset-loader.js';
import { crtqaLoader } from './crtqa.js';
import { demoLoader } from './demo-dataset.js';
import { fetaqaLoader } from './fetaqa.js';
import { finqaLoader } from './finqa.js';
import { fredLoader } from './fred.js';
import { genericLoader } from './generic-jsonl.js';
import { gsm8kLoader } from './gsm8k.js';
import { medmcqaLoader } from './medmcqa.js';
import { medqaLoader } from './medqa.js';
import { medthinkLoader } from './medthink.js';
import { mmluLoader } from './mmlu.js';
import { mmqaLoader } from './multimodalqa.js';
import { pubmedqaLoader } from './pubmedqa.js';
import { tatqaLoader } from './tatqa.js';
import { wtqLoader } from './wikitablequestions.js';

const loaders = new Map<string, DatasetLoader>(
  [
    medqaLoader,
    genericLoader,
    demoLoader,
    fredLoader,
    finqaLoader,
    tatqaLoader,
    wtqLoader,
    fetaqaLoader,
    mmqaLoader,
    gsm8kLoader,
    mmluLoader,
    medmcqaLoader,
    pubmedqaLoader,
    medthinkLoader,
    crtqaLoader,
  ].map((loader) => [loader.name, loader]),
);

/** Every dataset loader, by name (built-in ones first, then registered ones). */
export const DATASETS: ReadonlyMap<string, DatasetLoader> = loaders;

/**
 * Adds a dataset loader (a plugin's format). Names are lower-case, as
 * `--dataset` matches them; a name already taken by another loader is a
 * `ConfigError`, the same loader again (a plugin imported twice) is accepted.
 */
export function registerDataset(loader: DatasetLoader): void {
  if (loader.name !== loader.name.toLowerCase() || loader.name.trim() === '') throw new ConfigError(`dataset name "${loader.name}" must be non-empty and lower-case`, '--dataset matches names in lower case');
  const known = loaders.get(loader.name);
  if (known !== undefined && known !== loader) throw new ConfigError(`a dataset named "${loader.name}" is already registered`, 'give the dataset another name');
  loaders.set(loader.name, loader);
}

/** Names of the known datasets. */
export function datasetNames(): string[] {
  return [...DATASETS.keys()];
}

/** The loader of a dataset; unknown names throw a `ConfigError` listing the known ones. */
export function getDataset(name: string): DatasetLoader {
  const loader = DATASETS.get(name.toLowerCase());
  if (loader === undefined) {
    throw new ConfigError(`unknown dataset "${name}"`, `known datasets: ${datasetNames().join(', ')}`);
  }
  return loader;
}
