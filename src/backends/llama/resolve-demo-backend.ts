import { parseBackendSpec } from '../backend-spec.js';
import { defaultModelsDir } from './quorum-cache-dir.js';
import { findCachedModel, huggingFaceUri, probeModelHub } from './resolve-model-source.js';
import { ensureTestModel } from './test-model/ensure-test-model.js';

/** The backend `quorum demo` will run, and what to tell the user about it. */
export interface DemoBackend {
  /** Backend spec to run with. */
  spec: string;
  /** A line to print before the run, when there is something to say. */
  banner: string | undefined;
  /** True when the demo fell back to the generated random-weight model. */
  testModel: boolean;
}

/**
 * Lets `quorum demo` run anywhere. A `llama:hf:` model that is neither cached
 * nor downloadable (no network) is replaced by quorum's generated test model,
 * so the whole pipeline still runs, and the banner says that its answers are
 * nonsense. Any other spec, a cached model, or a reachable hub keeps the spec
 * as given (the download then happens when the backend is created).
 */
export async function resolveDemoBackend(
  spec: string,
  log: (line: string) => void,
  options: { cacheDir?: string; probeTimeoutMs?: number } = {},
): Promise<DemoBackend> {
  const parsed = parseBackendSpec(spec);
  const kept: DemoBackend = { spec, banner: undefined, testModel: false };
  if (parsed.kind !== 'llama' || parsed.source.type !== 'hf') return kept;

  const uri = huggingFaceUri(parsed.source.repo, parsed.source.quant);
  const cacheDir = options.cacheDir ?? defaultModelsDir();
  if ((await findCachedModel(uri, cacheDir)) !== undefined) return kept;
  const unreachable = await probeModelHub(options.probeTimeoutMs);
  if (unreachable === undefined) {
    log(`first run: downloading ${uri} into ${cacheDir}`);
    return kept;
  }

  const path = await ensureTestModel(cacheDir);
  log(`${uri} is not cached and cannot be downloaded: ${unreachable}`);
  return {
    spec: `llama:${path}`,
    banner:
      "offline: running the demo on quorum's random-weight test model, so every reply is schema-valid nonsense. " +
      'For real answers use --backend llama:/path/model.gguf, --backend ollama:<model> (a local Ollama server) or --backend openai:<model>@<url>.',
    testModel: true,
  };
}
