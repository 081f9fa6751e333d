import type { RunConfig } from '../spec/run-config.js';
import { hashValue } from '../util/hash.js';

/**
 * What makes two runs the same experiment: protocol, agents, judge,
 * questions and seeds. Concurrency and code version are left out, so a run
 * can be resumed with another concurrency; a resume by another code version
 * is found by the fingerprint and then refused or recorded (`VersionMixError`,
 * `versionMix`), never silently mixed.
 */
export function runFingerprint(config: RunConfig): string {
  return hashValue({
    protocol: config.protocol,
    agents: config.agents,
    judge: config.judge ?? null,
    dataset: { name: config.dataset.name, questionIds: config.dataset.questionIds, contentHash: config.dataset.contentHash },
    seeds: config.seeds,
  });
}
