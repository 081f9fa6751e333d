import { open, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { resolveModelFile } from 'node-llama-cpp';
import { BackendError, ConfigError } from '../../spec/errors.js';

/** Where a GGUF model comes from: a local file or a Hugging Face repository and quantisation. */
export type LlamaModelSource = { type: 'file'; path: string } | { type: 'hf'; repo: string; quant: string };

/** What to do when a model has to be downloaded. */
export interface DownloadSettings {
  /** Directory downloaded models are kept in. */
  cacheDir: string;
  /** No progress bar. */
  quiet: boolean;
  /** How long the connectivity check may take before the download is declared impossible. */
  probeTimeoutMs?: number;
}

const OFFLINE_HINT =
  'download the model on a machine with internet, then use the local file with `--backend llama:/path/model.gguf`, ' +
  'or point quorum at a running server with `--backend openai:<model>@<url>`';

const DEFAULT_PROBE_TIMEOUT_MS = 5000;

/** The `hf:` URI node-llama-cpp understands for a repository and quantisation. */
export function huggingFaceUri(repo: string, quant: string): string {
  return quant === '' ? `hf:${repo}` : `hf:${repo}:${quant}`;
}

/**
 * Returns the local path of the model: a checked GGUF file, or a Hugging Face
 * model from the cache, downloaded first when missing (with a progress bar when
 * standard output is a terminal). Offline, a download fails within a few seconds with a hint on
 * how to run without one.
 */
export async function resolveModelSource(source: LlamaModelSource, backendId: string, settings: DownloadSettings): Promise<string> {
  if (source.type === 'file') return checkGgufFile(resolve(source.path));
  return downloadModel(huggingFaceUri(source.repo, source.quant), backendId, settings);
}

/** Checks that a path is a readable GGUF file and returns it. */
export async function checkGgufFile(path: string): Promise<string> {
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) {
    throw new ConfigError(
      `model file not found: ${path}`,
      'check the path after `llama:`, or use `llama:hf:<repo>:<quant>` to download a model',
    );
  }
  if (!info.isFile()) throw new ConfigError(`model path is not a file: ${path}`, 'give the path of a .gguf file');
  const magic = Buffer.alloc(4);
  const handle = await open(path, 'r');
  try {
    await handle.read(magic, 0, 4, 0);
  } finally {
    await handle.close();
  }
  if (magic.toString('latin1') !== 'GGUF') {
    throw new ConfigError(
      `not a GGUF model file: ${path} (a GGUF file starts with the bytes "GGUF")`,
      'llama: loads llama.cpp GGUF models; download a .gguf build of the model or convert it with llama.cpp',
    );
  }
  return path;
}

/** The cached file of an `hf:` URI in `cacheDir`, found without network; undefined when absent. */
export async function findCachedModel(uri: string, cacheDir: string): Promise<string | undefined> {
  return resolveModelFile(uri, { directory: cacheDir, download: false, cli: false }).catch(() => undefined);
}

/**
 * Checks within `timeoutMs` that the model hub answers. Returns why it is
 * unreachable, or undefined when it answered.
 */
export async function probeModelHub(timeoutMs = DEFAULT_PROBE_TIMEOUT_MS): Promise<string | undefined> {
  const endpoint = huggingFaceEndpoint();
  try {
    await fetch(endpoint, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
    return undefined;
  } catch (error) {
    return `${endpoint} is unreachable (${describeNetworkError(error)})`;
  }
}

async function downloadModel(uri: string, backendId: string, settings: DownloadSettings): Promise<string> {
  const cached = await findCachedModel(uri, settings.cacheDir);
  if (cached !== undefined) return cached;

  // A short probe first: the downloader itself can wait minutes on a network that drops packets.
  const unreachable = await probeModelHub(settings.probeTimeoutMs);
  if (unreachable !== undefined) throw new BackendError(backendId, 'unavailable', `cannot download ${uri}: ${unreachable}`, { hint: OFFLINE_HINT });
  try {
    return await resolveModelFile(uri, {
      directory: settings.cacheDir,
      // node-llama-cpp draws its bar on stdout: never into a pipe, where it would corrupt --json output.
      cli: !settings.quiet && process.stdout.isTTY === true,
      endpoints: { huggingFace: huggingFaceEndpoint() },
    });
  } catch (error) {
    throw new BackendError(backendId, 'unavailable', `download of ${uri} failed: ${describeNetworkError(error)}`, {
      hint: OFFLINE_HINT,
      cause: error,
    });
  }
}

function huggingFaceEndpoint(): string {
  const configured = process.env.HF_ENDPOINT;
  const base = configured !== undefined && configured !== '' ? configured : 'https://huggingface.co';
  return base.endsWith('/') ? base : `${base}/`;
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return 'no answer in time';
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (cause !== undefined && typeof cause.code === 'string') return `${error.message}: ${cause.code}`;
  return error.message;
}
