import type { Protocol, Agent } from '../spec/protocol.js';
import { ConfigError } from '../spec/errors.js';
import type { AgentConfig } from '../spec/run-config.js';
import { sanitizeSpec } from '../backends/backend-spec.js';
import { expandBackendShorthand } from '../backends/backend-shorthand.js';
import { DEFAULT_AGENT_DECODING } from '../backends/defaults.js';
import type { ProtocolFactory } from '../protocols/registry.js';
import { neutralAgentName } from './agent-names.js';
import type { BackendPool } from './backend-pool.js';
import type { AgentRequest } from './start-run.js';

/** The agents and judge of a run: what is stored (`configs`) and what is called (`requests`, secrets and all). */
export interface RunAgents {
  requests: AgentRequest[];
  configs: AgentConfig[];
  judgeRequest?: AgentRequest;
  judgeConfig?: AgentConfig;
}

/**
 * Resolves the requested agents and judge of a run: shorthands expanded
 * (the run names the server that answered), names given (roles, then
 * neutral names), decoding defaults filled in, secrets removed from the
 * stored specs. A protocol that needs a judge and gets none is judged by
 * the first agent's backend.
 */
export function resolveRunAgents(factory: ProtocolFactory, protocol: Protocol, agents: readonly AgentRequest[], judge?: AgentRequest): RunAgents {
  if (factory.roles !== undefined && agents.length !== factory.roles.length && !agents.every((agent) => agent.name !== undefined)) {
    throw new ConfigError(`protocol "${factory.name}" has ${factory.roles.length} agents (${factory.roles.join(', ')}), not ${agents.length}`, `omit --agents for ${factory.name}`);
  }
  const requests = agents.map((agent) => ({ ...agent, backend: expandBackendShorthand(agent.backend) }));
  const configs: AgentConfig[] = requests.map((agent, index) => ({
    name: agent.name ?? factory.roles?.[index] ?? neutralAgentName(index),
    backend: sanitizeSpec(agent.backend),
    ...(agent.persona === undefined ? {} : { persona: agent.persona }),
    decoding: { ...DEFAULT_AGENT_DECODING, ...agent.decoding },
  }));
  const names = new Set(configs.map((agent) => agent.name));
  if (names.size !== configs.length) throw new ConfigError('agent names must be unique');
  const judgeRequest = judge === undefined ? (protocol.needsJudge ? { backend: requests[0]!.backend } : undefined) : { ...judge, backend: expandBackendShorthand(judge.backend) };
  if (judgeRequest === undefined) return { requests, configs };
  const judgeConfig: AgentConfig = {
    name: judgeRequest.name ?? 'Judge',
    backend: sanitizeSpec(judgeRequest.backend),
    ...(judgeRequest.persona === undefined ? {} : { persona: judgeRequest.persona }),
    decoding: { temperature: 0, maxTokens: 512, ...judgeRequest.decoding },
  };
  if (names.has(judgeConfig.name)) throw new ConfigError(`the judge's name "${judgeConfig.name}" is also an agent's name`);
  return { requests, configs, judgeRequest, judgeConfig };
}

/** Binds resolved agents (and judge) to backends from the pool. */
export async function bindRunAgents(pool: BackendPool, resolved: RunAgents): Promise<{ agents: Agent[]; judge?: Agent }> {
  const agents: Agent[] = await Promise.all(
    resolved.requests.map(async (request, index) => {
      const config = resolved.configs[index]!;
      return { name: config.name, backend: await pool.get(request.backend), ...(config.persona === undefined ? {} : { persona: config.persona }), decoding: config.decoding };
    }),
  );
  const { judgeConfig, judgeRequest } = resolved;
  if (judgeConfig === undefined || judgeRequest === undefined) return { agents };
  const judge: Agent = { name: judgeConfig.name, backend: await pool.get(judgeRequest.backend), decoding: judgeConfig.decoding, ...(judgeConfig.persona === undefined ? {} : { persona: judgeConfig.persona }) };
  return { agents, judge };
}
