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
   * Fixed agent roles (e.g. DeALOG's five agents): the run gets exactly
   * these agents, named after the roles. Absent: any number of neutral agents.
   */
  roles?: readonly string[];
}

const factories = new Map<string, ProtocolFactory>();

/** Adds a protocol to the registry (protocol modules call this once). */
export function registerProtocol(factory: ProtocolFactory): void {
  factories.set(factory.name, factory);
}

for (const preset of Object.values(DEBATE_PRESETS)) {
  registerProtocol({ name: preset.name, paperName: preset.paperName, description: preset.description, ...(preset.roles === undefined ? {} : { roles: preset.roles }), create: (options) => createDebateProtocol(preset.name, (options.overrides ?? {}) as DebateOverrides, options.escalate === undefined ? {} : { escalate: options.escalate }) });
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
