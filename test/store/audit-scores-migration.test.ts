/**
 * Migration 0006 on a store written before it: audits stored by a 0005
 * store get their agreement-set size and low-CARA columns filled in from
 * their details, on SQLite and PostgreSQL, and nothing else changes. The
 * old store is made the honest way: a current store is written through
 * the store interface, then 0006 is rolled back (its `down` drops the two
 * columns) and forgotten, which leaves exactly a 0005 schema with data.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Sqlite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { AuditQuestionRecord } from '../../src/spec/audit-result.js';
import type { TraceStore } from '../../src/spec/store.js';
import { migrations } from '../../src/store/migrations/migrations.js';
import { openStore } from '../../src/store/open-store.js';
import { auditQuestion, auditRecord, notEligibleQuestion } from '../../src/testing/audit-fixtures.js';
import { runRecord, unitResult } from '../../src/testing/trace-fixtures.js';
import { requireServices, testSchema } from '../queue/test-services.js';

const MIGRATION = '0006-audit-question-scores';

/** Two audits of one run, the first longer than a backfill page (1,000 rows), with |S| 1 and 2 and lowCara both ways. */
async function writeAudits(store: TraceStore, units: number): Promise<{ auditIds: string[]; questions: AuditQuestionRecord[][] }> {
  const runId = `run-0006-${units}`;
  await store.createRun(runRecord(runId));
  const ids = await store.addUnits(runId, Array.from({ length: units }, (_, index) => ({ questionId: `q${index}`, protocol: 'du', seed: 1 })));
  for (const id of ids) await store.completeUnit(id, unitResult());
  const auditIds = ['a-0006-second', 'a-0006-first'];
  const questions = auditIds.map((auditId, which) =>
    ids.map((id, index) => {
      if (index % 3 === 1) return notEligibleQuestion(auditId, id, `q${index}`);
      const question = auditQuestion(auditId, id, `q${index}`);
      return which === 1 && index % 3 === 2 ? { ...question, details: { ...question.details, lowCara: false } } : question;
    }),
  );
  for (const [which, auditId] of auditIds.entries()) await store.saveAudit(auditRecord(auditId, runId), questions[which]!);
  return { auditIds, questions };
}

/** What `listAuditScores` must return for stored results (from the full records, the source of truth). */
const expectedScores = (questions: readonly AuditQuestionRecord[]) =>
  questions.map((question, position) => ({
    unitId: question.unitId,
    position,
    eligible: question.eligible,
    caraHyb: question.caraHyb,
    sim: question.sim,
    contradictionRate: question.contradictionRate,
    caraGt: question.caraGt,
    failureMode: question.failureMode,
    lowCara: question.details.lowCara,
    agreementSize: question.agreementSet.length,
  }));

/** Rolls 0006 back on a database and removes it from kysely's bookkeeping: the store is a 0005 store again. */
async function downgrade(db: Kysely<any>, schema?: string): Promise<void> {
  await migrations[MIGRATION]!.down!(db);
  await db.deleteFrom('kysely_migration').where('name', '=', MIGRATION).execute();
  const columns = (await db.introspection.getTables()).find((table) => table.name === 'audit_questions' && (schema === undefined || table.schema === schema))!.columns.map((column) => column.name);
  assert.ok(!columns.includes('agreement_size') && !columns.includes('low_cara'), `columns after rollback: ${columns.join(', ')}`);
}

async function checkUpgrade(location: string, units: number, rollBack: () => Promise<void>): Promise<void> {
  const store = await openStore(location);
  const { auditIds, questions } = await writeAudits(store, units);
  await store.close();
  await rollBack();
  const upgraded = await openStore(location);
  try {
    for (const [which, auditId] of auditIds.entries()) {
      assert.deepEqual(await upgraded.listAuditQuestions(auditId), questions[which], `${auditId}: full results unchanged`);
      assert.deepEqual(await upgraded.listAuditScores(auditId), expectedScores(questions[which]!), `${auditId}: scores filled in`);
    }
  } finally {
    await upgraded.close();
  }
}

describe('migration 0006 (audit score columns) on an existing store', () => {
  const root = mkdtempSync(join(tmpdir(), 'quorum-0006-'));
  after(() => rmSync(root, { recursive: true, force: true }));

  it('fills agreement_size and low_cara of a SQLite store from the details, across backfill pages and audits', async () => {
    const file = join(root, 'old.db');
    await checkUpgrade(file, 1_005, async () => {
      const sqlite = new Sqlite(file);
      const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
      await downgrade(db);
      await db.destroy();
    });
  });

  const services = requireServices('DATABASE_URL');
  if (services !== undefined) {
    it('fills them on a PostgreSQL store too', async () => {
      const schema = testSchema(services.DATABASE_URL, 'm0006');
      try {
        await checkUpgrade(schema.url, 40, async () => {
          const pool = new pg.Pool({ connectionString: services.DATABASE_URL, max: 1, options: `-c search_path=${schema.name}` });
          const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
          await downgrade(db, schema.name);
          await db.destroy();
        });
      } finally {
        await schema.drop();
      }
    });
  }
});
