/**
 * Message bodies stored once by content: turns that repeat the question and
 * the other agents' answers, and a replayed copy of a run, add no second
 * copy of a message; events read back (and export) byte-identical; events
 * written before message bodies (messages inline) still read.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { StoreError } from '../../src/spec/errors.js';
import type { TraceStore } from '../../src/spec/store.js';
import type { TraceEvent } from '../../src/spec/trace.js';
import { exportJsonlLines } from '../../src/store/jsonl-export.js';
import { joinMessages, messageHash, splitMessages } from '../../src/store/message-bodies.js';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';
import { openPostgresStore } from '../../src/store/postgres/open-postgres-store.js';
import { runRecord, traceEvents, turnBody, unitResult, voteBody } from '../../src/testing/trace-fixtures.js';
import { requireServices, testSchema } from '../queue/test-services.js';

/** A debate round as a unit: three agents, each shown the same question and the others' answers. */
function debateEvents(question: string): TraceEvent[] {
  const agents = ['Agent A', 'Agent B', 'Agent C'];
  const answers = agents.map((agent) => `${agent} reasons about it.\nFinal answer: B`);
  return traceEvents([
    ...agents.map((agent) => turnBody({ agent, round: 0, messages: [{ role: 'user', content: question }] })),
    ...agents.map((agent, index) =>
      turnBody({
        agent,
        round: 1,
        messages: [
          { role: 'user', content: question },
          { role: 'assistant', content: answers[index]! },
          { role: 'user', content: `Other agents said: ${answers.filter((_, other) => other !== index).join(' | ')}` },
        ],
      }),
    ),
    voteBody(),
  ]);
}

/** The raw SQL a dialect needs for these checks. */
interface Raw {
  count(table: string): Promise<number>;
  payloads(unitId: string): Promise<string[]>;
  insertInlineEvent(unitId: string, event: TraceEvent): Promise<void>;
  deleteBody(hash: string): Promise<void>;
  close(): Promise<void>;
}

function storeCases(name: string, open: () => Promise<{ store: TraceStore; raw: Raw }>): void {
  describe(`message bodies: ${name}`, () => {
    it('stores each distinct message once across turns, units and a replayed run; reads and exports byte-identical', async () => {
      const { store, raw } = await open();
      try {
        const question = 'Question: which option is right? A) one B) two C) three D) four. '.repeat(10);
        const first = debateEvents(question);
        const replayed = debateEvents(question);
        for (const runId of ['bodies-run', 'bodies-replay']) await store.createRun(runRecord(runId));
        const [unit] = await store.addUnits('bodies-run', [{ questionId: 'q1', protocol: 'du', seed: 1 }]);
        const [replayUnit] = await store.addUnits('bodies-replay', [{ questionId: 'q1', protocol: 'du', seed: 1 }]);
        await store.completeUnit(unit!, unitResult({ events: first }));
        await store.completeUnit(replayUnit!, unitResult({ events: replayed }));
        // question + 3 answers + 3 "other agents said" messages, whatever the number of turns and runs
        assert.equal(await raw.count('message_bodies'), 7);
        for (const payload of await raw.payloads(unit!)) assert.ok(!payload.includes('which option is right'), 'no event repeats the question');
        assert.equal(JSON.stringify(await store.getEvents(unit!)), JSON.stringify(first));
        assert.equal(JSON.stringify(await store.getEvents(replayUnit!)), JSON.stringify(replayed));
        const lines: string[] = [];
        for await (const line of exportJsonlLines(store, ['bodies-run'])) lines.push(line);
        assert.equal(lines.length, 1);
        assert.equal(JSON.stringify((JSON.parse(lines[0]!) as { events: unknown }).events), JSON.stringify(first));
      } finally {
        await store.close();
        await raw.close();
      }
    });

    it('reads events stored with their messages inline (written before message bodies)', async () => {
      const { store, raw } = await open();
      try {
        await store.createRun(runRecord('inline-run'));
        const [unit] = await store.addUnits('inline-run', [{ questionId: 'q1', protocol: 'du', seed: 1 }]);
        const events = debateEvents('An old question?');
        for (const event of events) await raw.insertInlineEvent(unit!, event);
        assert.equal(JSON.stringify(await store.getEvents(unit!)), JSON.stringify(events));
      } finally {
        await store.close();
        await raw.close();
      }
    });

    it('a missing body is a StoreError naming the unit, the event and the hash', async () => {
      const { store, raw } = await open();
      try {
        await store.createRun(runRecord('missing-run'));
        const [unit] = await store.addUnits('missing-run', [{ questionId: 'q1', protocol: 'du', seed: 1 }]);
        await store.completeUnit(unit!, unitResult({ events: debateEvents('A question whose body goes missing?') }));
        const hash = messageHash(JSON.stringify({ role: 'user', content: 'A question whose body goes missing?' }));
        await raw.deleteBody(hash);
        await assert.rejects(store.getEvents(unit!), (error: unknown) => error instanceof StoreError && error.message.includes(unit!) && error.message.includes('event 0') && error.message.includes(hash));
      } finally {
        await store.close();
        await raw.close();
      }
    });
  });
}

