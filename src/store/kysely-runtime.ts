import { createRequire } from 'node:module';
import type * as KyselyModule from 'kysely';

let loaded: typeof KyselyModule | undefined;

/**
 * kysely's runtime values, loaded on first use from its CommonJS build.
 * kysely ships both builds; its ES module build is 263 files, and loading
 * them as ES modules costs about twice the CPU of the same files as
 * CommonJS (0.55 vs 0.28 CPU seconds measured, `node -e 0` 0.12). Loaded
 * lazily because the SQLite store's common reads and its schema check are
 * native better-sqlite3 statements: `quorum show` of a current store never
 * needs kysely. Every value use of kysely in quorum goes through here, so
 * there is one copy of its classes; types come from `import type`.
 */
export function kysely(): typeof KyselyModule {
  loaded ??= createRequire(import.meta.url)('kysely') as typeof KyselyModule;
  return loaded;
}
