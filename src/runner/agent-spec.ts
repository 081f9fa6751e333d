import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseBackendSpec, sanitizeSpec } from '../backends/backend-spec.js';
import type { Decoding } from '../spec/chat.js';
import { ConfigError, QuorumError } from '../spec/errors.js';
import type { AgentRequest } from './start-run.js';

/**
 * The grammar of `--agent` and `--judge` values (docs/agents.md, "The
 * `--agent` grammar"):
 *
 * ```
 * agent   = [ name "=" ] backend *( "," option )
 * name    = text without "=", "," or ":"            (trimmed, not empty)
 * backend = a backend spec (docs/backends.md)        (never contains "," + letters + "=")
 * option  = "temperature=" number | "top_p=" number | "max_tokens=" integer | "persona=" persona
 * persona = "@" file | "@@" text | text              (always last: it runs to the end)
 * ```
 *
 * Backend specs contain ":", "@", "/", "#", "&" and "=", so the string is
 * never split on those: a name is the text before the first "=" only when
 * that text has no ":" and no "," (every backend kind is written with ":"
 * or is `scripted`, so `openai:m@http://h/v1#key-env=K` has no name), and an
 * option starts only at a "," directly followed by `<letters>=`. The
 * persona runs to the end of the string so that it may hold commas and
 * "=" signs; an option written after it is an error rather than text.
 */
export const AGENT_SPEC_GRAMMAR = '[<name>=]<backend-spec>[,temperature=T][,top_p=P][,max_tokens=N][,persona=<text> | ,persona=@<file>]';

const OPTION_START = /,\s*([A-Za-z_][A-Za-z0-9_-]*)\s*=/;
const OPTION_NAMES = ['temperature', 'top_p', 'max_tokens', 'persona'] as const;
type OptionName = (typeof OPTION_NAMES)[number];

/** Where `--agent` text came from, for messages and for resolving `persona=@file`. */
export interface AgentSpecContext {
  /** Flag or field named in errors, e.g. `--agent` or `--judge`. */
  source: string;
  /** Directory `persona=@file` paths are relative to (default: the working directory). */
  baseDir?: string;
  /** False for the judge: the debate judge's prompt has no persona, so one would be recorded but never used. */
  allowPersona?: boolean;
}

/**
 * Parses one `--agent` (or `--judge`) value into an agent request. The
 * backend spec is checked here so that a typo is reported with the flag
 * that holds it, before anything is loaded.
 */
export function parseAgentSpec(text: string, context: AgentSpecContext = { source: '--agent' }): AgentRequest {
  const fail = (reason: string): ConfigError => new ConfigError(`${context.source} "${sanitizeSpec(text)}": ${reason}`, `write ${context.source} ${AGENT_SPEC_GRAMMAR} (docs/agents.md)`);
  const { name, rest } = splitName(text);
  if (name === '') throw fail('the agent name before "=" is empty');
  const start = OPTION_START.exec(rest);
  const backend = (start === null ? rest : rest.slice(0, start.index)).trim();
  if (backend === '') throw fail('no backend spec');
  try {
    parseBackendSpec(backend);
  } catch (error) {
    throw error instanceof QuorumError ? new ConfigError(`${context.source} "${sanitizeSpec(text)}": ${error.message}`, error.hint) : error;
  }
  const options = start === null ? new Map<OptionName, string>() : parseOptions(rest.slice(start.index + 1), fail);
  const decoding: Decoding = {};
  for (const [option, value] of options) {
    if (option === 'temperature') decoding.temperature = numberOption(value, option, 0, 2, false, fail);
    if (option === 'top_p') decoding.topP = numberOption(value, option, 0, 1, false, fail, true);
    if (option === 'max_tokens') decoding.maxTokens = numberOption(value, option, 1, Number.MAX_SAFE_INTEGER, true, fail);
  }
  const personaText = options.get('persona');
  if (personaText !== undefined && context.allowPersona === false) throw fail(`${context.source} takes no persona (the judge's prompt is fixed; see docs/agents.md)`);
  const persona = personaText === undefined ? undefined : readPersona(personaText, context, fail);
  return {
    ...(name === undefined ? {} : { name }),
    backend,
    ...(persona === undefined ? {} : { persona }),
    ...(Object.keys(decoding).length === 0 ? {} : { decoding }),
  };
}

function splitName(text: string): { name?: string; rest: string } {
  const equals = text.indexOf('=');
  if (equals === -1) return { rest: text };
  const head = text.slice(0, equals);
  // A "=" after ":" or "," belongs to the backend spec (#key-env=…) or to an option.
  if (head.includes(':') || head.includes(',')) return { rest: text };
  return { name: head.trim(), rest: text.slice(equals + 1) };
}

