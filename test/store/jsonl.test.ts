import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, describe, it } from 'node:test';
import { DatasetFormatError, StoreError } from '../../src/spec/errors.js';
import type { TraceStore } from '../../src/spec/store.js';
import { exportJsonlLines, writeJsonl } from '../../src/store/jsonl-export.js';
import { importJsonl } from '../../src/store/jsonl-import.js';
import { jsonlLineSchema } from '../../src/store/jsonl-line.js';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';
import { everyEventTypeBodies, runConfig, runRecord, traceEvents, unitEvents, unitResult, unitSummary } from '../../src/testing/trace-fixtures.js';
import { escapeRegExp } from '../../src/util/escape-reg-exp.js';

const root = mkdtempSync(join(tmpdir(), 'quorum-jsonl-'));
after(() => rmSync(root, { recursive: true, force: true }));
let files = 0;
const newPath = (extension: string): string => join(root, `file-${++files}.${extension}`);

/** A store with one run of five units: three done, one failed, one pending. */
async function storeWithRun(runId = 'run-1'): Promise<{ store: TraceStore; ids: string[] }> {
  const store = await openSqliteStore(newPath('db'));
  await store.createRun(runRecord(runId, { createdAt: '2026-04-01T10:00:00.000Z', status: 'done' }));
  const ids = await store.addUnits(
    runId,
    ['q1', 'q2', 'q3', 'q4', 'q5'].map((questionId) => ({ questionId, protocol: 'du', seed: 7 })),
  );
  await store.completeUnit(ids[0]!, unitResult({ events: traceEvents(everyEventTypeBodies()) }));
  await store.completeUnit(ids[1]!, unitResult({ status: 'failed', events: unitEvents({ label: 'q2' }), summary: unitSummary({ answer: null, answerStatus: 'none', correct: null }) }));
  await store.completeUnit(ids[3]!, unitResult({ events: unitEvents({ label: 'q4', rounds: 2 }) }));
  await store.completeUnit(ids[4]!, unitResult({ events: [] }));
  return { store, ids };
}

async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const result = [];
  for await (const line of lines) result.push(line);
  return result;
}

