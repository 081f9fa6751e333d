import type { Kysely, Migration } from 'kysely';

/**
 * Studies (docs/studies.md): a study's resolved configuration and status,
 * and which run holds each cell (protocol × dataset × setup) of its grid.
 * Runs stay ordinary runs; a run may belong to several studies. Portable
 * types only, like 0001: JSON and times as text.
 */
export const studiesSchema: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('studies')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('note', 'text')
      .addColumn('config', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('study_runs')
      .addColumn('study_id', 'text', (column) => column.notNull().references('studies.id').onDelete('cascade'))
      .addColumn('cell', 'text', (column) => column.notNull())
      .addColumn('run_id', 'text', (column) => column.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('position', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('study_runs_pk', ['study_id', 'cell'])
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    for (const table of ['study_runs', 'studies']) await db.schema.dropTable(table).execute();
  },
};
