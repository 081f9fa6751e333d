import { ConfigError } from '../spec/errors.js';
import { expandBackendShorthand } from './backend-shorthand.js';
import { UrlCredentialError, urlCredential } from './url-credential.js';

/** Environment variable that holds the API key of an `openai:` backend unless the spec names another. */
export const DEFAULT_API_KEY_ENV = 'OPENAI_API_KEY';

/**
 * An OpenAI-compatible HTTP backend: `openai:<model>@<base-url>[#key-env=VAR&timeout-ms=N]`.
 * The key itself never appears in a spec; only the name of the variable that holds it.
 */
export interface OpenAiSpec {
  kind: 'openai';
  /** Model name as the server knows it (`gpt-4o-mini`, `qwen2.5:7b`, `Qwen/Qwen2.5-7B-Instruct`). */
  model: string;
  /** Base URL without a trailing slash or query, usually ending in `/v1`. */
  baseUrl: string;
  /**
   * The base URL's query string with its `?` (`?api-version=2024-06-01`),
   * sent after `/chat/completions`; absent when the URL has none. Never holds
   * a credential: `parseBackendSpec` refuses key-like parameters.
   */
  query?: string;
  /** Environment variable holding the API key. */
  keyEnv: string;
  /** Per-attempt timeout in milliseconds (request and whole reply), when the spec sets one. */
  timeoutMs?: number;
  /** Per-attempt timeout until the answer starts (status and headers), when the spec sets one. */
  firstByteMs?: number;
  /** The model takes images (`#vision`): messages' images are sent as `image_url` parts. */
  vision?: boolean;
}

/** An in-process GGUF model run by node-llama-cpp (the shape `createLlamaBackend` takes). */
export interface LlamaSpec {
  kind: 'llama';
  source: { type: 'file'; path: string } | { type: 'hf'; repo: string; quant: string };
  /** CPU threads (`#threads=N`), when the spec sets them; overrides `--threads`. */
  threads?: number;
  /** Tokens per sequence, prompt and reply (`#context=N`), when the spec sets it. */
  contextSize?: number;
}

/** The scripted test backend: `scripted` or `scripted:<model>`. */
export interface ScriptedSpec {
  kind: 'scripted';
  model: string;
}

/** A parsed backend spec. */
export type BackendSpec = OpenAiSpec | LlamaSpec | ScriptedSpec;

const EXPECTED_FORMS =
  'expected one of: openai:<model>@<base-url> (e.g. openai:gpt-4o-mini@https://api.openai.com/v1), ollama:<model>[@<url>], vllm:<model>[@<url>], ' +
  'llama:<file.gguf>, llama:hf:<owner>/<repo>:<quant> (e.g. llama:hf:bartowski/Qwen2.5-0.5B-Instruct-GGUF:Q4_K_M), scripted';

const OPENAI_OPTIONS = new Set(['key-env', 'timeout-ms', 'first-byte-ms', 'vision']);

/** Parses a backend spec string (shorthands such as `ollama:<model>` first expanded by `expandBackendShorthand`). Throws `ConfigError` naming the spec and the accepted forms. */
export function parseBackendSpec(spec: string): BackendSpec {
  const text = expandBackendShorthand(spec);
  if (text === spec.trim()) return parseExpanded(text);
  try {
    return parseExpanded(text);
  } catch (error) {
    // the user wrote the shorthand: name it beside what it expanded to
    throw error instanceof ConfigError ? new ConfigError(`${error.message} (from "${sanitizeSpec(spec)}")`, error.hint) : error;
  }
}

function parseExpanded(text: string): BackendSpec {
  if (text.startsWith('openai:')) return parseOpenAiSpec(text);
  if (text.startsWith('llama:')) return parseLlamaSpec(text);
  if (text === 'scripted') return { kind: 'scripted', model: 'scripted' };
  if (text.startsWith('scripted:') && text.length > 'scripted:'.length) return { kind: 'scripted', model: text.slice('scripted:'.length) };
  throw invalid(text, 'unknown backend kind');
}

function parseOpenAiSpec(spec: string): OpenAiSpec {
  const hashAt = spec.indexOf('#');
  const main = hashAt === -1 ? spec : spec.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : spec.slice(hashAt + 1);
  // Greedy model part: model names may contain ':' (Ollama tags) and '/' (Hugging Face ids);
  // the URL is what follows the '@' that precedes http(s)://.
  const match = /^openai:(.+)@(https?:\/\/.+)$/.exec(main);
  if (match === null) throw invalid(sanitizeSpec(spec), 'an openai spec needs a model and an http(s) base URL joined by "@"');
  const model = match[1]!;
  let url: URL;
  try {
    url = new URL(match[2]!);
  } catch {
    throw invalid(sanitizeSpec(spec), `"${sanitizeSpec(match[2]!)}" is not a valid URL`);
  }
  const credential = urlCredential(url);
  if (credential !== undefined) throw new UrlCredentialError(sanitizeSpec(spec), credential);
  const result: OpenAiSpec = { kind: 'openai', model, ...splitBaseUrl(url), keyEnv: DEFAULT_API_KEY_ENV };
  for (const part of fragment === '' ? [] : fragment.split('&')) {
    const equals = part.indexOf('=');
    const name = equals === -1 ? part : part.slice(0, equals);
    const value = equals === -1 ? '' : part.slice(equals + 1);
    if (!OPENAI_OPTIONS.has(name)) {
      throw new ConfigError(
        `backend spec "${sanitizeSpec(spec)}" has an unknown option "${name}"`,
        'options after "#": key-env=<ENV_VAR> (never the key itself), timeout-ms=<milliseconds>, first-byte-ms=<milliseconds>, vision (the model takes images), joined by "&"',
      );
    }
    if (name === 'key-env') {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(value)) {
        throw new ConfigError(`backend spec "${sanitizeSpec(spec)}": key-env must name an environment variable`, 'e.g. #key-env=TOGETHER_API_KEY');
      }
      result.keyEnv = value;
    } else if (name === 'vision') {
      if (value !== '' && value !== 'true') throw new ConfigError(`backend spec "${sanitizeSpec(spec)}": vision takes no value`, 'write #vision');
      result.vision = true;
    } else {
      const milliseconds = Number(value);
      if (!Number.isInteger(milliseconds) || milliseconds <= 0) {
        throw new ConfigError(`backend spec "${sanitizeSpec(spec)}": ${name} must be a positive integer`, `e.g. #${name}=120000`);
      }
      if (name === 'timeout-ms') result.timeoutMs = milliseconds;
      else result.firstByteMs = milliseconds;
    }
  }
  return result;
}

