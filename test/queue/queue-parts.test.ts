/**
 * The parts of queue mode that need no server: locations, question sources
 * and the content-hash check, protocol rebuilding, progress and ETA, and
 * the job processor's refusals.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { loadQuestions } from '../../src/datasets/load-questions.js';
import { createDebateProtocol } from '../../src/protocols/debate/create-debate-protocol.js';
import { DEBATE_PRESETS } from '../../src/protocols/debate/presets.js';
import { getProtocolFactory } from '../../src/protocols/registry.js';
import { loadRunQuestions } from '../../src/runner/load-run-questions.js';
import { processUnitJob } from '../../src/queue/process-unit-job.js';
import { DatasetChangedError } from '../../src/runner/dataset-changed-error.js';
import { DEFAULT_QUEUE_NAME, parseQueueLocation } from '../../src/queue/queue-location.js';
import { runQuestionSource } from '../../src/runner/question-source.js';
import { isPermanent } from '../../src/queue/process-unit-job.js';
import { rebuildProtocol } from '../../src/queue/rebuild-protocol.js';
import { RunContexts } from '../../src/queue/run-contexts.js';
import type { BackendPool } from '../../src/runner/backend-pool.js';
import { corruptedDatasetName, corruptQuestions } from '../../src/robustness/corrupt-question.js';
import { ConfigError } from '../../src/spec/errors.js';
import type { RunConfig } from '../../src/spec/run-config.js';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';
import { fixedClock } from '../../src/util/clock.js';
import { hashValue } from '../../src/util/hash.js';
import { runRecord } from '../../src/testing/trace-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-queue-parts-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const config = (overrides: Partial<RunConfig> = {}): RunConfig => ({ ...runRecord('r').config, ...overrides });

describe('queue location', () => {
  it('defaults the queue name, reads ?queue=, and never shows the password', () => {
    const plain = parseQueueLocation('redis://cache.lan:6379/2');
    assert.equal(plain.queueName, DEFAULT_QUEUE_NAME);
    assert.equal(plain.redisUrl, 'redis://cache.lan:6379/2');
    const named = parseQueueLocation('rediss://:hunter2@cache.lan:6380/0?queue=study-b');
    assert.equal(named.queueName, 'study-b');
    assert.doesNotMatch(named.redisUrl, /queue=/);
    assert.doesNotMatch(named.display, /hunter2/);
    assert.match(named.redisUrl, /hunter2/, 'ioredis still gets the password');
  });

  it('refuses other schemes, bad names and non-URLs without echoing secrets', () => {
    for (const location of ['postgres://u:hunter2@h/db', 'redis://:hunter2@h:6379?queue=a:b', 'not a url hunter2']) {
      assert.throws(
        () => parseQueueLocation(location),
        (error: unknown) => error instanceof ConfigError && !/hunter2/.test(`${error.message} ${error.hint}`),
      );
    }
  });
});

describe('question sources', () => {
  const lines = (answers: string[]) => answers.map((answer, index) => JSON.stringify({ id: `q${index + 1}`, question: `Question ${index + 1}?`, options: ['one', 'two', 'three'], answer })).join('\n');

  it('reads a corrupted run\'s loader and corruption from its recorded dataset name', () => {
    const name = corruptedDatasetName('finqa', { rate: 0.1, seed: 7 });
    assert.deepEqual(runQuestionSource(config({ dataset: { name, path: 'data/finqa.json', limit: 5, questionIds: [], contentHash: 'x' } })), {
      dataset: 'finqa',
      path: 'data/finqa.json',
      limit: 5,
      corruption: { rate: 0.1, seed: 7 },
    });
    assert.deepEqual(runQuestionSource(config({ dataset: { name: 'demo', path: 'builtin:demo', questionIds: [], contentHash: 'x' } })), { dataset: 'demo', path: 'builtin:demo' });
  });

  it('rebuilds the run\'s questions in run order from a file under the data directory', async () => {
    writeFileSync(join(dir, 'same.jsonl'), lines(['A', 'B', 'C']));
    const loaded = await loadQuestions({ path: join(dir, 'same.jsonl') });
    const run = [loaded.questions[2]!, loaded.questions[0]!];
    const runConfig = config({ dataset: { name: 'generic', path: 'same.jsonl', questionIds: ['q3', 'q1'], contentHash: hashValue(run) } });
    const questions = await loadRunQuestions('r', runConfig, runQuestionSource(runConfig), { dataDir: dir });
    assert.deepEqual([...questions.keys()], ['q3', 'q1']);
    assert.deepEqual(questions.get('q1'), loaded.questions[0]);
  });

  it('applies the recorded corruption before checking the hash', async () => {
    const loaded = await loadQuestions({ dataset: 'demo', limit: 3 });
    const corruption = { rate: 0.3, seed: 4 };
    const run = corruptQuestions(loaded.questions, corruption);
    const runConfig = config({ dataset: { name: corruptedDatasetName('demo', corruption), path: 'builtin:demo', limit: 3, questionIds: run.map((question) => question.id), contentHash: hashValue(run) } });
    const questions = await loadRunQuestions('r', runConfig, runQuestionSource(runConfig));
    assert.equal(questions.size, 3);
  });

  it('refuses a changed or different file, naming it, with a hint', async () => {
    const file = join(dir, 'changed.jsonl');
    writeFileSync(file, lines(['A', 'B']));
    const loaded = await loadQuestions({ path: file });
    const runConfig = config({ dataset: { name: 'generic', path: file, questionIds: ['q1', 'q2'], contentHash: hashValue(loaded.questions) } });
    writeFileSync(file, lines(['A', 'C']));
    await assert.rejects(loadRunQuestions('run-7', runConfig, runQuestionSource(runConfig)), (error: unknown) => {
      assert.ok(error instanceof DatasetChangedError);
      assert.equal(error.code, 'DATASET_CHANGED');
      assert.match(error.message, /run-7: the questions loaded from .*changed\.jsonl differ/);
      assert.match(error.hint ?? '', /same path, or under --data-dir/);
      return true;
    });
    writeFileSync(file, lines(['A']));
    await assert.rejects(loadRunQuestions('run-7', runConfig, runQuestionSource(runConfig)), /lacks 1 of the run's questions \(q2\)/);
  });
});

describe('rebuilding protocols', () => {
  const recorded = (preset: string, options: Parameters<ReturnType<typeof getProtocolFactory>['create']>[0] = {}) => {
    const protocol = getProtocolFactory(preset).create(options);
    return config({ protocol: { name: protocol.name, preset, params: { ...protocol.params } } });
  };

  it('rebuilds every debate preset, with overrides and escalation, and DeALOG, with the recorded parameters', () => {
    const cases = [
      ...Object.keys(DEBATE_PRESETS).map((preset) => recorded(preset)),
      recorded('gdp', { overrides: { rounds: 4, drafts: 2 } }),
      recorded('adaptive', { escalate: 'gdp' }),
      recorded('dealog', { overrides: { rounds: 3 } }),
      recorded('du', { overrides: { decision: 'ranked', maxRanks: 3 } }),
      recorded('self-consistency', { overrides: { samples: 5 } }),
      recorded('sc-matched', { overrides: { match: 'du-fresh' } }),
    ];
    for (const runConfig of cases) {
      const protocol = rebuildProtocol(runConfig);
      assert.equal(protocol.name, runConfig.protocol.name);
      assert.equal(hashValue(protocol.params), hashValue(runConfig.protocol.params));
    }
    assert.equal(rebuildProtocol(recorded('adaptive', { escalate: 'gdp' })).params['format'], createDebateProtocol('gdp').params.format);
  });

  it('refuses protocols it cannot rebuild as recorded', () => {
    assert.throws(() => rebuildProtocol(config({ protocol: { name: 'telepathy', preset: 'telepathy', params: {} } })), ConfigError);
    assert.throws(() => rebuildProtocol(config({ protocol: { name: 'du', preset: 'du', params: { ...DEBATE_PRESETS.du!.params, rounds: 99 } } })), ConfigError);
  });
});

describe('the job processor', () => {
  it('fails malformed jobs and units missing from the store at once, with a hint', async () => {
    const store = await openSqliteStore(':memory:');
    const context = { store, contexts: {} as RunContexts, clock: fixedClock() };
    await assert.rejects(processUnitJob({ hello: 'world' }, context), (error: unknown) => error instanceof Error && /not a quorum unit job/.test(error.message));
    const job = { v: 1, runId: 'r', unitId: 'u_00000000000000000000', questionId: 'q', protocol: 'du', seed: 1, source: { dataset: 'demo', path: 'builtin:demo' } };
    await assert.rejects(processUnitJob(job, context), (error: unknown) => error instanceof Error && /not in the store this worker uses/.test(error.message));
    await store.close();
  });
});

describe('workers and code versions', () => {
  it('refuse the units of a run planned by another code version, and take those of the run\'s own or an allowed mixed-in one', async () => {
    const store = await openSqliteStore(':memory:');
    try {
      const run = runRecord('r-version');
      await store.createRun({ ...run, config: { ...run.config, codeVersion: '0.1.0+aaaaaaaaaaaa', versionMix: [{ at: '2026-01-02T00:00:00.000Z', codeVersion: '0.1.0+bbbbbbbbbbbb' }] } });
      const [unitId] = await store.addUnits(run.id, [{ questionId: 'demo-1', protocol: 'du', seed: 1 }]);
      // the version check comes before any backend is needed, so an empty pool suffices for the refusal
      const contexts = (codeVersion: string) => new RunContexts({ store, backends: {} as BackendPool, codeVersion });
      const job = { v: 1, runId: run.id, unitId: unitId!, questionId: 'demo-1', protocol: 'du', seed: 1, source: { dataset: 'demo', path: 'builtin:demo' } };
      await assert.rejects(processUnitJob(job, { store, contexts: contexts('0.1.0+cccccccccccc'), clock: fixedClock() }), (error: unknown) => {
        assert.ok(isPermanent(error), 'retrying on the same worker cannot help');
        assert.match((error as Error).message, /made by quorum 0\.1\.0\+aaaaaaaaaaaa, 0\.1\.0\+bbbbbbbbbbbb; this worker is 0\.1\.0\+cccccccccccc/);
        return true;
      });
      assert.equal((await store.getUnit(unitId!))?.status, 'pending');
      for (const accepted of ['0.1.0+aaaaaaaaaaaa', '0.1.0+bbbbbbbbbbbb']) {
        // past the version check the build goes on to the backends, which this empty pool does not have
        await assert.rejects(contexts(accepted).get(run.id, job.source), (error: unknown) => !/this worker is/.test(String(error)));
      }
    } finally {
      await store.close();
    }
  });
});
