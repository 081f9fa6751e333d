/**
 * One config dialect: run.yaml and study.yaml read the same keys the same
 * way, report a bad key or type the same way at its line, and run.yaml's old
 * key names still read, with one note per file. Every expected line and
 * column is counted by hand in the fixture text beside it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { priceTableOf } from '../../src/backends/price-assignment.js';
import { ConfigFileError } from '../../src/runner/config-file/config-file-error.js';
import { parseRunFile } from '../../src/runner/run-file.js';
import type { RunConfig } from '../../src/spec/run-config.js';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';
import { parseStudyFile } from '../../src/study/load-study-file.js';
import { runInProcess } from '../helpers/run-in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-config-dialect-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The agents, judge, seeds, concurrency and prices, written once and pasted into both files. */
const SHARED = [
  'agents:',
  '  - name: Skeptic',
  '    backend: scripted',
  '    persona: Doubt every claim.',
  '    decoding: {temperature: 0.2, topP: 0.9, maxTokens: 300}',
  '  - backend: scripted',
  '    decoding: {stop: ["END"]}',
  'judge: {name: Arbiter, backend: scripted, decoding: {temperature: 0}}',
  'seeds: 1-3',
  'concurrency: 2',
  'prices: {fake: "0.10/0.30"}',
].join('\n');

// In a study, `backend` names an entry of `backends:`; naming it `scripted` makes the same text valid in both files.
const STUDY_HEAD = 'name: s\nprotocols:\n  - {preset: du, rounds: 1}\ndatasets:\n  - {dataset: demo, limit: 2}\nbackends: {scripted: scripted}\n';
const RUN_HEAD = 'protocol: {preset: du, rounds: 1}\ndataset: {dataset: demo, limit: 2}\n';

function problemsOf(parse: () => unknown): Array<[string, string]> {
  try {
    parse();
  } catch (error) {
    assert.ok(error instanceof ConfigFileError, String(error));
    return error.problems.map((problem) => [`${problem.line}:${problem.column} ${problem.field}`, problem.message]);
  }
  assert.fail('the file parsed');
}

async function storedConfig(db: string): Promise<RunConfig> {
  const store = await openSqliteStore(db);
  try {
    const [run] = await store.listRuns();
    return (await store.getRun(run!.id))!.config;
  } finally {
    await store.close();
  }
}

