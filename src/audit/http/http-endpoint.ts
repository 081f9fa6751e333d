import { ConfigError } from '../../spec/errors.js';
import type { AuditModelSpec } from '../audit-model-spec.js';
import type { AuditProviderOptions } from '../audit-provider-options.js';
import { abortableSleep } from '../../util/abortable-sleep.js';
import { fetchTransport, sharedNodeHttpTransport } from '../../util/http/json-transport.js';
import { DEFAULT_RETRY_POLICY } from '../../util/http/retry-policy.js';
import type { PostJsonSettings } from './post-json.js';

/** Default per-request timeout of audit model servers. */
export const DEFAULT_HTTP_TIMEOUT_MS = 120_000;
/** Requests in all per batch, the first included (chat calls get the policy's default 5). */
const ATTEMPTS = 4;

/** Options every `http:` audit spec accepts. */
export const HTTP_OPTIONS = ['key-env', 'timeout-ms', 'batch-size', 'path'] as const;

/**
 * The POST settings of an `http:` spec: `<base-url>` + `#path=` (or the
 * default path), an `Authorization: Bearer` header when `#key-env=VAR` names
 * a set variable, timeouts and retries.
 */
export function httpEndpoint(spec: AuditModelSpec, defaultPath: string, options: AuditProviderOptions): PostJsonSettings {
  let url: URL;
  try {
    url = new URL(spec.target);
  } catch {
    throw new ConfigError(`model "${spec.id}": "${spec.target}" is not a valid URL`, 'e.g. http:http://127.0.0.1:8080/v1');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`model "${spec.id}": the URL must start with http:// or https://`);
  if (url.username !== '' || url.password !== '') {
    throw new ConfigError(`model "${spec.id}" has credentials in its URL`, 'put the key in an environment variable and name it with #key-env=VAR; specs are stored with runs');
  }
  const path = spec.options.string('path') ?? defaultPath;
  const env = options.env ?? process.env;
  const keyEnv = spec.options.envName('key-env');
  const key = keyEnv === undefined ? undefined : env[keyEnv];
  if (keyEnv !== undefined && (key === undefined || key === '')) {
    throw new ConfigError(`model "${spec.id}": the environment variable ${keyEnv} (from #key-env) is not set`, `export ${keyEnv}=<your key>, or drop #key-env for a server without keys`);
  }
  return {
    id: spec.id,
    url: `${url.href.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`,
    headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
    timeoutMs: spec.options.positiveInteger('timeout-ms') ?? options.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS,
    ...clientOf(options),
  };
}

/**
 * The POST settings of an OpenAI-compatible endpoint named by a chat
 * backend spec (`llm:openai:<model>@<base-url>`): `<base-url>/<path>`, the
 * key from the backend's variable when it is set (as the chat backend sends
 * it: local servers need none), the backend's timeout or the audit default.
 */
export function backendEndpoint(
  id: string,
  backend: { baseUrl: string; keyEnv: string; timeoutMs?: number },
  path: string,
  options: AuditProviderOptions,
): PostJsonSettings {
  const key = (options.env ?? process.env)[backend.keyEnv];
  return {
    id,
    url: `${backend.baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`,
    headers: key === undefined || key === '' ? {} : { authorization: `Bearer ${key}` },
    timeoutMs: backend.timeoutMs ?? options.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS,
    ...clientOf(options),
  };
}

/** The HTTP client and retry policy every audit model server is called with. */
function clientOf(options: AuditProviderOptions): Pick<PostJsonSettings, 'retry' | 'transport' | 'sleep'> {
  return {
    retry: { ...DEFAULT_RETRY_POLICY, maxAttempts: ATTEMPTS, ...(options.random === undefined ? {} : { random: options.random }) },
    transport: options.fetch === undefined ? sharedNodeHttpTransport() : fetchTransport(options.fetch),
    sleep: options.sleep ?? abortableSleep,
  };
}
