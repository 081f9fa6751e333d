import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-cli-'));
let server: FakeOpenAiServer;

before(async () => {
  server = await FakeOpenAiServer.start({ fallback: { kind: 'reply', text: 'Reasoning about it.\nAnswer: (B)', promptTokens: 100, completionTokens: 10 } });
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('quorum CLI', () => {
  it('--help lists the commands (the real binary, in its own process)', async () => {
    const result = await runCli(['--help']);
    assert.equal(result.code, 0);
    for (const command of ['run', 'demo', 'runs', 'show', 'export', 'import']) assert.match(result.stdout, new RegExp(`\\b${command}\\b`));
  });

  it('run --json prints the documented keys; show --json prints the same; runs lists the run', async () => {
    const db = join(dir, 'cli.db');
    const run = await runInProcess(['run', '--protocol', 'du', '--dataset', 'demo', '--limit', '4', '--rounds', '1', '--backend', `openai:fake@${server.url}`, '--db', db, '--json']);
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    for (const key of ['runId', 'units', 'completed', 'failed', 'accuracy', 'agreement', 'unparsed', 'tokens']) assert.ok(key in report, `missing ${key}`);
    assert.equal(report.units, 4);
    assert.equal(report.completed, 4);
    assert.equal(report.agreement, 1);
    assert.deepEqual(report.tokens, { promptTokens: 4 * 6 * 100, cachedPromptTokens: 0, completionTokens: 4 * 6 * 10, total: 4 * 6 * 110 });

    const show = await runInProcess(['show', String(report.runId), '--db', db, '--json']);
    assert.equal(show.code, 0, show.stderr);
    const shown = JSON.parse(show.stdout) as Record<string, unknown>;
    for (const key of ['runId', 'units', 'completed', 'failed', 'accuracy', 'agreement', 'unparsed', 'tokens']) assert.deepEqual(shown[key], report[key]);

    const text = await runInProcess(['show', String(report.runId), '--db', db]);
    assert.match(text.stdout, /accuracy\s+\d/);
    assert.match(text.stdout, /agreement\s+100\.0%/);

    const runs = await runInProcess(['runs', '--db', db, '--json']);
    assert.equal((JSON.parse(runs.stdout) as Array<{ runId: string }>)[0]!.runId, report.runId);

    // after an audit, show reports it beside the run
    assert.deepEqual(shown.audits, []);
    const audit = await runInProcess(['audit', String(report.runId), '--db', db, '--json']);
    assert.equal(audit.code, 0, audit.stderr);
    const withAudit = JSON.parse((await runInProcess(['show', String(report.runId), '--db', db, '--json'])).stdout) as { audits: Array<Record<string, unknown>> };
    assert.equal(withAudit.audits.length, 1);
    for (const key of ['cara_hyb', 'sim', 'cr', 'eligible', 'not_eligible', 'fm', 'embed', 'nli', 'tau']) assert.ok(key in withAudit.audits[0]!, `missing ${key}`);
    assert.match((await runInProcess(['show', String(report.runId), '--db', db])).stdout, /audits \(newest first\)[\s\S]*CARA-HYB/);
  });

  it('a repeated run is served from the completion cache; --replay forbids misses', async () => {
    const db = join(dir, 'cache.db');
    const args = ['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '3', '--backend', `openai:fake@${server.url}`, '--db', db, '--json'];
    const first = JSON.parse((await runInProcess(args)).stdout) as { cacheHits: number; calls: number };
    assert.equal(first.cacheHits, 0);
    // --fresh: the same command alone would report the finished run instead of running it again
    const second = JSON.parse((await runInProcess([...args, '--replay', '--fresh'])).stdout) as { cacheHits: number; calls: number };
    assert.equal(second.cacheHits, second.calls);
    const miss = await runInProcess([...args.slice(0, -1).map((arg) => (arg === '3' ? '4' : arg)), '--replay']);
    assert.notEqual(miss.code, 0);
    assert.match(miss.stdout + miss.stderr, /cache/i);
  });

  it('export then import into another database keeps every unit', async () => {
    const db = join(dir, 'export.db');
    const run = JSON.parse((await runInProcess(['run', '--protocol', 'du', '--dataset', 'demo', '--limit', '2', '--backend', `openai:fake@${server.url}`, '--db', db, '--json'])).stdout) as { runId: string };
    const file = join(dir, 'units.jsonl');
    const exported = await runInProcess(['export', run.runId, '--out', file, '--db', db]);
    assert.equal(exported.code, 0, exported.stderr);
    assert.equal(readFileSync(file, 'utf8').trim().split('\n').length, 2);
    const other = join(dir, 'import.db');
    const imported = await runInProcess(['import', file, '--db', other, '--json']);
    assert.deepEqual(JSON.parse(imported.stdout), { lines: 2, imported: 2, skipped: 0, createdRuns: [run.runId] });
    const again = await runInProcess(['import', file, '--db', other, '--json']);
    assert.equal((JSON.parse(again.stdout) as { skipped: number }).skipped, 2);
  });

  it('bad input: one error line, a hint, a non-zero exit code', async () => {
    const unknown = await runInProcess(['run', '--protocol', 'nope', '--dataset', 'demo', '--backend', `openai:fake@${server.url}`, '--db', join(dir, 'bad.db')]);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /^error: unknown protocol "nope"\nhint: known protocols: ni, du, gdp/m);

    const file = join(dir, 'broken.jsonl');
    writeFileSync(file, '{"question":"q?","options":{"A":"x","B":"y"},"answer":"x","answer_idx":"A","meta_info":"step1"}\n{"question": "no options"}\n');
    const broken = await runInProcess(['run', '--protocol', 'ni', '--dataset', 'medqa', '--data', file, '--backend', `openai:fake@${server.url}`, '--db', join(dir, 'bad.db')]);
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /broken\.jsonl, line 2, field "/);

    const spec = await runInProcess(['run', '--protocol', 'ni', '--dataset', 'demo', '--backend', 'gpt4', '--db', join(dir, 'bad.db')]);
    assert.notEqual(spec.code, 0);
    assert.match(spec.stderr, /invalid backend spec "gpt4"/);
    assert.match(spec.stderr, /hint: expected one of: openai:<model>@<base-url>/);

    // the three failed runs above leave no database behind (each removes the store it created and did not use)
    assert.match((await runInProcess(['show', 'run-missing', '--db', join(dir, 'bad.db')])).stderr, /no database at .*bad\.db/);
    const missing = await runInProcess(['show', 'run-missing', '--db', join(dir, 'bad.db'), '--create']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /no run "run-missing"/);
  });
});
