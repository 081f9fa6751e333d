/**
 * Compressed storage in SQLite (`src/store/stored-text.ts`): event payloads,
 * message bodies and cached completions are kept as codec-1 BLOBs when that
 * is smaller, read back byte-identical, and stores written before
 * compression (every value TEXT) read as before, beside new rows. The
 * shared store suite (sqlite-store.test.ts, postgres-store.test.ts) runs
 * every read path over the compressed store as well.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Sqlite from 'better-sqlite3';
import { StoreError } from '../../src/spec/errors.js';
import type { TraceEvent } from '../../src/spec/trace.js';
import { splitMessages } from '../../src/store/message-bodies.js';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';
import { Kysely, SqliteDialect } from 'kysely';
import { KyselyTraceStore } from '../../src/store/kysely-trace-store.js';
import type { Database } from '../../src/store/schema.js';
import { packText, packUnitPayloads, unpackText, unpackUnitPayloads } from '../../src/store/stored-text.js';
import { cachedCompletion, everyEventTypeBodies, runRecord, traceEvents, turnBody, unitResult } from '../../src/testing/trace-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-stored-text-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

async function freshStore() {
  const file = join(dir, `store-${++files}.db`);
  const store = await openSqliteStore(file);
  await store.createRun(runRecord('r1'));
  const ids = await store.addUnits('r1', [
    { questionId: 'q1', protocol: 'du', seed: 1 },
    { questionId: 'q2', protocol: 'du', seed: 1 },
  ]);
  return { file, store, ids, raw: new Sqlite(file) };
}

/**
 * Stores `events` as a finished unit the way an older quorum wrote it, row by
 * row: each payload and message body on its own through `pack` (the text as
 * it is before compression, `packText` for codec 1 before codec 2).
 */
function writeUnitAsOlderQuorum(raw: Sqlite.Database, id: string, events: readonly TraceEvent[], pack: (text: string) => string | Buffer): void {
  raw.prepare("update units set status = 'done', summary = ?, finished_at = ? where id = ?").run(JSON.stringify(unitResult().summary), '2026-01-01T00:00:00.000Z', id);
  for (const event of events) {
    const split = splitMessages(event);
    for (const body of split.bodies) raw.prepare('insert into message_bodies (hash, body) values (?, ?) on conflict do nothing').run(body.hash, pack(body.body));
    raw.prepare('insert into events (unit_id, seq, type, agent, round, payload) values (?, ?, ?, null, null, ?)').run(id, event.seq, event.type, pack(split.payload));
  }
}

function debateEvents(): TraceEvent[] {
  const question = { role: 'user' as const, content: `Question: which mechanism explains it? ${'A) alpha B) beta C) gamma D) delta. '.repeat(8)}` };
  return traceEvents([...everyEventTypeBodies(), turnBody({ agent: 'Agent C', position: 2, messages: [question] })]);
}

describe('packText / unpackText', () => {
  it('round-trips JSON text, non-ASCII included, and keeps short text as it is', () => {
    for (const text of [JSON.stringify({ content: 'Ärztin über 37,5 °C — 発熱'.repeat(20) }), JSON.stringify(debateEvents())]) {
      const packed = packText(text);
      assert.ok(Buffer.isBuffer(packed), 'compressible text becomes a BLOB');
      assert.equal(packed[0], 1, 'codec byte 1');
      assert.equal(unpackText(packed, 'test'), text);
    }
    assert.equal(packText('{"a":1}'), '{"a":1}');
    assert.equal(unpackText('{"a":1}', 'test'), '{"a":1}');
  });

  it('decodes a codec-1 value written by another deflate implementation (the dictionary is frozen)', () => {
    // Made with Python's zlib: compressobj(9, DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, zdict=<codec 1's dictionary, 2,010 bytes>),
    // the codec byte 01 put in front. If this fails, the dictionary was edited and every stored BLOB is unreadable.
    const blob = Buffer.from('01434969c644a734e2b2a5134ab67442c996ce28d912286fa40314b33244ce9c4ea8991352320000', 'hex');
    const text = '{"v":1,"seq":3,"at":"2026-01-01T00:00:00.000Z","type":"vote","round":0,"answers":{"Agent A":"B","Agent B":"B","Agent C":"C"},"tally":{"B":2,"C":1},"winner":"B","unanimous":false}';
    assert.equal(unpackText(blob, 'test'), text);
  });

  it('an unknown codec byte or damaged data is a StoreError naming where', () => {
    assert.throws(
      () => unpackText(Buffer.from([7, 1, 2, 3]), 'events of unit u1, seq 4'),
      (error: unknown) => error instanceof StoreError && /events of unit u1, seq 4/.test(error.message) && /codec 7/.test(error.message) && /upgrade/.test(error.hint ?? ''),
    );
    assert.throws(() => unpackText(Buffer.from([1, 255, 255, 255]), 'completions, key k'), (error: unknown) => error instanceof StoreError && /completions, key k/.test(error.message));
  });
});