/** The base URL without trailing slashes and its query string apart, so the request path goes before the query. */
function splitBaseUrl(url: URL): { baseUrl: string; query?: string } {
  const query = url.search;
  const bare = new URL(url.href);
  bare.search = '';
  bare.hash = '';
  const baseUrl = bare.href.replace(/\/+$/, '');
  return query === '' || query === '?' ? { baseUrl } : { baseUrl, query };
}

function parseLlamaSpec(spec: string): LlamaSpec {
  const hashAt = spec.indexOf('#');
  const rest = spec.slice('llama:'.length, hashAt === -1 ? undefined : hashAt);
  const options = hashAt === -1 ? {} : parseLlamaOptions(spec, spec.slice(hashAt + 1));
  if (rest.startsWith('hf:')) {
    const ref = rest.slice('hf:'.length);
    const colon = ref.lastIndexOf(':');
    const repo = colon === -1 ? ref : ref.slice(0, colon);
    const quant = colon === -1 ? '' : ref.slice(colon + 1);
    if (!/^[\w.-]+\/[\w.-]+$/.test(repo) || !/^[\w.-]+$/.test(quant)) {
      throw invalid(spec, 'a Hugging Face model needs llama:hf:<owner>/<repo>:<quant>');
    }
    return { kind: 'llama', source: { type: 'hf', repo, quant }, ...options };
  }
  if (!/\.gguf$/i.test(rest)) throw invalid(spec, 'a local model must be a .gguf file');
  return { kind: 'llama', source: { type: 'file', path: rest }, ...options };
}

const LLAMA_OPTIONS_HINT = 'options after "#": threads=<CPU threads>, context=<tokens per call, prompt and reply>, joined by "&" (e.g. llama:model.gguf#threads=1&context=4096)';

/** The options after `#` of a `llama:` spec: `threads=N&context=N` (`context-size` as in audit model specs). */
function parseLlamaOptions(spec: string, fragment: string): Pick<LlamaSpec, 'threads' | 'contextSize'> {
  const options: Pick<LlamaSpec, 'threads' | 'contextSize'> = {};
  for (const part of fragment.split('&')) {
    const equals = part.indexOf('=');
    const name = equals === -1 ? part : part.slice(0, equals);
    const value = equals === -1 ? '' : part.slice(equals + 1);
    if (name !== 'threads' && name !== 'context' && name !== 'context-size') {
      throw new ConfigError(`backend spec "${spec}" has an unknown option "${name}"`, LLAMA_OPTIONS_HINT);
    }
    const number = Number(value);
    if (!/^[0-9]+$/.test(value) || number < 1 || !Number.isSafeInteger(number)) {
      throw new ConfigError(`backend spec "${spec}": ${name} must be a positive whole number, got "${value}"`, LLAMA_OPTIONS_HINT);
    }
    if (name === 'threads') options.threads = number;
    else options.contextSize = number;
  }
  return options;
}

function invalid(spec: string, reason: string): ConfigError {
  return new ConfigError(`invalid backend spec "${spec}": ${reason}`, EXPECTED_FORMS);
}

/** The canonical text of a parsed spec, without secrets or per-machine options (used as the backend id). */
export function formatBackendSpec(spec: BackendSpec): string {
  switch (spec.kind) {
    case 'openai':
      return `openai:${spec.model}@${spec.baseUrl}${spec.query ?? ''}`;
    case 'llama':
      return spec.source.type === 'file' ? `llama:${spec.source.path}` : `llama:hf:${spec.source.repo}:${spec.source.quant}`;
    case 'scripted':
      return spec.model === 'scripted' ? 'scripted' : `scripted:${spec.model}`;
  }
}

const SECRET_NAME = /(key|token|secret|password|passwd|pwd|sig|signature|auth|credential)/i;

/**
 * A spec string safe to store with a run: URL credentials, secret-looking
 * query parameters and options, and anything shaped like an API key are
 * replaced by `***`. Works on unparseable strings too (best effort), since
 * it also cleans what goes into error messages. `key-env` names a variable,
 * not a secret, and is kept so the run can be rebuilt.
 */
export function sanitizeSpec(spec: string): string {
  return spec
    .replace(/(https?:\/\/)[^/@\s]*@/gi, '$1***@')
    .replace(/([?&#])([^=&#\s]+)=([^&#\s]*)/g, (whole, separator: string, name: string) =>
      name !== 'key-env' && SECRET_NAME.test(name) ? `${separator}${name}=***` : whole,
    )
    .replace(/\b(sk|pk|rk)-[A-Za-z0-9_-]{8,}/g, '***')
    .replace(/\bhf_[A-Za-z0-9]{8,}/g, '***')
    .replace(/\bBearer\s+\S+/gi, 'Bearer ***');
}
