import { BackendError } from '../../spec/errors.js';
import { parseBackendSpec } from '../backend-spec.js';
import { defaultModelsDir } from './quorum-cache-dir.js';
import { resolveModelSource } from './resolve-model-source.js';
import { ensureTestModel } from './test-model/ensure-test-model.js';

/** The backend the demo will use and a line that says so. */
export interface DemoBackend {
  spec: string;
  banner: string;
  /** True when the default model could not be obtained and the generated test model stands in. */
  fallback: boolean;
}

/**
 * Makes sure the demo's model is available: a `llama:hf:` model is fetched
 * into the cache (or found there). Without internet and without a cached
 * copy, the demo falls back to quorum's generated random-weight model so
 * the whole pipeline still runs — and says loudly that its answers are noise.
 */
export async function resolveDemoBackend(spec: string, log: (line: string) => void): Promise<DemoBackend> {
  const parsed = parseBackendSpec(spec);
  if (parsed.kind !== 'llama' || parsed.source.type !== 'hf') {
    return { spec, banner: `demo: every agent uses ${spec}`, fallback: false };
  }
  try {
    await resolveModelSource(parsed.source, spec, { cacheDir: defaultModelsDir(), quiet: !process.stderr.isTTY });
    return { spec, banner: `demo: every agent uses ${spec}`, fallback: false };
  } catch (error) {
    if (!(error instanceof BackendError) || error.failure !== 'unavailable') throw error;
    log(`demo: ${error.message}`);
    if (error.hint !== undefined) log(`hint: ${error.hint}`);
    const path = await ensureTestModel();
    return {
      spec: `llama:${path}`,
      banner:
        'demo: FALLING BACK to quorum\'s generated random-weight test model. Every stage runs for real (in-process inference, ' +
        'grammar-constrained GDP JSON, storage, metrics), but the model knows nothing: its answers are noise.',
      fallback: true,
    };
  }
}
