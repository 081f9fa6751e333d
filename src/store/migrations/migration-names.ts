/**
 * The names of every migration in `migrations.ts`, in order, without
 * importing the migrations themselves: opening a current SQLite store
 * compares its applied migrations with these names, and a new store
 * records them (`sqlite-fresh-schema.ts`); neither runs a migration, so
 * `quorum show` and `quorum run` need not load them.
 * test/store/sqlite-fresh-schema.test.ts holds the list equal to
 * `Object.keys(migrations)`.
 */
export const MIGRATION_NAMES: readonly string[] = ['0001-initial-schema', '0002-audits', '0003-studies', '0004-unit-failures', '0005-message-bodies', '0006-audit-question-scores'];
