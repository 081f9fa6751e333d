import type { Kysely, Migration } from 'kysely';
import { kysely } from '../kysely-runtime.js';

/**
 * Runs, units, events and the completion cache. Written with kysely's
 * schema builder and portable column types only, so the same migration
 * runs on SQLite and PostgreSQL.
 */
export const initialSchema: Migration = {
  // Migrations take `Kysely<any>`: they must keep working after `Database`
  // has moved on to later versions of the schema.
  async up(db: Kysely<any>): Promise<void> {
    const { sql } = kysely();
    await db.schema
      .createTable('runs')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull().check(sql`status in ('running', 'done', 'interrupted')`))
      .addColumn('config', 'text', (column) => column.notNull())
      .addColumn('code_version', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('runs_created_at').on('runs').columns(['created_at', 'id']).execute();

    await db.schema
      .createTable('units')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('run_id', 'text', (column) => column.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('question_id', 'text', (column) => column.notNull())
      .addColumn('protocol', 'text', (column) => column.notNull())
      .addColumn('seed', 'bigint', (column) => column.notNull())
      .addColumn('position', 'bigint', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull().check(sql`status in ('pending', 'done', 'failed')`))
      .addColumn('summary', 'text')
      .addColumn('finished_at', 'text')
      .addUniqueConstraint('units_key', ['run_id', 'question_id', 'protocol', 'seed'])
      .execute();
    await db.schema.createIndex('units_run_status').on('units').columns(['run_id', 'status']).execute();
    await db.schema.createIndex('units_run_position').on('units').columns(['run_id', 'position', 'id']).execute();

    await db.schema
      .createTable('events')
      .addColumn('unit_id', 'text', (column) => column.notNull().references('units.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (column) => column.notNull())
      .addColumn('type', 'text', (column) => column.notNull())
      .addColumn('agent', 'text')
      .addColumn('round', 'integer')
      .addColumn('payload', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('events_pk', ['unit_id', 'seq'])
      .execute();

    await db.schema
      .createTable('completions')
      .addColumn('key', 'text', (column) => column.primaryKey())
      .addColumn('value', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    for (const table of ['completions', 'events', 'units', 'runs']) await db.schema.dropTable(table).execute();
  },
};
