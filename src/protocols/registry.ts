import type { DebateOverrides } from '../spec/debate-params.js';
import { ConfigError } from '../spec/errors.js';
import type { Protocol } from '../spec/protocol.js';
import { createDebateProtocol } from './debate/create-debate-protocol.js';
import { DEBATE_PRESETS } from './debate/presets.js';
import { cotProtocolFactory } from './baselines/cot-factory.js';
import { planLogProtocolFactory, plannerProtocolFactory } from './baselines/planner-factories.js';
import { scMatchedProtocolFactory, selfConsistencyProtocolFactory } from './baselines/self-consistency-factories.js';
import { dealogProtocolFactory } from './shared-log/dealog-factory.js';
import { ensembleRefinementProtocolFactory } from './baselines/ensemble-refinement-factory.js';
import { reactTableProtocolFactory } from './baselines/react-table-factory.js';
import { rewooProtocolFactory } from './baselines/rewoo-factory.js';

/** What a protocol is created from. */
export interface ProtocolOptions {
  /** Parameter overrides: a debate preset's engine parameters, or a baseline's own (each protocol checks them). */
  overrides?: DebateOverrides | Readonly<Record<string, unknown>>;
  /** Adaptive debate: preset to escalate to. */
  escalate?: string;
}

/** A named protocol that can be created from options. */
export interface ProtocolFactory {
  name: string;
  /** Name in the papers the protocol comes from (`quorum protocols` prints it). */
  paperName: string;
  description: string;
  create(options: ProtocolOptions): Protocol;
  /**
   * Rebuilds the protocol from the resolved parameters a run recorded
   * (`protocol.params`), so a queue worker runs exactly what the run that
   * enqueued it resolved. `fromParams(p.params).params` must equal `p.params`.
   */
  fromParams(params: Readonly<Record<string, unknown>>): Protocol;
  /**
   * Fixed agent roles (e.g. DeALOG's five agents): the run gets exactly
   * these agents, named after the roles. Absent: any number of neutral agents.
   */
  roles?: readonly string[];
}

const factories = new Map<string, ProtocolFactory>();

/**
 * Adds a protocol to the registry (protocol modules and plugins call this
 * once). A second protocol of a built-in's name is a `ConfigError`; the same
 * factory registered again (a plugin imported twice) is accepted.
 */
export function registerProtocol(factory: ProtocolFactory): void {
  const known = factories.get(factory.name);
  if (known !== undefined && known !== factory) throw new ConfigError(`a protocol named "${factory.name}" is already registered`, 'give the protocol another name');
  factories.set(factory.name, factory);
}

for (const preset of Object.values(DEBATE_PRESETS)) {
  registerProtocol({ name: preset.name, paperName: preset.paperName, description: preset.description, ...(preset.roles === undefined ? {} : { roles: preset.roles }), create: (options) => createDebateProtocol(preset.name, (options.overrides ?? {}) as DebateOverrides, options.escalate === undefined ? {} : { escalate: options.escalate }), fromParams: (params) => createDebateProtocol(preset.name, params as DebateOverrides) });
}

registerProtocol(dealogProtocolFactory);
registerProtocol(cotProtocolFactory);
registerProtocol(plannerProtocolFactory);
registerProtocol(planLogProtocolFactory);
registerProtocol(selfConsistencyProtocolFactory);
registerProtocol(scMatchedProtocolFactory);
registerProtocol(ensembleRefinementProtocolFactory);
registerProtocol(rewooProtocolFactory);
registerProtocol(reactTableProtocolFactory);

/** The registered protocol of this name, or undefined. */
export function findProtocolFactory(name: string): ProtocolFactory | undefined {
  return factories.get(name);
}

/** The registered protocol of this name. */
export function getProtocolFactory(name: string): ProtocolFactory {
  const factory = factories.get(name);
  if (factory === undefined) throw new ConfigError(`unknown protocol "${name}"`, `known protocols: ${protocolNames().join(', ')}`);
  return factory;
}

/** Every registered protocol, in registration order (debate presets first). */
export function listProtocols(): ProtocolFactory[] {
  return [...factories.values()];
}

/** Names of every registered protocol. */
export function protocolNames(): string[] {
  return [...factories.keys()];
}
