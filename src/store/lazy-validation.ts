import type { encodeUnitResult } from './encode-unit-result.js';
import type * as RunRecordChecks from './run-record-checks.js';

// The stores validate what they write with zod schemas (run configurations, trace events, unit summaries). zod and
// the trace schemas are about 100 files; reading a run (`quorum show`, the viewer) needs none of them, so the
// validating modules are imported by the first write that needs them.

let encoder: typeof encodeUnitResult | undefined;
let checks: typeof RunRecordChecks | undefined;

/** `encodeUnitResult`, imported on first use (then returned without waiting for a new import). */
export async function unitResultEncoder(): Promise<typeof encodeUnitResult> {
  encoder ??= (await import('./encode-unit-result.js')).encodeUnitResult;
  return encoder;
}

/** The checks of run configurations and version mixes, imported on first use. */
export async function runRecordChecks(): Promise<typeof RunRecordChecks> {
  checks ??= await import('./run-record-checks.js');
  return checks;
}
