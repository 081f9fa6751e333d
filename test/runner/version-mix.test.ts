/**
 * codeVersion changes with the prompts and parsers, and resume refuses to
 * continue a run made by another code version unless told to, recording it.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { DEMO_QUESTIONS } from '../../src/datasets/demo-questions.js';
import { createDebateProtocol } from '../../src/protocols/debate/create-debate-protocol.js';
import { executeRun } from '../../src/runner/execute-run.js';
import { VersionMixError } from '../../src/runner/version-mix.js';
import { CODE_FINGERPRINT } from '../../src/code-fingerprint.js';
import { ConfigError } from '../../src/spec/errors.js';
import type { RunConfig } from '../../src/spec/run-config.js';
import type { TraceStore } from '../../src/spec/store.js';
import { openStore } from '../../src/store/open-store.js';
import { fixedClock } from '../../src/util/clock.js';
import { CODE_VERSION, QUORUM_VERSION } from '../../src/version.js';
import { FINGERPRINT_SOURCES } from '../../scripts/code-fingerprint.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { agentsOn, scriptedDebate } from '../helpers/scripted-debaters.js';

describe('codeVersion', () => {
  it('is the package version plus 12 hex digits of the fingerprint of prompts, parsers, tools and scorers', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    assert.equal(QUORUM_VERSION, pkg.version);
    assert.equal(CODE_VERSION, `${pkg.version}+${CODE_FINGERPRINT.sha256.slice(0, 12)}`);
  });

  it('src/code-fingerprint.ts is fresh (else run: node --import tsx scripts/code-fingerprint.ts)', () => {
    // recomputed here from its definition: SHA-256 over the sorted files of the sources, each as path NUL bytes NUL
    const walk = (path: string): string[] => {
      const stat = statSync(join(REPO_ROOT, path), { throwIfNoEntry: false });
      if (stat === undefined) return [];
      if (stat.isFile()) return /\.(ts|tsx|mjs|js|json)$/.test(path) ? [path] : [];
      return readdirSync(join(REPO_ROOT, path)).flatMap((name) => walk(`${path}/${name}`));
    };
    const files = [...new Set(FINGERPRINT_SOURCES.flatMap(walk))].sort();
    assert.ok(files.includes('src/protocols/debate/prompts.ts') && files.includes('src/parsing/mcq-answer.ts') && files.includes('src/metrics/score-answer.ts'));
    const hash = createHash('sha256');
    for (const file of files) hash.update(`${file}\0`).update(readFileSync(join(REPO_ROOT, file))).update('\0');
    assert.deepEqual(CODE_FINGERPRINT, { sha256: hash.digest('hex'), files: files.length }, 'stale: run node --import tsx scripts/code-fingerprint.ts');
  });
});

function config(codeVersion: string): RunConfig {
  const protocol = createDebateProtocol('ni');
  return {
    protocol: { name: 'ni', preset: 'ni', params: { ...protocol.params } },
    agents: ['Agent A', 'Agent B', 'Agent C'].map((name) => ({ name, backend: 'scripted:scripted', decoding: { temperature: 0 } })),
    dataset: { name: 'demo', path: 'builtin:demo', questionIds: DEMO_QUESTIONS.map((q) => q.id), contentHash: 'x' },
    seeds: [1],
    concurrency: 1,
    codeVersion,
    traceVersion: 1,
  };
}

/** Stores an interrupted run made by `codeVersion`, with no unit finished. */
async function interruptedRun(store: TraceStore, codeVersion: string): Promise<void> {
  await store.createRun({ id: 'run-old', createdAt: '2026-01-01T00:00:00.000Z', status: 'interrupted', config: config(codeVersion) });
}

async function resume(store: TraceStore, codeVersion: string, options: { resumeRunId?: string; allowVersionMix?: boolean } = {}) {
  const protocol = createDebateProtocol('ni');
  const agents = agentsOn(scriptedDebate({}));
  return executeRun({ store, config: config(codeVersion), protocol, agents, questions: DEMO_QUESTIONS, newRunId: () => 'run-new', clock: fixedClock(Date.UTC(2026, 1, 2)), ...options });
}

