import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { after, describe, it } from 'node:test';
import Sqlite from 'better-sqlite3';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';
import { cachedCompletion } from '../../src/testing/trace-fixtures.js';

const root = mkdtempSync(join(tmpdir(), 'quorum-own-keys-'));
after(() => rmSync(root, { recursive: true, force: true }));
let files = 0;
const newFile = (): string => join(root, `store-${++files}.db`);

/** Counts executions of the completion lookup on every connection while `work` runs. */
async function countingLookups<T>(work: () => Promise<T>): Promise<{ result: T; lookups: number }> {
  const probe = new Sqlite(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('select 1')) as { get: (...args: unknown[]) => unknown };
  probe.close();
  const original = prototype.get;
  let lookups = 0;
  prototype.get = function (this: { source: string }, ...args: unknown[]) {
    if (this.source === 'select value from completions where key = ?') lookups++;
    return original.apply(this, args);
  };
  try {
    return { result: await work(), lookups };
  } finally {
    prototype.get = original;
  }
}

describe('completion lookups on a store only this connection writes', () => {
  it('answers a key never put without a lookup, and finds the keys it put', async () => {
    const store = await openSqliteStore(newFile());
    const { lookups } = await countingLookups(async () => {
      for (let index = 0; index < 50; index++) assert.equal(await store.getCompletion(`never-${index}`), undefined);
      await store.putCompletion('a1b2c3d4', cachedCompletion('mine'));
      await nextTurn();
      assert.equal((await store.getCompletion('a1b2c3d4'))?.text, 'mine');
      assert.equal(await store.getCompletion('ffffffff'), undefined);
    });
    assert.equal(lookups, 1, 'only the key this store put is looked up');
    await store.close();
  });

  it('looks every key up on a store that already holds entries', async () => {
    const file = newFile();
    const first = await openSqliteStore(file);
    await first.putCompletion('old', cachedCompletion('old'));
    await first.close();
    const store = await openSqliteStore(file);
    const { lookups } = await countingLookups(async () => {
      assert.equal((await store.getCompletion('old'))?.text, 'old');
      assert.equal(await store.getCompletion('new'), undefined);
    });
    assert.equal(lookups, 2);
    await store.close();
  });

  it('finds an entry another process committed, from the next turn on', async () => {
    const file = newFile();
    const store = await openSqliteStore(file);
    assert.equal(await store.getCompletion('theirs'), undefined);
    // A plain connection stands for another process: it commits without this process's stores knowing.
    const other = new Sqlite(file);
    other.prepare('insert into completions (key, value, created_at) values (?, ?, ?)').run('theirs', JSON.stringify(cachedCompletion('theirs')), '2026-12-06T00:00:00.000Z');
    other.close();
    await nextTurn();
    const { lookups } = await countingLookups(async () => {
      assert.equal((await store.getCompletion('theirs'))?.text, 'theirs');
      assert.equal(await store.getCompletion('unknown'), undefined);
    });
    assert.equal(lookups, 2, 'after a commit by another connection every key is looked up');
    await store.close();
  });

  it('finds an entry another store of this process committed, in the same turn', async () => {
    const file = newFile();
    const store = await openSqliteStore(file);
    const writer = await openSqliteStore(file);
    assert.equal(await store.getCompletion('shared'), undefined);
    await writer.putCompletion('shared', cachedCompletion('shared'));
    assert.equal((await store.getCompletion('shared'))?.text, 'shared');
    await writer.close();
    await store.close();
  });
});