describe('splitMessages / joinMessages', () => {
  it('replace messages by their hashes in place and put them back to the same JSON text', () => {
    const [event] = traceEvents([turnBody()]);
    const split = splitMessages(event!);
    const stored = JSON.parse(split.payload) as { messages: string[] };
    assert.deepEqual(stored.messages, split.bodies.map((body) => body.hash));
    assert.deepEqual(Object.keys(stored), Object.keys(event!), 'key order kept');
    const joined = joinMessages('u1', [stored], new Map(split.bodies.map((body) => [body.hash, body.body])));
    assert.equal(JSON.stringify(joined[0]), JSON.stringify(event));
    // the address is SHA-256 of the JSON text, base64url, 22 characters; expected value from
    // printf '%s' '{"role":"user","content":"hi"}' | sha256sum | xxd -r -p | base64 | tr '+/' '-_' | cut -c1-22
    assert.equal(messageHash('{"role":"user","content":"hi"}'), 'rnYPW6A8MawwwqpnaM_t9s');
  });

  it('leave events without messages whole', () => {
    const [vote] = traceEvents([voteBody()]);
    assert.deepEqual(splitMessages(vote!), { payload: JSON.stringify(vote), bodies: [] });
  });
});

const dir = mkdtempSync(join(tmpdir(), 'quorum-bodies-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
storeCases('SQLite', async () => {
  const file = join(dir, `store-${++files}.db`);
  const store = await openSqliteStore(file);
  const db = new Sqlite(file);
  return {
    store,
    raw: {
      count: async (table) => db.prepare<[], number>(`select count(*) from ${table}`).pluck().get()!,
      payloads: async (unitId) => db.prepare<[string], string>('select payload from events where unit_id = ?').pluck().all(unitId),
      insertInlineEvent: async (unitId, event) => {
        db.prepare('insert into events (unit_id, seq, type, agent, round, payload) values (?, ?, ?, ?, ?, ?)').run(unitId, event.seq, event.type, null, null, JSON.stringify(event));
      },
      deleteBody: async (hash) => {
        db.prepare('delete from message_bodies where hash = ?').run(hash);
      },
      close: async () => {
        db.close();
      },
    },
  };
});

const services = requireServices('DATABASE_URL');
if (services !== undefined) {
  const schemas: Array<ReturnType<typeof testSchema>> = [];
  after(async () => {
    for (const schema of schemas) await schema.drop();
  });
  storeCases('PostgreSQL', async () => {
    const schema = testSchema(services.DATABASE_URL, 'bodies');
    schemas.push(schema);
    const store = await openPostgresStore(schema.url);
    const client = new pg.Client({ connectionString: services.DATABASE_URL });
    await client.connect();
    await client.query(`set search_path to "${schema.name}"`);
    return {
      store,
      raw: {
        count: async (table) => Number((await client.query<{ count: string }>(`select count(*) from ${table}`)).rows[0]!.count),
        payloads: async (unitId) => (await client.query<{ payload: string }>('select payload from events where unit_id = $1', [unitId])).rows.map((row) => row.payload),
        insertInlineEvent: async (unitId, event) => {
          await client.query('insert into events (unit_id, seq, type, agent, round, payload) values ($1, $2, $3, null, null, $4)', [unitId, event.seq, event.type, JSON.stringify(event)]);
        },
        deleteBody: async (hash) => {
          await client.query('delete from message_bodies where hash = $1', [hash]);
        },
        close: () => client.end(),
      },
    };
  });
}