describe('resume and code versions', () => {
  for (const explicit of [true, false]) {
    it(`refuses to continue a run of another code version (${explicit ? '--resume' : 'matching unfinished run'}), naming both`, async () => {
      const store = await openStore(':memory:');
      try {
        await interruptedRun(store, '0.1.0+aaaaaaaaaaaa');
        await assert.rejects(resume(store, '0.1.0+bbbbbbbbbbbb', explicit ? { resumeRunId: 'run-old' } : {}), (error: unknown) => {
          assert.ok(error instanceof VersionMixError && error instanceof ConfigError);
          assert.match(error.message, /run-old was made by quorum 0\.1\.0\+aaaaaaaaaaaa.*this is 0\.1\.0\+bbbbbbbbbbbb/);
          assert.match(error.hint ?? '', /--allow-version-mix/);
          assert.match(error.hint ?? '', /--fresh/);
          return true;
        });
        assert.equal((await store.countUnits('run-old')).done, 0, 'nothing ran');
        assert.equal((await store.getRun('run-old'))!.config.versionMix, undefined);
      } finally {
        await store.close();
      }
    });
  }

  it('with allowVersionMix continues the run and records which version joined, and when', async () => {
    const store = await openStore(':memory:');
    try {
      await interruptedRun(store, '0.1.0+aaaaaaaaaaaa');
      const outcome = await resume(store, '0.1.0+bbbbbbbbbbbb', { resumeRunId: 'run-old', allowVersionMix: true });
      assert.deepEqual([outcome.runId, outcome.resumed, outcome.executed], ['run-old', true, DEMO_QUESTIONS.length]);
      const stored = (await store.getRun('run-old'))!.config;
      assert.equal(stored.codeVersion, '0.1.0+aaaaaaaaaaaa', 'the version that started the run stays');
      assert.deepEqual(stored.versionMix, [{ at: '2026-02-02T00:00:00.000Z', codeVersion: '0.1.0+bbbbbbbbbbbb' }]);
    } finally {
      await store.close();
    }
  });

  it('resumes the same version without recording anything', async () => {
    const store = await openStore(':memory:');
    try {
      await interruptedRun(store, '0.1.0+aaaaaaaaaaaa');
      const outcome = await resume(store, '0.1.0+aaaaaaaaaaaa', { resumeRunId: 'run-old' });
      assert.equal(outcome.resumed, true);
      assert.equal((await store.getRun('run-old'))!.config.versionMix, undefined);
    } finally {
      await store.close();
    }
  });
});

describe('quorum run --resume across code versions', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quorum-version-mix-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('stops with a hint, and --allow-version-mix continues and records it', async () => {
    const server = await FakeOpenAiServer.start({ fallback: { kind: 'reply', text: 'Short reasoning.\nAnswer: B' } });
    try {
      const db = join(dir, 'mix.db');
      const args = ['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '1', '--backend', `openai:fake@${server.url}`, '--db', db, '--json'];
      const first = await runInProcess(args);
      assert.equal(first.code, 0, first.stderr);
      const runId = String((JSON.parse(first.stdout) as { runId: string }).runId);
      // pretend an older quorum made the run and was interrupted before its last unit
      const connection = new Database(db);
      const row = connection.prepare('select config from runs where id = ?').get(runId) as { config: string };
      const config = JSON.parse(row.config) as RunConfig;
      assert.equal(config.codeVersion, CODE_VERSION, 'a run records the current code version');
      connection.prepare("update runs set config = ?, code_version = ?, status = 'interrupted' where id = ?").run(JSON.stringify({ ...config, codeVersion: '0.0.9+000000000000' }), '0.0.9+000000000000', runId);
      connection.prepare("update units set status = 'pending', summary = null, finished_at = null where run_id = ?").run(runId);
      connection.prepare('delete from events').run();
      connection.close();

      const refused = await runInProcess([...args, '--resume', runId]);
      assert.equal(refused.code, 2, refused.stderr);
      assert.match(refused.stderr, new RegExp(`run ${runId} was made by quorum 0\\.0\\.9\\+000000000000`));
      assert.match(refused.stderr, /--allow-version-mix/);

      const mixed = await runInProcess([...args, '--resume', runId, '--allow-version-mix']);
      assert.equal(mixed.code, 0, mixed.stderr);
      const report = JSON.parse(mixed.stdout) as { resumed: boolean; codeVersion: string; versionMix: Array<{ codeVersion: string }> };
      assert.equal(report.resumed, true);
      // what a researcher sees: the run's own version, and the version that joined it
      assert.equal(report.codeVersion, '0.0.9+000000000000');
      assert.deepEqual(report.versionMix.map((mix) => mix.codeVersion), [CODE_VERSION]);
      const shown = await runInProcess(['show', runId, '--db', db]);
      assert.match(shown.stdout, /code\s+quorum 0\.0\.9\+000000000000/);
      assert.match(shown.stdout, new RegExp(`warning\\s+units finished after \\S+ were made by quorum ${CODE_VERSION.replace(/[.+]/g, '\\$&')}`));
      const check = new Database(db, { readonly: true });
      const stored = JSON.parse((check.prepare('select config from runs where id = ?').get(runId) as { config: string }).config) as RunConfig;
      check.close();
      assert.equal(stored.codeVersion, '0.0.9+000000000000');
      assert.deepEqual(stored.versionMix?.map((mix) => mix.codeVersion), [CODE_VERSION]);
    } finally {
      await server.close();
    }
  });
});