describe('SQLite store, compressed', () => {
  it('keeps payloads, message bodies and cached completions as BLOBs, less than half the JSON, and reads them back identical', async () => {
    const { store, ids, raw } = await freshStore();
    try {
      const events = debateEvents();
      await store.completeUnit(ids[0]!, unitResult({ events }));
      const completion = cachedCompletion('Reasoning about the options at length. '.repeat(5) + 'Final answer: B');
      await store.putCompletion('k1', completion);
      assert.equal(JSON.stringify(await store.getEvents(ids[0]!)), JSON.stringify(events));
      assert.deepEqual(await store.getCompletion('k1'), completion);
      const kinds = raw.prepare<[], string>("select distinct typeof(payload) from events where type = 'turn'").pluck().all();
      assert.deepEqual(kinds, ['blob']);
      assert.equal(raw.prepare<[], string>('select typeof(value) from completions').pluck().get(), 'blob');
      assert.ok(raw.prepare<[], number>("select count(*) from message_bodies where typeof(body) = 'blob'").pluck().get()! >= 1);
      const stored = raw.prepare<[], number>('select sum(length(payload)) from events').pluck().get()!;
      const json = events.reduce((sum, event) => sum + Buffer.byteLength(splitMessages(event).payload), 0);
      assert.ok(stored < json / 2, `stored ${stored} bytes for ${json} bytes of JSON`);
    } finally {
      raw.close();
      await store.close();
    }
  });

  it('reads a store written before compression (TEXT values) beside new BLOB rows', async () => {
    const { store, ids, raw } = await freshStore();
    try {
      // ids[0] as an older quorum stored it: every value TEXT
      const old = debateEvents();
      writeUnitAsOlderQuorum(raw, ids[0]!, old, (text) => text);
      raw.prepare('insert into completions (key, value, created_at) values (?, ?, ?)').run('old', JSON.stringify(cachedCompletion()), '2026-01-01T00:00:00.000Z');
      // ids[1] written now, sharing some message bodies with the old rows
      const fresh = debateEvents();
      await store.completeUnit(ids[1]!, unitResult({ events: fresh }));
      assert.equal(JSON.stringify(await store.getEvents(ids[0]!)), JSON.stringify(old));
      assert.equal(JSON.stringify(await store.getEvents(ids[1]!)), JSON.stringify(fresh));
      assert.deepEqual(await store.getCompletion('old'), cachedCompletion());
      assert.ok(raw.prepare<[string], number>("select count(*) from events where unit_id = ? and typeof(payload) = 'text'").pluck().get(ids[0]!)! === old.length, 'old rows are not rewritten');
    } finally {
      raw.close();
      await store.close();
    }
  });

  it('a payload with an unknown codec is a StoreError naming the unit and seq', async () => {
    const { store, ids, raw } = await freshStore();
    try {
      await store.completeUnit(ids[0]!, unitResult({ events: debateEvents() }));
      raw.prepare('update events set payload = ? where unit_id = ? and seq = 1').run(Buffer.from([9, 0, 0]), ids[0]!);
      await assert.rejects(store.getEvents(ids[0]!), (error: unknown) => error instanceof StoreError && error.message.includes(`events of unit ${ids[0]!}, seq 1`) && /codec 9/.test(error.message));
    } finally {
      raw.close();
      await store.close();
    }
  });
});

