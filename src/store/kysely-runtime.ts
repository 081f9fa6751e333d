import { createRequire } from 'node:module';
import type * as KyselyModule from 'kysely';

/**
 * kysely's runtime values, loaded from its CommonJS build. kysely ships
 * both builds; its ES module build is 263 files, and loading them as ES
 * modules costs about twice the CPU of the same files as CommonJS (0.55 vs
 * 0.28 CPU seconds measured, `node -e 0` 0.12), which every command that
 * opens a store paid (`quorum show` most visibly). Every value import of
 * kysely in quorum goes through here, so there is one copy of its classes;
 * types still come from `import type … from 'kysely'`.
 */
const kysely = createRequire(import.meta.url)('kysely') as typeof KyselyModule;

export const { PostgresDialect, SqliteDialect, sql } = kysely;
export const Migrator: typeof KyselyModule.Migrator = kysely.Migrator;
export type Migrator = KyselyModule.Migrator;
export const Kysely: typeof KyselyModule.Kysely = kysely.Kysely;
export type Kysely<DB> = KyselyModule.Kysely<DB>;
