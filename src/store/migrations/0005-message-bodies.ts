import type { Kysely, Migration } from 'kysely';

/**
 * Message bodies stored once, by content (`src/store/message-bodies.ts`):
 * turn events reference the messages they sent by hash instead of repeating
 * the question and the other agents' answers in every turn. Events written
 * before this migration keep their messages inline and read as before, so
 * nothing is rewritten.
 */
export const messageBodiesSchema: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('message_bodies')
      .addColumn('hash', 'text', (column) => column.primaryKey())
      .addColumn('body', 'text', (column) => column.notNull())
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('message_bodies').execute();
  },
};