describe('SQLite store, a unit\'s events as one stream (codec 2)', () => {
  it('stores every event of a unit as a codec-2 part, smaller than codec 1 per event, and reads them back identical, through kysely too', async () => {
    const { file, store, ids, raw } = await freshStore();
    try {
      const events = debateEvents();
      await store.completeUnit(ids[0]!, unitResult({ events }));
      const stored = raw.prepare<[string], Buffer>('select payload from events where unit_id = ? order by seq').pluck().all(ids[0]!);
      assert.equal(stored.length, events.length);
      assert.ok(stored.every((part) => Buffer.isBuffer(part) && part[0] === 2), 'every payload is a codec-2 part');
      const streamBytes = stored.reduce((sum, part) => sum + part.length, 0);
      const perEvent = events.reduce((sum, event) => sum + Buffer.byteLength(packText(splitMessages(event).payload)), 0);
      assert.ok(streamBytes < perEvent, `stream ${streamBytes} bytes, codec 1 per event ${perEvent}`);
      assert.equal(JSON.stringify(await store.getEvents(ids[0]!)), JSON.stringify(events));
      const portable = new KyselyTraceStore('sqlite', new Kysely<Database>({ dialect: new SqliteDialect({ database: new Sqlite(file) }) }));
      try {
        assert.equal(JSON.stringify(await portable.getEvents(ids[0]!)), JSON.stringify(events));
      } finally {
        await portable.close();
      }
    } finally {
      raw.close();
      await store.close();
    }
  });

  it('reads a store written with codec 1 per event (as quorum wrote until codec 2) beside codec-2 units', async () => {
    const { store, ids, raw } = await freshStore();
    try {
      // ids[0] as the previous quorum stored it: each payload and body packed on its own (codec 1, or TEXT when short)
      const old = debateEvents();
      writeUnitAsOlderQuorum(raw, ids[0]!, old, packText);
      assert.ok(raw.prepare<[string], number>("select count(*) from events where unit_id = ? and typeof(payload) = 'blob'").pluck().get(ids[0]!)! > 0, 'codec-1 rows written');
      const fresh = debateEvents();
      await store.completeUnit(ids[1]!, unitResult({ events: fresh }));
      assert.equal(JSON.stringify(await store.getEvents(ids[0]!)), JSON.stringify(old));
      assert.equal(JSON.stringify(await store.getEvents(ids[1]!)), JSON.stringify(fresh));
    } finally {
      raw.close();
      await store.close();
    }
  });

  it('a missing or damaged part is a StoreError naming the unit', async () => {
    const { store, ids, raw } = await freshStore();
    try {
      await store.completeUnit(ids[0]!, unitResult({ events: debateEvents() }));
      const count = raw.prepare<[string], number>('select count(*) from events where unit_id = ?').pluck().get(ids[0]!)!;
      raw.prepare('delete from events where unit_id = ? and seq = ?').run(ids[0]!, count - 1);
      await assert.rejects(store.getEvents(ids[0]!), (error: unknown) => error instanceof StoreError && error.message.includes(`events of unit ${ids[0]!}`));
      raw.prepare('update events set payload = ? where unit_id = ? and seq = 0').run(Buffer.from([2, 255, 255, 255]), ids[0]!);
      await assert.rejects(store.getEvents(ids[0]!), (error: unknown) => error instanceof StoreError && error.message.includes(`events of unit ${ids[0]!}, seq 0`) && /damaged/.test(error.hint ?? ''));
    } finally {
      raw.close();
      await store.close();
    }
  });

  it('packUnitPayloads and unpackUnitPayloads round-trip any payloads; a part alone is not readable as a value', () => {
    const payloads = debateEvents().map((event) => splitMessages(event).payload);
    const packed = packUnitPayloads(payloads);
    assert.ok(packed.every((part) => Buffer.isBuffer(part) && part[0] === 2));
    assert.deepEqual(unpackUnitPayloads(packed, (seq) => `seq ${seq}`), payloads);
    assert.deepEqual(packUnitPayloads([]), []);
    // too short to shrink: each payload as packText keeps it
    assert.deepEqual(packUnitPayloads(['{"a":1}']), ['{"a":1}']);
    assert.throws(() => unpackText(packed[1]!, 'events of unit u1, seq 1'), (error: unknown) => error instanceof StoreError && /codec 2/.test(error.message));
  });
});
