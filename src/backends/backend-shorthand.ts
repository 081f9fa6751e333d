import { ConfigError } from '../spec/errors.js';

/** Base URL of a local Ollama server's OpenAI-compatible API. */
export const OLLAMA_DEFAULT_URL = 'http://127.0.0.1:11434/v1';
/** Base URL of a local vLLM server (`vllm serve`). */
export const VLLM_DEFAULT_URL = 'http://127.0.0.1:8000/v1';
/** Base URL of `openai:<model>` when `OPENAI_BASE_URL` is not set (the OpenAI SDKs' default). */
export const OPENAI_DEFAULT_URL = 'https://api.openai.com/v1';

/** Servers with a shorthand: `<kind>:<model>[@<base-url>]` means `openai:<model>@<base-url or default>`. */
const LOCAL_SERVERS: Readonly<Record<string, string>> = { ollama: OLLAMA_DEFAULT_URL, vllm: VLLM_DEFAULT_URL };

/**
 * Expands the shorthands of OpenAI-compatible servers into a full
 * `openai:<model>@<base-url>` spec (options after `#` are kept):
 *
 * - `ollama:<model>[@<url>]`, default URL `http://127.0.0.1:11434/v1`;
 * - `vllm:<model>[@<url>]`, default URL `http://127.0.0.1:8000/v1`;
 * - `openai:<model>` without a URL: `OPENAI_BASE_URL`, else api.openai.com;
 * - `openai` alone: `OPENAI_MODEL` at `OPENAI_BASE_URL` (or api.openai.com).
 *
 * Any other spec is returned as given. Runs store the expanded spec, so a
 * run says which server answered even when the environment changes.
 */
export function expandBackendShorthand(spec: string, env: NodeJS.ProcessEnv = process.env): string {
  const text = spec.trim();
  const hashAt = text.indexOf('#');
  const main = hashAt === -1 ? text : text.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : text.slice(hashAt);
  const colon = main.indexOf(':');
  const kind = colon === -1 ? main : main.slice(0, colon);
  const rest = colon === -1 ? '' : main.slice(colon + 1);
  if (kind in LOCAL_SERVERS) {
    if (rest === '' || rest.startsWith('@')) throw new ConfigError(`backend spec "${spec}" names no model`, `write ${kind}:<model>[@<base-url>], e.g. ${kind}:qwen2.5`);
    // with an "@" the rest is a model and a URL, checked by the openai parser like any other
    return rest.includes('@') ? `openai:${rest}${fragment}` : `openai:${rest}@${LOCAL_SERVERS[kind]}${fragment}`;
  }
  if (kind !== 'openai' || rest.includes('@')) return text;
  const baseUrl = nonEmpty(env.OPENAI_BASE_URL) ?? OPENAI_DEFAULT_URL;
  if (rest !== '') return `openai:${rest}@${baseUrl}${fragment}`;
  const model = nonEmpty(env.OPENAI_MODEL);
  if (model === undefined) {
    throw new ConfigError('backend "openai" names no model and OPENAI_MODEL is not set', 'write openai:<model>[@<base-url>], or set OPENAI_MODEL (and OPENAI_BASE_URL for a server other than api.openai.com)');
  }
  return `openai:${model}@${baseUrl}${fragment}`;
}

/**
 * The backend the environment asks for when no `--backend` is given:
 * `openai` (expanded as above) when `OPENAI_MODEL` or `OPENAI_BASE_URL` is
 * set, else undefined (the caller's default applies).
 */
export function backendFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (nonEmpty(env.OPENAI_MODEL) === undefined && nonEmpty(env.OPENAI_BASE_URL) === undefined) return undefined;
  return expandBackendShorthand('openai', env);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