describe('JSONL export', () => {
  it('writes one valid line per finished unit, in plan order, without pending units', async () => {
    const { store, ids } = await storeWithRun();
    const lines = await collect(exportJsonlLines(store, ['run-1'], { pageSize: 2 }));
    assert.equal(lines.length, 4);
    const parsed = lines.map((line) => jsonlLineSchema.parse(JSON.parse(line)));
    assert.deepEqual(
      parsed.map((line) => line.unit.questionId),
      ['q1', 'q2', 'q4', 'q5'],
    );
    const first = JSON.parse(lines[0]!) as Record<string, unknown>;
    assert.deepEqual(Object.keys(first), ['traceVersion', 'run', 'unit', 'events']);
    assert.deepEqual(first.run, { id: 'run-1', createdAt: '2026-04-01T10:00:00.000Z', status: 'done', config: runConfig() });
    assert.deepEqual(first.unit, { questionId: 'q1', protocol: 'du', seed: 7, status: 'done', summary: unitSummary(), finishedAt: '2026-01-01T00:00:00.000Z' });
    assert.equal(JSON.stringify(first.events), JSON.stringify(await store.getEvents(ids[0]!)));
    await store.close();
  });

  it('refuses an unknown run', async () => {
    const { store } = await storeWithRun();
    await assert.rejects(collect(exportJsonlLines(store, ['nope'])), StoreError);
    await store.close();
  });

  it('writes to a file (no partial file left) and to a stream left open', async () => {
    const { store } = await storeWithRun();
    const file = newPath('jsonl');
    assert.equal(await writeJsonl(exportJsonlLines(store, ['run-1']), file), 4);
    assert.equal(existsSync(`${file}.partial`), false);
    const text = readFileSync(file, 'utf8');
    assert.equal(text.split('\n').length, 5);
    assert.ok(text.endsWith('\n'));

    const stream = new PassThrough();
    const chunks: string[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    assert.equal(await writeJsonl(exportJsonlLines(store, ['run-1']), stream), 4);
    assert.equal(stream.writableEnded, false);
    assert.equal(chunks.join(''), text);
    await store.close();
  });

  it('removes the partial file when the export fails', async () => {
    const { store } = await storeWithRun();
    const file = newPath('jsonl');
    await assert.rejects(writeJsonl(exportJsonlLines(store, ['run-1', 'missing']), file), StoreError);
    assert.equal(existsSync(file), false);
    assert.equal(existsSync(`${file}.partial`), false);
    await store.close();
  });
});

describe('JSONL import', () => {
  it('round-trips into a fresh store with identical runs, units and events', async () => {
    const { store: source, ids } = await storeWithRun();
    const file = newPath('jsonl');
    await writeJsonl(exportJsonlLines(source, ['run-1']), file);

    const target = await openSqliteStore(newPath('db'));
    assert.deepEqual(await importJsonl(target, file), { lines: 4, imported: 4, skipped: 0, createdRuns: ['run-1'] });
    assert.deepEqual(await target.getRun('run-1'), await source.getRun('run-1'));
    for (const id of [ids[0]!, ids[1]!, ids[3]!, ids[4]!]) {
      assert.deepEqual(await target.getUnit(id), await source.getUnit(id));
      assert.equal(JSON.stringify(await target.getEvents(id)), JSON.stringify(await source.getEvents(id)));
    }
    assert.equal(await target.getUnit(ids[2]!), undefined);
    // Exporting the imported copy gives the same file, byte for byte.
    const again = newPath('jsonl');
    await writeJsonl(exportJsonlLines(target, ['run-1']), again);
    assert.equal(readFileSync(again, 'utf8'), readFileSync(file, 'utf8'));
    await Promise.all([source.close(), target.close()]);
  });

  it('imports the same file twice without duplicating anything', async () => {
    const { store: source } = await storeWithRun();
    const file = newPath('jsonl');
    await writeJsonl(exportJsonlLines(source, ['run-1']), file);
    const target = await openSqliteStore(newPath('db'));
    await importJsonl(target, file);
    assert.deepEqual(await importJsonl(target, file), { lines: 4, imported: 0, skipped: 4, createdRuns: [] });
    assert.deepEqual(await target.countUnits('run-1'), { pending: 0, done: 3, failed: 1, total: 4 });
    // Importing into the store the file came from adds nothing either.
    assert.deepEqual(await importJsonl(source, file), { lines: 4, imported: 0, skipped: 4, createdRuns: [] });
    assert.deepEqual(await source.countUnits('run-1'), { pending: 1, done: 3, failed: 1, total: 5 });
    await Promise.all([source.close(), target.close()]);
  });

  it('completes units that are still pending in the target store', async () => {
    const { store: source } = await storeWithRun();
    const file = newPath('jsonl');
    await writeJsonl(exportJsonlLines(source, ['run-1']), file);
    const target = await openSqliteStore(newPath('db'));
    await target.createRun((await source.getRun('run-1'))!);
    await target.addUnits('run-1', [{ questionId: 'q2', protocol: 'du', seed: 7 }]);
    assert.deepEqual(await importJsonl(target, file), { lines: 4, imported: 4, skipped: 0, createdRuns: [] });
    await Promise.all([source.close(), target.close()]);
  });

  it('fails on a line that is not JSON, naming file and line, and keeps the lines before it', async () => {
    const { store: source } = await storeWithRun();
    const lines = await collect(exportJsonlLines(source, ['run-1']));
    const file = newPath('jsonl');
    writeFileSync(file, `${lines[0]}\n\n${lines[1]}\n{"traceVersion": 1, "run": \n${lines[2]}\n`);
    const target = await openSqliteStore(newPath('db'));
    await assert.rejects(importJsonl(target, file), (error: unknown) => {
      assert.ok(error instanceof DatasetFormatError);
      assert.equal(error.file, file);
      assert.equal(error.line, 4);
      assert.match(error.message, /line 4/);
      assert.match(error.message, /not valid JSON/);
      assert.ok(error.hint !== undefined);
      return true;
    });
    assert.deepEqual(await target.countUnits('run-1'), { pending: 0, done: 1, failed: 1, total: 2 });
    await Promise.all([source.close(), target.close()]);
  });

  it('fails on a missing or wrong field, naming file, line and field path', async () => {
    const { store: source } = await storeWithRun();
    const lines = await collect(exportJsonlLines(source, ['run-1']));
    const cases: Array<[(line: Record<string, any>) => void, string]> = [
      [(line) => delete line.unit.questionId, 'unit.questionId'],
      [(line) => delete line.events[2].usage, 'events.2.usage'],
      [(line) => (line.events[1].seq = 5), 'events.1.seq'],
      [(line) => (line.traceVersion = 2), 'traceVersion'],
      [(line) => (line.run.config.agents = 'three'), 'run.config.agents'],
      [(line) => (line.unit.status = 'pending'), 'unit.status'],
      [(line) => (line.unit.summary.usage.promptTokens = -1), 'unit.summary.usage.promptTokens'],
    ];
    for (const [breakLine, field] of cases) {
      const broken = JSON.parse(lines[0]!) as Record<string, any>;
      breakLine(broken);
      const file = newPath('jsonl');
      writeFileSync(file, `${lines[1]}\n${JSON.stringify(broken)}\n${lines[2]}\n`);
      const target = await openSqliteStore(newPath('db'));
      await assert.rejects(importJsonl(target, file), (error: unknown) => {
        assert.ok(error instanceof DatasetFormatError, String(error));
        assert.equal(error.line, 2);
        assert.equal(error.field, field);
        assert.match(error.message, new RegExp(`${escapeRegExp(file)}, line 2, field "${field}"`));
        return true;
      });
      assert.deepEqual(await target.countUnits('run-1'), { pending: 0, done: 0, failed: 1, total: 1 }, field);
      await target.close();
    }
    await source.close();
  });

  it('refuses a run id already stored with another configuration', async () => {
    const { store: source } = await storeWithRun();
    const file = newPath('jsonl');
    await writeJsonl(exportJsonlLines(source, ['run-1']), file);
    const target = await openSqliteStore(newPath('db'));
    await target.createRun(runRecord('run-1', { config: runConfig({ seeds: [1, 2, 3] }) }));
    await assert.rejects(importJsonl(target, file), (error: unknown) => {
      assert.ok(error instanceof DatasetFormatError);
      assert.equal(error.field, 'run.config');
      assert.equal(error.line, 1);
      return true;
    });
    assert.equal((await target.countUnits('run-1')).total, 0);
    await Promise.all([source.close(), target.close()]);
  });

  it('fills schema defaults and drops unknown fields of imported events', async () => {
    const { store: source, ids } = await storeWithRun();
    const [line] = await collect(exportJsonlLines(source, ['run-1']));
    const edited = JSON.parse(line!) as { events: Array<Record<string, unknown>> };
    delete edited.events[0]!.draft;
    edited.events[0]!.extra = 'ignored';
    const file = newPath('jsonl');
    writeFileSync(file, `\uFEFF${JSON.stringify(edited)}\r\n`);
    const target = await openSqliteStore(newPath('db'));
    assert.equal((await importJsonl(target, file)).imported, 1);
    const [event] = await target.getEvents(ids[0]!);
    assert.equal(event?.type === 'turn' ? event.draft : undefined, 0);
    assert.equal('extra' in event!, false);
    await Promise.all([source.close(), target.close()]);
  });

  it('reads from a stream and reports an unreadable file', async () => {
    const { store: source } = await storeWithRun();
    const lines = await collect(exportJsonlLines(source, ['run-1']));
    const target = await openSqliteStore(newPath('db'));
    const input = new PassThrough();
    input.end(lines.join('\n'));
    assert.equal((await importJsonl(target, '<stdin>', { input })).imported, 4);
    await assert.rejects(importJsonl(target, join(root, 'absent.jsonl')), (error: unknown) => {
      assert.ok(error instanceof DatasetFormatError);
      assert.match(error.message, /absent\.jsonl/);
      return true;
    });
    await Promise.all([source.close(), target.close()]);
  });
});
