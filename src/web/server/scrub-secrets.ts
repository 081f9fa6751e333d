import { escapeRegExp } from '../../util/escape-reg-exp.js';

/**
 * Last line of defence against secrets in API responses (DESIGN §10).
 * Backend specs are stored without keys, but a key may still reach a trace
 * (a model echoing its prompt, a persona pasted with a key in it, a URL
 * with credentials), so every response is scrubbed on the way out.
 */

/** What replaces a secret. */
export const REDACTED = '[redacted]';

/** Environment variable names whose values are secrets. */
const SECRET_ENV_NAME = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|AUTH|PRIVATE|COOKIE|SESSION/i;

/** Names of variables that hold connection URLs, whose password part is secret. */
const URL_ENV_NAME = /URL|URI|DSN|CONNECTION/i;

/** Shorter values would redact ordinary words ("true", "1"). */
const MIN_SECRET_LENGTH = 8;

/** Shapes of well-known credentials, whatever variable they came from. */
const KEY_PATTERNS: readonly RegExp[] = [
  /\bsk-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_-]{16,}/g, // OpenAI, Anthropic, Stripe-style keys
  /\bhf_[A-Za-z0-9]{20,}/g, // Hugging Face
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g, // GitHub
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g, // Slack
  /\bAKIA[0-9A-Z]{16}\b/g, // AWS access key id
  /\bAIza[0-9A-Za-z_-]{35}/g, // Google API key
  /\bglpat-[A-Za-z0-9_-]{20,}/g, // GitLab
  /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g, // JWT
];

/** `Bearer <token>`, `api_key=<value>`, `password: <value>` and URL user:password. */
const CONTEXT_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{12,}/gi, `$1 ${REDACTED}`],
  [/\b((?:api[_-]?key|apikey|access[_-]?token|auth[_-]?token|client[_-]?secret|secret[_-]?key|password|passwd)["']?\s*[:=]\s*["']?)[^\s"'&,;}]{6,}/gi, `$1${REDACTED}`],
  [/([?&](?:key|token|api[_-]?key|access[_-]?token|sig|signature|password)=)[^&#\s"']+/gi, `$1${REDACTED}`],
  [/(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/:@"']+:[^\s/@"']+@/gi, `$1${REDACTED}@`],
];

/**
 * Cheap first look: text without any of these fragments cannot match a
 * pattern above, so most strings (ids, answers, numbers as text) skip the
 * full set of expressions. Keep it in step with the patterns.
 */
const MAYBE_CREDENTIAL = /sk-|hf_|gh[pousr]_|github_pat_|xox[abprs]-|AKIA|AIza|glpat-|eyJ|bearer|basic|token|key|secret|passw|sig|:\/\//i;

/** No pattern above matches fewer characters; environment secrets are at least as long. */
const SHORTEST_MATCH = 8;

/** Object keys whose string values are always secrets. */
const SECRET_KEY_NAME = /^(?:api[_-]?key|apikey|authorization|password|passwd|secret|client[_-]?secret|access[_-]?token|refresh[_-]?token|token|cookie)$/i;

/** Replaces secrets in strings and nested JSON values. */
export interface SecretScrubber {
  text(value: string): string;
  /** A deep copy of a JSON value with every string (keys too) scrubbed. */
  json<T>(value: T): T;
}

/**
 * A scrubber for the secrets of `env` (values of variables named like
 * keys, tokens and passwords, and the passwords of connection URLs) and
 * for credential-shaped text of any origin.
 */
export function secretScrubber(env: NodeJS.ProcessEnv = process.env): SecretScrubber {
  const values = secretValues(env);
  // Longest first, so a value containing another is replaced whole.
  const exact = values.length === 0 ? undefined : new RegExp(values.sort((a, b) => b.length - a.length).map(escapeRegExp).join('|'), 'g');
  const shortest = Math.min(SHORTEST_MATCH, ...values.map((secret) => secret.length));
  const text = (value: string): string => {
    if (value.length < shortest) return value;
    let result = exact === undefined ? value : value.replace(exact, REDACTED);
    if (!MAYBE_CREDENTIAL.test(result)) return result;
    for (const pattern of KEY_PATTERNS) result = result.replace(pattern, REDACTED);
    for (const [pattern, replacement] of CONTEXT_PATTERNS) result = result.replace(pattern, replacement);
    return result;
  };
  const json = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string') return key !== undefined && SECRET_KEY_NAME.test(key) && value !== '' ? REDACTED : text(value);
    if (Array.isArray(value)) return value.map((item) => json(item));
    if (value !== null && typeof value === 'object') {
      const copy: Record<string, unknown> = {};
      for (const [name, item] of Object.entries(value)) copy[text(name)] = json(item, name);
      return copy;
    }
    return value;
  };
  return { text, json: <T>(value: T) => json(value) as T };
}

/** The secret values of an environment: whole values of secret-named variables, passwords of URL variables. */
function secretValues(env: NodeJS.ProcessEnv): string[] {
  const values = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (SECRET_ENV_NAME.test(name) && value.trim().length >= MIN_SECRET_LENGTH) values.add(value.trim());
    if (URL_ENV_NAME.test(name)) {
      const password = urlPassword(value);
      if (password !== undefined && password.length >= 4) values.add(password);
    }
  }
  return [...values];
}

function urlPassword(value: string): string | undefined {
  try {
    const password = new URL(value).password;
    return password === '' ? undefined : decodeURIComponent(password);
  } catch {
    return undefined;
  }
}
