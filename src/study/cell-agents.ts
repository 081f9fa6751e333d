import { getProtocolFactory } from '../protocols/registry.js';
import type { AgentRequest } from '../runner/start-run.js';
import type { StudySetupConfig } from './study-config.js';

/**
 * The agents a cell runs with. Protocols with fixed roles (DeALOG's five
 * agents) get one agent per role, each on the setup's first agent's backend
 * and decoding, named by the runner after its role; every other protocol
 * gets the setup's agents as they are. So one study can compare a
 * fixed-role system with free-form debates on the same backend.
 */
export function cellAgents(preset: string, setup: StudySetupConfig): AgentRequest[] {
  const roles = getProtocolFactory(preset).roles;
  if (roles === undefined || roles.length === setup.agents.length) return setup.agents;
  const { backend, decoding } = setup.agents[0]!;
  return roles.map(() => ({ backend, ...(decoding === undefined ? {} : { decoding }) }));
}
