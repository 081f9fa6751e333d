import { sanitizeSpec } from '../backends/backend-spec.js';
import { ConfigError } from '../spec/errors.js';

/** What an audit model is used for. */
export type AuditRole = 'embedding' | 'nli';

/** The kinds of audit model spec (DESIGN §9). */
export type AuditModelKind = 'wordvec' | 'heuristic' | 'transformers' | 'http' | 'llama' | 'llm';

/**
 * A parsed audit model spec: `<kind>[:<target>][#name=value&…]`, e.g.
 * `wordvec`, `heuristic`, `transformers:Xenova/nli-deberta-v3-small`,
 * `transformers:./models/nli#dtype=q8`, `http:http://127.0.0.1:8080/v1#model=stella`,
 * `llama:./stella.gguf#threads=1`, `llm:openai:qwen2.5-7b@http://127.0.0.1:8000/v1#batch-size=8`
 * (any chat backend spec after `llm:`).
 */
export interface AuditModelSpec {
  kind: AuditModelKind;
  /** What follows `<kind>:` and precedes `#` (a model id, folder, URL, file or chat backend spec); empty for wordvec/heuristic. */
  target: string;
  /** Options after `#`, values URL-decoded. */
  options: SpecOptions;
  /** The spec as written, with anything secret-looking masked: the provider's id. */
  id: string;
}

const FORMS: Record<AuditRole, string> = {
  embedding:
    'embedding models: wordvec (offline default), transformers:<model id or folder>, llm:openai:<model>@<base-url> or http:<base-url>#model=<name> (OpenAI-compatible /embeddings), llama:<file.gguf>; see docs/audit-models.md',
  nli: 'NLI models: heuristic (offline fallback), transformers:<model id or folder>, http:<base-url> (TEI-style /predict), llm:<chat backend spec> (a chat model with a fixed prompt); see docs/audit-models.md',
};

const KINDS: Record<AuditRole, readonly AuditModelKind[]> = {
  embedding: ['wordvec', 'transformers', 'http', 'llama', 'llm'],
  nli: ['heuristic', 'transformers', 'http', 'llm'],
};

/** Parses a spec for a role; throws `ConfigError` naming the accepted forms. */
export function parseAuditModelSpec(spec: string, role: AuditRole): AuditModelSpec {
  const text = spec.trim();
  const id = sanitizeSpec(text);
  const hashAt = text.indexOf('#');
  const main = hashAt === -1 ? text : text.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : text.slice(hashAt + 1);
  // A bare URL is an http: spec ("http://host/v1" = "http:http://host/v1").
  const bareUrl = /^https?:\/\//i.test(main);
  const colon = main.indexOf(':');
  const kind = bareUrl ? 'http' : colon === -1 ? main : main.slice(0, colon);
  const target = bareUrl ? main : colon === -1 ? '' : main.slice(colon + 1);
  if (!KINDS[role].includes(kind as AuditModelKind)) {
    const otherRole = role === 'embedding' ? 'nli' : 'embedding';
    const reason = KINDS[otherRole].includes(kind as AuditModelKind) ? `"${kind}" is an ${otherRole === 'nli' ? 'NLI' : 'embedding'} model, not an ${role === 'nli' ? 'NLI' : 'embedding'} model` : 'unknown kind';
    throw new ConfigError(`invalid ${role === 'nli' ? 'NLI' : 'embedding'} model "${id}": ${reason}`, FORMS[role]);
  }
  const needsTarget = kind === 'transformers' || kind === 'http' || kind === 'llama' || kind === 'llm';
  if (needsTarget && target === '') throw new ConfigError(`invalid ${role} model "${id}": ${kind}: needs a target after the colon`, FORMS[role]);
  if (!needsTarget && target !== '') throw new ConfigError(`invalid ${role} model "${id}": ${kind} takes no target`, FORMS[role]);
  return { kind: kind as AuditModelKind, target, options: new SpecOptions(id, fragment), id };
}

/** The `#name=value&…` options of a spec, read and checked by each provider. */
export class SpecOptions {
  private readonly values = new Map<string, string>();

  constructor(
    private readonly spec: string,
    fragment: string,
  ) {
    for (const part of fragment === '' ? [] : fragment.split('&')) {
      const equals = part.indexOf('=');
      const name = equals === -1 ? part : part.slice(0, equals);
      const raw = equals === -1 ? '' : part.slice(equals + 1);
      let value: string;
      try {
        value = decodeURIComponent(raw);
      } catch {
        throw new ConfigError(`model "${spec}": option ${name} is not valid URL encoding`, 'encode special characters in option values with %XX');
      }
      this.values.set(name, value);
    }
  }

  /** Throws when the spec has an option not in `allowed`. */
  allowOnly(allowed: readonly string[]): this {
    for (const name of this.values.keys()) {
      if (!allowed.includes(name)) {
        throw new ConfigError(
          `model "${this.spec}" has an unknown option "${name}"`,
          allowed.length === 0 ? 'this kind of model takes no options' : `options after "#": ${allowed.join(', ')} (name=value joined by "&")`,
        );
      }
    }
    return this;
  }

  string(name: string): string | undefined {
    return this.values.get(name);
  }

  positiveInteger(name: string): number | undefined {
    const raw = this.values.get(name);
    if (raw === undefined) return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0) throw new ConfigError(`model "${this.spec}": ${name} must be a positive whole number, got "${raw}"`);
    return value;
  }

  oneOf<T extends string>(name: string, choices: readonly T[]): T | undefined {
    const raw = this.values.get(name);
    if (raw === undefined) return undefined;
    if (!choices.includes(raw as T)) throw new ConfigError(`model "${this.spec}": ${name} must be one of ${choices.join(', ')}, got "${raw}"`);
    return raw as T;
  }

  /** An environment variable name (never a secret itself). */
  envName(name: string): string | undefined {
    const raw = this.values.get(name);
    if (raw === undefined) return undefined;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(raw)) throw new ConfigError(`model "${this.spec}": ${name} must name an environment variable`, `e.g. #${name}=TEI_API_KEY`);
    return raw;
  }
}
