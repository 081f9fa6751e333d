import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from '../../spec/errors.js';
import { AuditModelError } from '../audit-model-error.js';
import { downloadProgress } from './download-progress.js';
import { importTransformers } from './import-transformers.js';
import { probeModelHub } from './probe-model-hub.js';

/** The two pipelines quorum uses. */
export type TransformersTask = 'feature-extraction' | 'text-classification';

/** Where a `transformers:` model comes from. */
export type TransformersSource = { type: 'folder'; path: string } | { type: 'hub'; modelId: string };

/** How to load a model. */
export interface TransformersLoadSettings {
  /** Where hub models are downloaded to (`<cache>/quorum/transformers`). */
  cacheDir: string;
  /** No download allowed: a hub model must already be in `cacheDir`. */
  offline: boolean;
  quiet: boolean;
  /** ONNX weights variant: `fp32` (onnx/model.onnx, default), `q8` (model_quantized.onnx), `fp16`, … */
  dtype: string | undefined;
  /** ONNX Runtime intra-op threads; undefined = its default. */
  threads: number | undefined;
  probeTimeoutMs: number | undefined;
}

const HUB_ID = /^[\w.-]+(\/[\w.-]+)?$/;

/**
 * Reads the target of a `transformers:` spec: an existing folder (or
 * anything path-like: `./x`, `/x`, `~/x`, `C:\x`) is a local model; otherwise
 * a Hugging Face model id (`Xenova/nli-deberta-v3-small`).
 */
export function transformersSource(modelId: string, target: string): TransformersSource {
  const expanded = target.startsWith('~/') ? join(process.env.HOME ?? '~', target.slice(2)) : target;
  const path = resolve(expanded);
  const isFolder = existsSync(path) && statSync(path).isDirectory();
  if (isFolder) return { type: 'folder', path };
  const pathLike = /^(\.{1,2}[\\/]|[\\/~]|[A-Za-z]:[\\/])/.test(target);
  if (pathLike || !HUB_ID.test(target)) {
    throw new ConfigError(`model "${modelId}": folder not found: ${path}`, 'give the folder holding config.json, tokenizer.json and onnx/model.onnx, or a Hugging Face model id');
  }
  return { type: 'hub', modelId: target };
}

/** The pipeline object transformers.js returns, as far as quorum uses it. */
export type LoadedPipeline = Awaited<ReturnType<Awaited<ReturnType<typeof importTransformers>>['pipeline']>>;

/**
 * Loads a transformers.js pipeline. Local folders load with
 * `local_files_only` (never the network). Hub ids load from the cache when
 * there, otherwise download with a progress bar; offline (`QUORUM_OFFLINE=1`,
 * or the hub unreachable within a few seconds) that fails at once with a hint.
 */
export async function loadTransformersPipeline(id: string, task: TransformersTask, source: TransformersSource, settings: TransformersLoadSettings): Promise<LoadedPipeline> {
  const common = {
    ...(settings.dtype === undefined ? {} : { dtype: settings.dtype as 'fp32' }),
    ...(settings.threads === undefined ? {} : { session_options: { intraOpNumThreads: settings.threads, interOpNumThreads: 1 } }),
  };
  if (source.type === 'folder') {
    const { pipeline } = await importTransformers();
    return wrapLoad(id, source.path, () => pipeline(task, source.path, { ...common, local_files_only: true }));
  }

  const cached = existsSync(join(settings.cacheDir, source.modelId, 'config.json'));
  if (!cached) await assertCanDownload(id, source.modelId, settings);
  const { pipeline } = await importTransformers();
  const progress = await downloadProgress(source.modelId, settings.quiet);
  try {
    return await wrapLoad(id, source.modelId, () =>
      pipeline(task, source.modelId, { ...common, cache_dir: settings.cacheDir, local_files_only: cached, progress_callback: progress.callback }),
    );
  } finally {
    progress.stop();
  }
}

const OFFLINE_HINT =
  'use a local folder (transformers:/path/to/model with config.json, tokenizer.json, onnx/model.onnx), ' +
  'run once with internet to fill the cache, or serve the model and use http:<url> (see docs/audit-models.md)';

async function assertCanDownload(id: string, modelId: string, settings: TransformersLoadSettings): Promise<void> {
  if (settings.offline) {
    throw new AuditModelError(id, 'unavailable', `${modelId} is not in the cache (${settings.cacheDir}) and downloads are off (QUORUM_OFFLINE=1)`, { hint: OFFLINE_HINT });
  }
  const unreachable = await probeModelHub(settings.probeTimeoutMs);
  if (unreachable !== undefined) {
    throw new AuditModelError(id, 'unavailable', `cannot download ${modelId}: ${unreachable}`, { hint: OFFLINE_HINT });
  }
}

async function wrapLoad(id: string, what: string, load: () => Promise<unknown>): Promise<LoadedPipeline> {
  try {
    return (await load()) as LoadedPipeline;
  } catch (error) {
    throw new AuditModelError(id, 'load-failed', `cannot load ${what}: ${error instanceof Error ? error.message : String(error)}`, {
      hint: 'a model folder needs config.json, tokenizer.json, tokenizer_config.json and onnx/model.onnx (or the file for #dtype=, e.g. onnx/model_quantized.onnx for q8)',
      cause: error,
    });
  }
}
