import type { UnitIdFunction } from '../spec/store.js';
import { hashValue } from '../util/hash.js';

/**
 * The deterministic id of a unit: `u_` and 20 hex digits (80 bits) of the
 * SHA-256 of (run id, question id, protocol, seed). Planning the same unit
 * twice, in any process, gives the same id, which is what makes `addUnits`
 * idempotent and resume safe.
 */
export const unitId: UnitIdFunction = (runId, key) =>
  `u_${hashValue([runId, key.questionId, key.protocol, key.seed]).slice(0, 20)}`;
