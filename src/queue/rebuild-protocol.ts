import { createDebateProtocol } from '../protocols/debate/create-debate-protocol.js';
import { DEBATE_PRESETS } from '../protocols/debate/presets.js';
import { SelfConsistencyProtocol, selfConsistencyParamsSchema } from '../protocols/baselines/self-consistency-protocol.js';
import { DealogProtocol } from '../protocols/shared-log/dealog-protocol.js';
import { EnsembleRefinementProtocol } from '../protocols/baselines/ensemble-refinement-protocol.js';
import { ReactTableProtocol } from '../protocols/baselines/react-table-protocol.js';
import { RewooProtocol } from '../protocols/baselines/rewoo-protocol.js';
import { ConfigError } from '../spec/errors.js';
import type { Protocol } from '../spec/protocol.js';
import type { RunConfig } from '../spec/run-config.js';
import { hashValue } from '../util/hash.js';

/**
 * The protocol of a stored run, rebuilt from its recorded name and resolved
 * parameters (not from the user's overrides, which are not stored): a
 * debate preset with every parameter given as an override, or DeALOG with
 * its parameters. The rebuilt parameters must equal the recorded ones —
 * otherwise this worker's quorum resolves them differently (another
 * version) and would run another experiment under the run's name.
 */
export function rebuildProtocol(config: RunConfig): Protocol {
  const { name, params } = config.protocol;
  let protocol: Protocol;
  if (name === 'dealog') protocol = new DealogProtocol(params);
  else if (name === 'self-consistency' || name === 'sc-matched') {
    // k as recorded (sc-matched's derivation is kept beside it, not redone)
    const { matched, ...settings } = params as Record<string, unknown>;
    protocol = new SelfConsistencyProtocol(name, selfConsistencyParamsSchema.parse(settings), matched === undefined ? {} : { matched });
  } else if (name === 'ensemble-refinement') protocol = new EnsembleRefinementProtocol(params);
  else if (name === 'rewoo') protocol = new RewooProtocol(params);
  else if (name === 'react-table') protocol = new ReactTableProtocol(params);
  else if (DEBATE_PRESETS[name] !== undefined) protocol = createDebateProtocol(name, params);
  else throw new ConfigError(`this worker cannot rebuild protocol "${name}"`, 'run the same quorum version on every worker as on the machine that enqueued the run');
  if (hashValue(protocol.params) !== hashValue(params)) {
    throw new ConfigError(`protocol "${name}" rebuilds with other parameters on this worker than the run recorded`, 'run the same quorum version on every worker as on the machine that enqueued the run');
  }
  return protocol;
}