function parseOptions(text: string, fail: (reason: string) => ConfigError): Map<OptionName, string> {
  const options = new Map<OptionName, string>();
  let rest = text;
  while (rest !== '') {
    const head = /^\s*([A-Za-z_][A-Za-z0-9_-]*)\s*=/.exec(rest)!;
    const option = head[1]!.toLowerCase().replace(/-/g, '_');
    if (!(OPTION_NAMES as readonly string[]).includes(option)) throw fail(`unknown option "${head[1]}" (options: ${OPTION_NAMES.join(', ')})`);
    if (options.has(option as OptionName)) throw fail(`option "${option}" is given twice`);
    rest = rest.slice(head[0].length);
    if (option === 'persona') {
      // The persona is free text to the end; a known option after it is almost surely misplaced.
      const misplaced = new RegExp(`,\\s*(${OPTION_NAMES.join('|')}|top-p|max-tokens)\\s*=`, 'i').exec(rest);
      if (misplaced !== null) throw fail(`"persona" must be the last option, but "${misplaced[1]}=" follows it (or put the text in a file: persona=@file)`);
      options.set('persona', rest);
      break;
    }
    const next = OPTION_START.exec(rest);
    options.set(option as OptionName, (next === null ? rest : rest.slice(0, next.index)).trim());
    rest = next === null ? '' : rest.slice(next.index + 1);
  }
  return options;
}

function numberOption(value: string, option: string, min: number, max: number, integer: boolean, fail: (reason: string) => ConfigError, exclusiveMin = false): number {
  const number = Number(value);
  const ok = value !== '' && Number.isFinite(number) && (exclusiveMin ? number > min : number >= min) && number <= max && (!integer || Number.isInteger(number));
  if (!ok) throw fail(`${option} must be ${integer ? 'a whole number' : 'a number'} ${exclusiveMin ? `above ${min}` : `from ${min}`}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`}, got "${value}"`);
  return number;
}

/** `@file` reads the file (relative to `baseDir`), `@@…` is a literal "@…", anything else is the text. */
function readPersona(value: string, context: AgentSpecContext, fail: (reason: string) => ConfigError): string {
  if (value.startsWith('@@')) return value.slice(1);
  if (!value.startsWith('@')) {
    if (value.trim() === '') throw fail('the persona is empty');
    return value;
  }
  return readPersonaFile(value.slice(1), context.baseDir, (reason) => fail(reason));
}

/**
 * Reads a persona file (UTF-8, trailing whitespace trimmed). Shared by
 * `persona=@file` and the run file's `persona_file`.
 */
export function readPersonaFile(path: string, baseDir: string | undefined, fail: (reason: string) => Error): string {
  const file = resolve(baseDir ?? '.', path);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw fail(`cannot read persona file ${path} (${code === 'ENOENT' ? 'no such file' : (code ?? String(error))})`);
  }
  const persona = text.trimEnd();
  if (persona.trim() === '') throw fail(`persona file ${path} is empty`);
  return persona;
}

/** What the agents of a run are built from (CLI flags, a run file, or both). */
export interface AgentListRequest {
  /** Agents configured one by one (`--agent`, or the run file's list), in order. */
  agents: readonly AgentRequest[];
  /** Total number of agents; the ones beyond `agents` use `backend`. Default: `agents.length`, or 3 when that is 0. */
  count?: number;
  /** Backend of agents configured without one. */
  backend: string;
  /** Decoding defaults under every agent's own settings. */
  decoding?: Decoding;
}

/**
 * The agent list of a run: the configured agents in order, then agents on
 * the default backend up to `count`. Unnamed agents get neutral names from
 * their position when the run starts (Agent A, B, …). Each agent's own
 * decoding settings win over the defaults.
 */
export function resolveAgentList(request: AgentListRequest): AgentRequest[] {
  const count = request.count ?? (request.agents.length === 0 ? 3 : request.agents.length);
  if (!Number.isInteger(count) || count < 1) throw new ConfigError(`the number of agents must be a whole number ≥ 1, got ${count}`);
  if (count < request.agents.length) {
    throw new ConfigError(`${request.agents.length} agents are configured one by one but the run has only ${count}`, 'drop --agents (the configured agents set the count) or raise it');
  }
  const defaults = request.decoding ?? {};
  return Array.from({ length: count }, (_, index) => {
    const agent = request.agents[index] ?? { backend: request.backend };
    const decoding = { ...defaults, ...agent.decoding };
    return { ...agent, ...(Object.keys(decoding).length === 0 ? {} : { decoding }) };
  });
}
