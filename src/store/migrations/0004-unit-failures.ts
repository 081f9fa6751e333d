import type { Kysely, Migration } from 'kysely';

/**
 * Failure history (docs/trace-format.md, "Failed units run again"): when a
 * failed unit is made pending to run again, its failed attempt — summary,
 * finish time and every event — moves here instead of being deleted, so the
 * unit's trace holds only its newest attempt while earlier failures stay
 * readable. `attempt` counts a unit's failures from 1. Portable types only,
 * like 0001: the events are one JSON array as text.
 */
export const unitFailuresSchema: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('unit_failures')
      .addColumn('unit_id', 'text', (column) => column.notNull().references('units.id').onDelete('cascade'))
      .addColumn('attempt', 'integer', (column) => column.notNull())
      .addColumn('finished_at', 'text', (column) => column.notNull())
      .addColumn('summary', 'text', (column) => column.notNull())
      .addColumn('events', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('unit_failures_pk', ['unit_id', 'attempt'])
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('unit_failures').execute();
  },
};
