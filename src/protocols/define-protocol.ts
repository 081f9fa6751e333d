import type { z } from 'zod';
import { ConfigError } from '../spec/errors.js';
import type { Protocol, ProtocolContext } from '../spec/protocol.js';
import type { ProtocolFactory } from './registry.js';

/** What a researcher writes to add a protocol (see docs/library.md). */
export interface ProtocolDefinition<Params extends Record<string, unknown>> {
  /** Name used by `--protocol`, run files and studies, and stored in units. */
  name: string;
  /** One line for `quorum protocols` and error messages. */
  description: string;
  /** Name in the paper the protocol comes from (defaults to `name`). */
  paperName?: string;
  /**
   * The protocol's parameters: a zod object schema with defaults. Overrides
   * from the command line or a run file and the parameters a queue worker
   * reads back from the store are both checked with it, so both resolve alike.
   */
  params?: z.ZodType<Params>;
  /** Whether the protocol calls a judge (then every run has one). */
  needsJudge?: boolean;
  /** Fixed agent roles: runs get exactly these agents, named after them. */
  roles?: readonly string[];
  /**
   * Runs one unit: call agents with `context.call` (which records each call
   * as a turn event), and end with exactly one `final` event.
   */
  run(context: ProtocolContext, params: Params): Promise<void>;
}

/** A protocol definition as the registry holds it; the default export of a protocol plugin. */
export interface DefinedProtocol extends ProtocolFactory {
  readonly kind: 'protocol';
}

const NAME = /^[a-z][a-z0-9-]*$/;

/**
 * Turns a protocol definition into a registry entry: `create` resolves
 * overrides against the parameter schema, `fromParams` rebuilds from the
 * resolved parameters a run stored (the same schema, so the same result).
 * Register it with `registerProtocol`, or export it from a plugin file.
 */
export function defineProtocol<Params extends Record<string, unknown> = Record<string, never>>(definition: ProtocolDefinition<Params>): DefinedProtocol {
  if (!NAME.test(definition.name)) throw new ConfigError(`protocol name "${definition.name}" is not usable on the command line`, 'use lower-case letters, digits and dashes, starting with a letter');
  const resolve = (values: Readonly<Record<string, unknown>>): Params => {
    const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
    if (definition.params === undefined) {
      const keys = Object.keys(given);
      if (keys.length > 0) throw new ConfigError(`protocol "${definition.name}" takes no parameters (got ${keys.join(', ')})`, 'declare them with params: z.object({...}) in defineProtocol');
      return {} as Params;
    }
    const checked = definition.params.safeParse(given);
    if (!checked.success) throw new ConfigError(`protocol "${definition.name}": invalid parameters: ${checked.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}`, 'check the parameters against the protocol\'s params schema');
    return checked.data;
  };
  const build = (values: Readonly<Record<string, unknown>>): Protocol => {
    const params = resolve(values);
    return { name: definition.name, params, needsJudge: definition.needsJudge ?? false, run: (context) => definition.run(context, params) };
  };
  return {
    kind: 'protocol',
    name: definition.name,
    paperName: definition.paperName ?? definition.name,
    description: definition.description,
    ...(definition.roles === undefined ? {} : { roles: definition.roles }),
    create: (options) => build(options.overrides ?? {}),
    fromParams: build,
  };
}
