import { createRequire } from 'node:module';
import type * as HttpsModule from 'node:https';

let loaded: typeof HttpsModule | undefined;

/**
 * node:https, loaded on its first use. It brings node:tls and its crypto
 * setup with it (a few ms at start-up), which a run against an http://
 * server (a local model server, the benchmarks' fake) never needs.
 */
export function httpsModule(): typeof HttpsModule {
  loaded ??= createRequire(import.meta.url)('node:https') as typeof HttpsModule;
  return loaded;
}
