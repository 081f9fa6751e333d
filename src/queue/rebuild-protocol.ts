import { findProtocolFactory } from '../protocols/registry.js';
import { ConfigError } from '../spec/errors.js';
import type { Protocol } from '../spec/protocol.js';
import type { RunConfig } from '../spec/run-config.js';
import { hashValue } from '../util/hash.js';

const SAME_VERSION = 'run the same quorum version on every worker as on the machine that enqueued the run';

/**
 * The protocol of a stored run, rebuilt by its registry entry's
 * `fromParams` from the recorded resolved parameters (the user's overrides
 * are not stored). Built-in protocols and plugins alike: a plugin's
 * protocol is registered by loading the run's `plugins` first. The rebuilt
 * parameters must equal the recorded ones — otherwise this worker's quorum
 * resolves them differently (another version) and would run another
 * experiment under the run's name.
 */
export function rebuildProtocol(config: RunConfig): Protocol {
  const { name, preset, params } = config.protocol;
  const factory = findProtocolFactory(preset) ?? findProtocolFactory(name);
  if (factory === undefined) {
    throw new ConfigError(`this worker cannot rebuild protocol "${name}": no protocol of that name is registered`, config.plugins === undefined ? SAME_VERSION : `the run loaded plugins ${config.plugins.join(', ')}: every worker must reach them at the same paths, or be started with --plugin <file> for each`);
  }
  const protocol = factory.fromParams(params);
  if (hashValue(protocol.params) !== hashValue(params)) {
    throw new ConfigError(`protocol "${name}" rebuilds with other parameters on this worker than the run recorded`, SAME_VERSION);
  }
  return protocol;
}
