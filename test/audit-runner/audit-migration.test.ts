import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Sqlite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { initialSchema } from '../../src/store/migrations/0001-initial-schema.js';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';
import { runRecord, unitResult } from '../../src/testing/trace-fixtures.js';
import { auditQuestion, auditRecord } from '../../src/testing/audit-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-audit-migration-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('migration 0002-audits', () => {
  it('upgrades a store written before audits existed and keeps its runs', async () => {
    const file = join(dir, 'old.db');
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Sqlite(file) }) });
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => ({ '0001-initial-schema': initialSchema }) } }).migrateToLatest();
    assert.equal(error, undefined);
    const run = runRecord('old-run');
    await db.insertInto('runs').values({ id: run.id, created_at: run.createdAt, status: run.status, config: JSON.stringify(run.config), code_version: run.config.codeVersion }).execute();
    await db.destroy();

    const first = await openSqliteStore(file);
    assert.deepEqual(await first.getRun('old-run'), run);
    const [id] = await first.addUnits('old-run', [{ questionId: 'q0', protocol: 'du', seed: 1 }]);
    await first.completeUnit(id!, unitResult());
    const audit = auditRecord('audit-1', 'old-run');
    await first.saveAudit(audit, [auditQuestion('audit-1', id!, 'q0')]);
    await first.close();

    const reopened = await openSqliteStore(file, { readonly: true });
    assert.equal((await reopened.getRun('old-run'))?.id, 'old-run');
    assert.deepEqual(await reopened.getAudit('audit-1'), audit);
    await assert.rejects(reopened.saveAudit(auditRecord('audit-2', 'old-run'), []), /read-only/);
    await reopened.close();
  });
});
