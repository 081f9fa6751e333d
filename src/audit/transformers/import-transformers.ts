import { ConfigError } from '../../spec/errors.js';

/** The `@huggingface/transformers` module. */
export type TransformersModule = typeof import('@huggingface/transformers');

let loaded: Promise<TransformersModule> | undefined;

/**
 * Imports transformers.js on first use: it pulls in ONNX Runtime (~1 s),
 * which runs that do not use `transformers:` models should not pay for.
 */
export function importTransformers(): Promise<TransformersModule> {
  loaded ??= import('@huggingface/transformers').then(
    (module) => {
      // A mirror set for huggingface_hub (HF_ENDPOINT) is honoured by downloads here too.
      const endpoint = process.env.HF_ENDPOINT;
      if (endpoint !== undefined && endpoint !== '') module.env.remoteHost = endpoint.endsWith('/') ? endpoint : `${endpoint}/`;
      return module;
    },
    (error: unknown) => {
      loaded = undefined;
      throw new ConfigError(
        `transformers: models need the npm package @huggingface/transformers, which could not be loaded (${error instanceof Error ? error.message : String(error)})`,
        'npm install @huggingface/transformers (with onnxruntime-node-install=skip in .npmrc on machines without CUDA downloads), or use wordvec / heuristic / http:',
      );
    },
  );
  return loaded;
}
