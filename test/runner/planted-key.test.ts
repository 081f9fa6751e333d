/**
 * A key planted in every place a key can be given — URL userinfo, each
 * key-like query parameter, --backend, --agent, --judge, run.yaml,
 * study.yaml, a shorthand, OPENAI_BASE_URL and the environment — never
 * reaches the DB file, its WAL, an export, stdout/stderr or any viewer route. The key is not shaped like an
 * API key (no `sk-`), so only exact handling keeps it out, not the
 * pattern-based redaction.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openStore } from '../../src/store/open-store.js';
import { createViewerApp } from '../../src/web/server/create-viewer-app.js';
import type { Page, RunListItem, UnitPage } from '../../src/web/server/api-types.js';
import { runCli, type CliResult } from '../helpers/cli.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';

const KEY = 'Zq7plantedKey4Xw9';
const dir = mkdtempSync(join(tmpdir(), 'quorum-planted-key-'));
let good: FakeOpenAiServer;
let refusing: FakeOpenAiServer;

before(async () => {
  good = await FakeOpenAiServer.start({ apiKey: KEY, fallback: { kind: 'reply', text: 'Reasoning.\nAnswer: (B)' } });
  // Wants another key and echoes the one it got in its 401, as OpenAI does.
  refusing = await FakeOpenAiServer.start({ apiKey: 'another-key-entirely' });
});
after(async () => {
  await good.close();
  await refusing.close();
  rmSync(dir, { recursive: true, force: true });
});

function assertClean(where: string, text: string): void {
  assert.ok(!text.includes(KEY), `${where} holds the key:\n${text.slice(Math.max(0, text.indexOf(KEY) - 300), text.indexOf(KEY) + 100)}`);
}

function assertDbClean(db: string): void {
  for (const file of [db, `${db}-wal`]) if (existsSync(file)) assertClean(file, readFileSync(file).toString('latin1'));
}

function assertRefused(result: CliResult, where: RegExp): void {
  assert.equal(result.code, 2, result.stderr);
  assert.match(result.stderr, /credential in its URL/);
  assert.match(result.stderr, where);
  assert.match(result.stderr, /OPENAI_API_KEY, or in another environment variable named with #key-env=VAR/);
  assertClean('stdout', result.stdout);
  assertClean('stderr', result.stderr);
}

describe('a planted key', () => {
  it('in a backend URL is refused wherever the spec is given, and printed or stored nowhere', async () => {
    const base = good.url.replace('http://', '');
    writeFileSync(join(dir, 'run.yaml'), ['protocol: du', 'dataset: { dataset: demo, limit: 1 }', `backend: openai:fake@http://${base}?key=${KEY}`, 'agents: 2'].join('\n'));
    writeFileSync(
      join(dir, 'study.yaml'),
      ['name: planted', 'datasets:', '  - { dataset: demo, limit: 1 }', 'backends:', `  fake: openai:fake@http://user:${KEY}@${base}`, 'agents: { count: 2, backend: fake }', 'protocols: [ni]', 'seeds: 1'].join('\n'),
    );
    const run = ['run', '--protocol', 'du', '--dataset', 'demo', '--limit', '1', '--rounds', '0'];
    const cases: Array<[string[], RegExp, NodeJS.ProcessEnv?]> = [
      [[...run, '--backend', `openai:fake@http://${KEY}:x@${base}`], /user:password@/],
      [[...run, '--backend', `openai:fake@http://${base}?api_key=${KEY}`], /"api_key"/],
      [[...run, '--agent', `A=openai:fake@http://${base}?api-version=1&Access_Token=${KEY},temperature=0`], /"Access_Token"/],
      [[...run, '--backend', `openai:fake@${good.url}`, '--judge', `openai:fake@http://${base}?apikey=${KEY}`], /"apikey"/],
      [['run', '--config', join(dir, 'run.yaml')], /"key"/],
      [['study', 'run', join(dir, 'study.yaml'), '--no-audit'], /user:password@/],
      [[...run, '--backend', 'openai:fake'], /"token"/, { OPENAI_BASE_URL: `http://${base}?token=${KEY}` }],
      [[...run, '--backend', `ollama:fake@http://${base}?secret=${KEY}`], /"secret"/],
    ];
    const results = await Promise.all(cases.map(([args, , env], index) => runCli([...args, '--db', join(dir, `refused-${index}.db`)], { OPENAI_API_KEY: KEY, ...env })));
    results.forEach((result, index) => {
      assertRefused(result, cases[index]![1]);
      assertDbClean(join(dir, `refused-${index}.db`));
    });
    assert.equal(good.requests.length, 0, 'no request was sent');
  });

  it('in the environment reaches only the Authorization header: not the DB, WAL, export, output or viewer', async () => {
    const db = join(dir, 'env.db');
    const env = { OPENAI_API_KEY: KEY };
    const result = await runCli(
      ['run', '--protocol', 'du', '--dataset', 'demo', '--limit', '2', '--rounds', '1', '--agent', `A=openai:fake@${good.url}?api-version=1`, '--agent', `B=openai:fake@${refusing.url}`, '--db', db, '--json'],
      env,
    );
    assert.equal(result.code, 1, result.stderr);
    assertClean('run stdout', result.stdout);
    assertClean('run stderr', result.stderr);
    assert.match(result.stderr, /key in OPENAI_API_KEY was refused/);
    assert.ok(good.requests.length >= 2 && good.requests.every((request) => request.headers.authorization === `Bearer ${KEY}` && request.url === '/v1/chat/completions?api-version=1'));
    assert.ok(refusing.requests.length >= 2, 'the refusing server saw the key (and echoed it)');
    const runId = (JSON.parse(result.stdout) as { runId: string }).runId;

    const exported = join(dir, 'env.jsonl');
    const outputs = await Promise.all([runCli(['export', runId, '--db', db], env), runCli(['export', runId, '--db', db, '--out', exported], env), runCli(['show', runId, '--db', db], env), runCli(['runs', '--db', db], env)]);
    for (const output of outputs) {
      assertClean('stdout', output.stdout);
      assertClean('stderr', output.stderr);
    }
    assert.match(outputs[0]!.stdout, /"type":"error"/, 'the export holds the failures');
    assertClean(exported, readFileSync(exported, 'utf8'));
    assertDbClean(db);

    const store = await openStore(db, { readonly: true });
    try {
      // No environment: the viewer's scrubber does not know the key, so nothing hides a leak.
      const app = createViewerApp({ store, uiDir: null, env: {} });
      const fetchText = async (path: string): Promise<string> => {
        const text = await (await app.request(path)).text();
        assertClean(path, text);
        return text;
      };
      let crawled = 0;
      await fetchText('/api/health');
      const runs = JSON.parse(await fetchText('/api/runs')) as Page<RunListItem>;
      for (const item of runs.items) {
        await fetchText(`/api/runs/${item.id}`);
        const page = JSON.parse(await fetchText(`/api/runs/${item.id}/units?limit=500`)) as UnitPage;
        for (const unit of page.items) {
          const events = await fetchText(`/api/units/${unit.id}/events`);
          assert.match(events, /Incorrect API key provided/);
          await fetchText(`/api/units/${unit.id}`);
          await fetchText(`/api/units/${unit.id}/audit`);
          crawled++;
        }
      }
      await fetchText('/api/studies');
      assert.equal(crawled, 2);
    } finally {
      await store.close();
    }
  });
});
