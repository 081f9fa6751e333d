import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { loadRunFile, parseRunFile, RunFileError } from '../../src/runner/run-file.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-run-file-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The problems of an invalid run file. */
function problems(text: string, file = 'exp/run.yaml'): RunFileError {
  try {
    parseRunFile(text, file);
  } catch (error) {
    assert.ok(error instanceof RunFileError, `expected a RunFileError, got ${String(error)}`);
    return error;
  }
  assert.fail('the run file parsed');
}

describe('run file', () => {
  it('the full example of docs/agents.md resolves every field; paths are relative to the file', () => {
    mkdirSync(join(dir, 'personas'), { recursive: true });
    writeFileSync(join(dir, 'personas', 'skeptic.txt'), 'Doubt every claim until it is grounded.\n');
    const file = join(dir, 'run.yaml');
    const request = parseRunFile(
      [
        'protocol:',
        '  preset: ra-cr',
        '  rounds: 2',
        'dataset:',
        '  dataset: medqa',
        '  path: data/medqa.jsonl',
        '  limit: 20',
        'backend: openai:qwen2.5-72b@http://gpu-1:8000/v1',
        'agents:',
        '  - name: Skeptic',
        '    personaFile: personas/skeptic.txt',
        '    decoding: {temperature: 0.9}',
        '  - name: Llama',
        '    backend: openai:llama-3.3-70b@http://gpu-2:8000/v1#key-env=GPU2_KEY',
        '    decoding: {topP: 0.95, maxTokens: 1024}',
        '  - backend: llama:models/phi.gguf',
        '    persona: "You are a pharmacologist: name the receptor."',
        'judge:',
        '  name: Arbiter',
        '  backend: openai:gpt-4o@https://api.openai.com/v1',
        '  decoding: {temperature: 0}',
        'seeds: 1-3',
        'decoding:',
        '  temperature: 0.7',
        '  maxTokens: 768',
        'concurrency: 2',
        'db: results/quorum.db',
      ].join('\n'),
      file,
    );
    assert.deepEqual(request, {
      protocol: 'ra-cr',
      overrides: { rounds: 2 },
      dataset: { name: 'medqa', path: join(dir, 'data/medqa.jsonl'), limit: 20 },
      agents: [
        { name: 'Skeptic', backend: 'openai:qwen2.5-72b@http://gpu-1:8000/v1', persona: 'Doubt every claim until it is grounded.', decoding: { temperature: 0.9 } },
        { name: 'Llama', backend: 'openai:llama-3.3-70b@http://gpu-2:8000/v1#key-env=GPU2_KEY', decoding: { topP: 0.95, maxTokens: 1024 } },
        { backend: 'llama:models/phi.gguf', persona: 'You are a pharmacologist: name the receptor.' },
      ],
      backend: 'openai:qwen2.5-72b@http://gpu-1:8000/v1',
      judge: { name: 'Arbiter', backend: 'openai:gpt-4o@https://api.openai.com/v1', decoding: { temperature: 0 } },
      seeds: [1, 2, 3],
      decoding: { temperature: 0.7, maxTokens: 768 },
      concurrency: 2,
      db: join(dir, 'results/quorum.db'),
    });
  });

  it('short forms: a preset name, a number of agents, a judge spec, one seed, a built-in dataset', () => {
    const request = parseRunFile('protocol: gdp\ndataset: {name: demo}\nagents: 5\nbackend: scripted\njudge: scripted:judge\nseeds: 7\n', 'run.yaml');
    assert.deepEqual(request, { protocol: 'gdp', overrides: {}, dataset: { name: 'demo' }, agents: [], count: 5, backend: 'scripted', judge: { backend: 'scripted:judge' }, seeds: [7] });
  });

  it('dataset.forecast: the FRED event selection, as in study.yaml', () => {
    const request = parseRunFile('protocol: du\ndataset:\n  name: fred\n  forecast: {window: 24, events: all, selectionSeed: 3}\n', 'run.yaml');
    assert.deepEqual(request.dataset, { name: 'fred', forecast: { window: 24, events: 'all', selectionSeed: 3 } });
    const bad = problems('protocol: du\ndataset:\n  name: fred\n  forecast: {window: 0, seed: 3}\n', 'run.yaml');
    assert.deepEqual(bad.problems.map((problem) => problem.field).sort(), ['dataset.forecast.seed', 'dataset.forecast.window']);
  });

  it('schema problems: all at once, each with its line, column and field (old key names located as written)', () => {
    const error = problems(
      [
        'protocol:', //                      1
        '  preset: debate-club', //          2
        '  rounds: -1', //                   3
        'dataset:', //                       4
        '  name: medqa', //                  5
        '  limt: 3', //                      6
        'agents:', //                        7
        '  - name: A', //                    8
        '    backend: openai:gpt-4o@ftp://h/v1', //     9 (openai:<model> alone is valid: OPENAI_BASE_URL or api.openai.com)
        '    temperature: 3', //            10
        '  - name: B', //                   11
        '    persona: hi', //               12
        '    persona_file: b.txt', //       13
        'seeds: [1, 1]', //                 14
      ].join('\n'),
    );
    const lines = error.problems.map((problem) => `${problem.line}:${problem.column} ${problem.field}`);
    assert.deepEqual(lines, ['2:11 protocol.preset', '3:11 protocol.rounds', '6:3 dataset.limt', '9:14 agents.0.backend', '10:18 agents.0.temperature', '11:5 agents.1', '13:19 agents.1.persona_file', '14:8 seeds']);
    assert.match(error.message, /^8 problems in exp\/run\.yaml:\n {2}exp\/run\.yaml:2:11: protocol\.preset: unknown protocol "debate-club"; known protocols: .*ra-cr/);
    assert.match(error.message, /exp\/run\.yaml:6:3: dataset\.limt: unknown field "limt"/);
    assert.match(error.message, /exp\/run\.yaml:9:14: agents\.0\.backend: invalid backend spec "openai:gpt-4o@ftp:\/\/h\/v1"/);
    assert.match(error.message, /exp\/run\.yaml:11:5: agents\.1: no "backend" for this agent and no top-level "backend"/);
    assert.match(error.message, /exp\/run\.yaml:13:19: agents\.1\.persona_file: give "persona" or "personaFile", not both/);
    assert.match(error.message, /exp\/run\.yaml:14:8: seeds: seeds repeat/);
    assert.equal(error.code, 'CONFIG_RUN_FILE');
    assert.match(error.hint!, /docs\/configuration\.md/);
  });

  it('missing and mistyped fields point at the nearest line', () => {
    const missing = problems('protocol: du\nagents: 3\n');
    assert.deepEqual(missing.problems, [{ line: 1, column: 1, field: 'dataset', message: 'missing (expected text or a mapping (key: value))' }]);
    const typed = problems('protocol: du\ndataset: {name: demo}\nagents: many\njudge: [a, b]\n');
    assert.deepEqual(
      typed.problems.map((problem) => [problem.line, problem.field, problem.message]),
      [
        [3, 'agents', 'expected a number or a mapping (key: value) or a list'],
        [4, 'judge', 'expected text or a mapping (key: value)'],
      ],
    );
    assert.match(problems('protocol: du\ndataset: {}\n').message, /run\.yaml:2:10: dataset: give "dataset" \(a loader name\), "path" \(a data file\), or both/);
    assert.match(problems('protocol: du\ndataset: {name: demo}\njudge:\n  backend: scripted\n  personality: wise\n').message, /run\.yaml:5:3: judge\.personality: unknown field "personality"/);
  });

  it('YAML syntax errors and empty files name the file and line', () => {
    const syntax = problems('protocol: du\ndataset:\n  name: demo\n    limit: 3\n');
    // The parser places this one where the mapping that cannot nest begins.
    assert.equal(syntax.problems[0]!.line, 3);
    assert.match(syntax.message, /exp\/run\.yaml:3:9: YAML syntax: Nested mappings are not allowed/);
    assert.match(syntax.hint!, /YAML syntax/);
    assert.match(problems('protocol: du\nprotocol: gdp\ndataset: {name: demo}\n').message, /run\.yaml:2:1: YAML syntax: Map keys must be unique/);
    assert.equal(problems('# nothing\n').message, 'exp/run.yaml: the file is empty');
  });

  it('a persona file that cannot be read names the run file line', () => {
    const error = problems('protocol: du\ndataset: {name: demo}\nagents:\n  - backend: scripted\n    persona_file: nowhere.txt\n', join(dir, 'run.yaml'));
    assert.match(error.message, /run\.yaml:5:19: agents\.0\.persona_file: cannot read persona file nowhere\.txt \(no such file\)$/);
  });

  it('loadRunFile: a missing file is a clear error', async () => {
    await assert.rejects(loadRunFile(join(dir, 'absent.yaml')), (error: unknown) => error instanceof RunFileError && /absent\.yaml: no such file/.test(error.message) && /--config/.test(error.hint!));
  });
});
