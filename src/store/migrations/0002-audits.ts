import type { Kysely, Migration } from 'kysely';

/**
 * Audits of runs (CARA, contradiction rate, failure modes) and their
 * per-unit results. A run may have any number of audits (other models,
 * other τ); each keeps its settings and label. Portable types only, like
 * 0001: JSON as text, floats as double precision, booleans as 0/1.
 */
export const auditsSchema: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('audits')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('run_id', 'text', (column) => column.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('label', 'text', (column) => column.notNull())
      .addColumn('settings', 'text', (column) => column.notNull())
      .addColumn('summary', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('audits_run_created').on('audits').columns(['run_id', 'created_at', 'id']).execute();

    await db.schema
      .createTable('audit_questions')
      .addColumn('audit_id', 'text', (column) => column.notNull().references('audits.id').onDelete('cascade'))
      .addColumn('position', 'integer', (column) => column.notNull())
      .addColumn('unit_id', 'text', (column) => column.notNull().references('units.id').onDelete('cascade'))
      .addColumn('question_id', 'text', (column) => column.notNull())
      .addColumn('protocol', 'text', (column) => column.notNull())
      .addColumn('seed', 'bigint', (column) => column.notNull())
      .addColumn('eligible', 'integer', (column) => column.notNull())
      .addColumn('reasons', 'text', (column) => column.notNull())
      .addColumn('cara_hyb', 'double precision')
      .addColumn('sim', 'double precision')
      .addColumn('contradiction_rate', 'double precision')
      .addColumn('cara_gt', 'double precision')
      .addColumn('failure_mode', 'text')
      .addColumn('details', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('audit_questions_pk', ['audit_id', 'position'])
      .addUniqueConstraint('audit_questions_unit', ['audit_id', 'unit_id'])
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    for (const table of ['audit_questions', 'audits']) await db.schema.dropTable(table).execute();
  },
};