describe('one config dialect', () => {
  it('run.yaml and study.yaml read the same agents, judge, decoding, protocol, dataset, seeds, concurrency and prices', () => {
    const run = parseRunFile(RUN_HEAD + SHARED, 'run.yaml');
    const study = parseStudyFile(STUDY_HEAD + SHARED, 'study.yaml', {});
    const agents = [
      { name: 'Skeptic', backend: 'scripted', persona: 'Doubt every claim.', decoding: { temperature: 0.2, topP: 0.9, maxTokens: 300 } },
      { backend: 'scripted', decoding: { stop: ['END'] } },
    ];
    assert.deepEqual(run.agents, agents);
    assert.deepEqual(study.agents, agents);
    const judge = { name: 'Arbiter', backend: 'scripted', decoding: { temperature: 0 } };
    assert.deepEqual(run.judge, judge);
    assert.deepEqual(study.judge, judge);
    assert.deepEqual(run.seeds, [1, 2, 3]);
    assert.deepEqual(study.seeds, [1, 2, 3]);
    assert.equal(run.concurrency, 2);
    assert.equal(study.concurrency, 2);
    assert.deepEqual(run.prices, priceTableOf(study.prices!));
    assert.deepEqual({ preset: run.protocol, ...run.overrides }, study.protocols[0]);
    assert.deepEqual(run.dataset, { name: 'demo', limit: 2 });
    assert.deepEqual({ dataset: study.datasets[0]!.dataset, limit: study.datasets[0]!.limit }, { dataset: 'demo', limit: 2 });
  });

  it('personaFile reads the same persona in both files, relative to each file, and is reported at its line', () => {
    writeFileSync(join(dir, 'skeptic.txt'), 'Doubt every claim.\n');
    const agents = 'agents:\n  - backend: scripted\n    personaFile: skeptic.txt\n';
    assert.deepEqual(parseRunFile(`${RUN_HEAD}${agents}`, join(dir, 'run.yaml')).agents, [{ backend: 'scripted', persona: 'Doubt every claim.' }]);
    const study = parseStudyFile(`${STUDY_HEAD}${agents}seeds: 1\n`, join(dir, 'study.yaml'), {});
    assert.deepEqual(study.agents, [{ backend: 'scripted', persona: 'Doubt every claim.' }]);
    // "    personaFile: skeptic.txt" is the 4th line of the block: line 6 of the run file (2 head lines), line 10 of the study file (6 head lines); its value starts at column 18
    const both = 'agents:\n  - backend: scripted\n    persona: hi\n    personaFile: skeptic.txt\n';
    const message = 'give "persona" or "personaFile", not both';
    assert.deepEqual(problemsOf(() => parseRunFile(`${RUN_HEAD}${both}`, join(dir, 'run.yaml'))), [['6:18 agents.0.personaFile', message]]);
    assert.deepEqual(problemsOf(() => parseStudyFile(`${STUDY_HEAD}${both}seeds: 1\n`, join(dir, 'study.yaml'), {})), [['10:18 agents.0.personaFile', message]]);
    const missing = 'agents:\n  - backend: scripted\n    personaFile: nowhere.txt\n';
    assert.deepEqual(problemsOf(() => parseStudyFile(`${STUDY_HEAD}${missing}seeds: 1\n`, join(dir, 'study.yaml'), {})), [['9:18 agents.0.personaFile', 'cannot read persona file nowhere.txt (no such file)']]);
  });

  it("a study's count form of agents is read by run files too", () => {
    const agents = 'agents: {count: 2, backend: scripted, decoding: {temperature: 0.3}, personas: [Doubt., Trust.]}\n';
    const run = parseRunFile(`${RUN_HEAD}${agents}`, 'run.yaml');
    // the personas make the two agents; backend and decoding are the run's defaults, as the top-level keys would be
    assert.deepEqual(run.agents, [{ backend: 'scripted', persona: 'Doubt.' }, { backend: 'scripted', persona: 'Trust.' }]);
    assert.deepEqual({ backend: run.backend, decoding: run.decoding }, { backend: 'scripted', decoding: { temperature: 0.3 } });
    const study = parseStudyFile(`${STUDY_HEAD}${agents}seeds: 1\n`, 'study.yaml', {});
    assert.deepEqual(study.agents, { count: 2, backend: 'scripted', decoding: { temperature: 0.3 }, personas: ['Doubt.', 'Trust.'] });
    const counted = parseRunFile(`${RUN_HEAD}agents: {count: 3, backend: scripted}\n`, 'run.yaml');
    assert.deepEqual({ count: counted.count, backend: counted.backend, agents: counted.agents }, { count: 3, backend: 'scripted', agents: [] });
    // "agents: {count: 2, backend: scripted, personas: [a]}" on line 3: "personas" value at column 49
    assert.deepEqual(problemsOf(() => parseRunFile(`${RUN_HEAD}agents: {count: 2, backend: scripted, personas: [a]}\n`, 'run.yaml')), [['3:49 agents.personas', '1 personas for 2 agents; give one per agent']]);
  });

  it('a loader name alone is a dataset in both files', () => {
    assert.deepEqual(parseRunFile('protocol: du\ndataset: demo\nbackend: scripted\n', 'run.yaml').dataset, { name: 'demo' });
    const study = parseStudyFile(`${STUDY_HEAD.replace('  - {dataset: demo, limit: 2}', '  - demo')}${SHARED}`, 'study.yaml', {});
    assert.deepEqual(study.datasets, [{ dataset: 'demo', sample: { method: 'first', seed: 0 } }]);
  });

  it('the same bad key and bad type are reported the same way, each at its line in each file', () => {
    const bad = [
      'agents:',
      '  - name: Skeptic',
      '    backend: scripted',
      '    decoding: {temperature: 0.2, top: 0.9}', // "top" starts at column 34
      '  - backend: scripted',
      '    decoding: {maxTokens: many}', // "many" starts at column 27
    ].join('\n');
    const messages = ['unknown field "top"', 'expected a number, got text "many"'];
    // run.yaml: 2 lines before the block, so its lines 4 and 6 are the file's 6 and 8
    assert.deepEqual(problemsOf(() => parseRunFile(`protocol: du\ndataset: demo\n${bad}\n`, 'run.yaml')), [
      ['6:34 agents.0.decoding.top', messages[0]],
      ['8:27 agents.1.decoding.maxTokens', messages[1]],
    ]);
    // study.yaml: 5 lines before the block: lines 9 and 11
    assert.deepEqual(problemsOf(() => parseStudyFile(`name: s\nprotocols: [du]\ndatasets: [demo]\nbackends: {scripted: scripted}\nseeds: 1\n${bad}\n`, 'study.yaml', {})), [
      ['9:34 agents.0.decoding.top', messages[0]],
      ['11:27 agents.1.decoding.maxTokens', messages[1]],
    ]);
  });

  it('an old key with a bad value is reported at the old key, under its written name', () => {
    // line 5 is "    max_tokens: -1": the value starts at column 17
    assert.deepEqual(problemsOf(() => parseRunFile('protocol: du\ndataset: demo\nagents:\n  - backend: scripted\n    max_tokens: -1\n', 'run.yaml')), [['5:17 agents.0.max_tokens', 'Too small: expected number to be >0']]);
  });

  it('both spellings of one key are an error at the old one', () => {
    assert.deepEqual(problemsOf(() => parseRunFile('protocol: du\ndataset: demo\nagents:\n  - backend: scripted\n    top_p: 0.9\n    decoding: {topP: 0.8}\n', 'run.yaml')), [
      ['5:5 agents.0.top_p', 'give "top_p" (the old name) or "decoding.topP", not both'],
    ]);
  });

  it('the old run.yaml keys give the same stored RunConfig as the new ones, with one note per file naming both keys', async () => {
    writeFileSync(join(dir, 'persona.txt'), 'Be careful.\n');
    const old = join(dir, 'old.yaml');
    writeFileSync(
      old,
      [
        'protocol: {preset: du, rounds: 1}', //    1
        'dataset:', //                             2
        '  name: demo', //                         3
        '  limit: 1', //                           4
        'backend: scripted', //                    5
        'agents:', //                              6
        '  - name: Skeptic', //                    7
        '    temperature: 0.2', //                 8
        '    top_p: 0.9', //                       9
        '  - max_tokens: 300', //                 10 (key at column 5)
        '    persona_file: persona.txt', //       11
        'judge:', //                              12
        '  backend: scripted', //                 13
        '  max_tokens: 100', //                   14
        'decoding: {top_p: 0.5, max_tokens: 400}', // 15: top_p at column 12, max_tokens at 24
        'db: old.db', //                          16
      ].join('\n'),
    );
    const current = join(dir, 'new.yaml');
    writeFileSync(
      current,
      [
        'protocol: {preset: du, rounds: 1}',
        'dataset: {dataset: demo, limit: 1}',
        'backend: scripted',
        'agents:',
        '  - name: Skeptic',
        '    decoding: {temperature: 0.2, topP: 0.9}',
        '  - personaFile: persona.txt',
        '    decoding: {maxTokens: 300}',
        'judge: {backend: scripted, decoding: {maxTokens: 100}}',
        'decoding: {topP: 0.5, maxTokens: 400}',
        'db: new.db',
      ].join('\n'),
    );
    // the scripted backend has no replies queued, so units fail; the configuration is stored before any unit runs
    const fromOld = await runInProcess(['run', '--config', old, '--json']);
    const fromNew = await runInProcess(['run', '--config', current, '--json']);
    const note = [
      `note: ${old} uses old key names, read for now (docs/configuration.md, "Renamed keys"):`,
      `  ${old}:3:3: dataset.name is now dataset.dataset`,
      `  ${old}:8:5: agents.0.temperature is now agents.0.decoding.temperature`,
      `  ${old}:9:5: agents.0.top_p is now agents.0.decoding.topP`,
      `  ${old}:10:5: agents.1.max_tokens is now agents.1.decoding.maxTokens`,
      `  ${old}:11:5: agents.1.persona_file is now agents.1.personaFile`,
      `  ${old}:14:3: judge.max_tokens is now judge.decoding.maxTokens`,
      `  ${old}:15:12: decoding.top_p is now decoding.topP`,
      `  ${old}:15:24: decoding.max_tokens is now decoding.maxTokens`,
    ].join('\n');
    assert.ok(fromOld.stderr.startsWith(`${note}\n`), fromOld.stderr);
    assert.doesNotMatch(fromNew.stderr, /note:/);
    const config = await storedConfig(join(dir, 'old.db'));
    assert.deepEqual(config, await storedConfig(join(dir, 'new.db')));
    assert.deepEqual(config.agents, [
      { name: 'Skeptic', backend: 'scripted', decoding: { temperature: 0.2, topP: 0.9, maxTokens: 400 } },
      { name: 'Agent B', backend: 'scripted', persona: 'Be careful.', decoding: { temperature: 0.7, topP: 0.5, maxTokens: 300 } },
    ]);
    // once per file: the same file read again in this process says nothing more
    const again = await runInProcess(['run', '--config', old, '--json']);
    assert.doesNotMatch(again.stderr, /note:/);
  });
});
