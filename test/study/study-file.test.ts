/** study.yaml: validation with line numbers, defaults, and `${VAR}` in backend specs and dataset paths. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseStudyFile } from '../../src/study/load-study-file.js';
import { StudyFileError, type StudyFileProblem } from '../../src/study/study-file-error.js';

const VALID = `name: cara-demo
datasets:
  - dataset: medqa
    limit: 20
backends:
  local: openai:\${MODEL:-qwen2.5:7b}@http://127.0.0.1:11434/v1
agents:
  count: 3
  backend: local
protocols:
  - ni
  - du
  - { name: gdp-r3, preset: gdp, rounds: 3 }
seeds: 1-5
`;

/** The problems a text produces (fails when it parses). */
function problems(text: string, env: NodeJS.ProcessEnv = {}): StudyFileProblem[] {
  try {
    parseStudyFile(text, 'study.yaml', env);
  } catch (error) {
    assert.ok(error instanceof StudyFileError, String(error));
    assert.equal(error.code, 'CONFIG_STUDY');
    return [...error.problems];
  }
  assert.fail('the study file parsed');
}

describe('study file', () => {
  it('parses a minimal file and fills in the defaults', () => {
    const file = parseStudyFile(VALID, 'study.yaml', {});
    assert.deepEqual(file.seeds, [1, 2, 3, 4, 5]);
    assert.deepEqual(file.protocols, [{ preset: 'ni' }, { preset: 'du' }, { name: 'gdp-r3', preset: 'gdp', rounds: 3 }]);
    assert.deepEqual(file.datasets[0]!.sample, { method: 'first', seed: 0 });
    assert.equal(file.backends.local, 'openai:qwen2.5:7b@http://127.0.0.1:11434/v1');
    assert.deepEqual(file.audit, { enabled: true, embed: 'wordvec', nli: 'heuristic', tau: 0.5 });
    assert.deepEqual(file.analysis, { pairing: 'question-seed', bootstrap: { resamples: 2000, seed: 0 }, alpha: 0.05 });
    assert.equal(file.concurrency, 4);
    assert.deepEqual(file.budget, {});
  });

  it('reads ${VAR} from the environment and names the line of an unset one', () => {
    assert.equal(parseStudyFile(VALID, 'study.yaml', { MODEL: 'llama3' }).backends.local, 'openai:llama3@http://127.0.0.1:11434/v1');
    const [problem] = problems(VALID.replace('${MODEL:-qwen2.5:7b}', '${MODEL}'));
    assert.deepEqual([problem!.line, problem!.field], [6, 'backends.local']);
    assert.match(problem!.message, /MODEL is not set/);
  });

  it('reads ${VAR} in a dataset path and names the line of an unset one', () => {
    const text = VALID.replace('    limit: 20', '    limit: 20\n    path: \${DATA:-data/q.jsonl}');
    assert.equal(parseStudyFile(text, 'study.yaml', {}).datasets[0]!.path, 'data/q.jsonl');
    assert.equal(parseStudyFile(text, 'study.yaml', { DATA: '/tmp/other.jsonl' }).datasets[0]!.path, '/tmp/other.jsonl');
    const [problem] = problems(text.replace('\${DATA:-data/q.jsonl}', '\${DATA}'));
    assert.deepEqual([problem!.line, problem!.field], [5, 'datasets.0.path']);
    assert.match(problem!.message, /DATA is not set/);
  });

  it('names the line and column of a YAML syntax error', () => {
    const [problem] = problems('name: x\nseeds: [1, 2\nprotocols: [du]\n');
    assert.equal(problem!.line, 3);
    assert.match(problem!.message, /^YAML syntax: /);
    const [duplicate] = problems('name: x\nname: y\n');
    assert.deepEqual([duplicate!.line, duplicate!.column], [2, 1]);
  });

  it('names the line of every schema problem at once, in file order', () => {
    const text = VALID.replace('    limit: 20', '    limit: 0').replace('  - du\n', '  - du\n  - { preset: cr, roundz: 2 }\n').replace('seeds: 1-5', 'seeds: one');
    const found = problems(text);
    assert.deepEqual(
      found.map((problem) => [problem.line, problem.field]),
      [
        [4, 'datasets.0.limit'],
        [13, 'protocols.2.roundz'],
        [15, 'seeds'],
      ],
    );
    assert.match(found[1]!.message, /unknown field "roundz"/);
    assert.match(found[2]!.message, /list|range/);
  });

  it('points a missing field at its parent', () => {
    const [problem] = problems(VALID.replace('  backend: local\n', ''));
    assert.deepEqual([problem!.line, problem!.field], [8, 'agents']);
    assert.match(problem!.message, /exactly one of "backend"/);
    const missing = problems('name: x\n');
    assert.ok(missing.some((entry) => entry.field === 'datasets' && entry.line === 1 && /missing/.test(entry.message)));
  });

  it('checks references: backends, presets, datasets, comparison labels, personas, seeds', () => {
    const text = `name: refs
datasets:
  - dataset: nosuch
  - dataset: medqa
    sample: random
backends:
  local: openai:m@http://127.0.0.1:1/v1
agents:
  count: 2
  backend: locl
  personas: [only one]
judge: elsewhere
protocols: [ni, { preset: nope }, { name: ni, preset: du }]
seeds: [1, 1]
comparisons:
  baseline: gdp
  pairs: [[ni, ni]]
`;
    const found = problems(text);
    const at = (field: string) => found.find((problem) => problem.field === field);
    assert.equal(at('datasets.0.dataset')?.line, 3);
    assert.match(at('datasets.0.dataset')!.message, /unknown dataset "nosuch"; known datasets: .*medqa/);
    assert.equal(at('datasets.1.sample')?.line, 5);
    assert.equal(at('agents.backend')?.line, 10);
    assert.match(at('agents.backend')!.message, /unknown backend "locl"; backends defined under "backends": local/);
    assert.equal(at('agents.personas')?.line, 11);
    assert.equal(at('judge.backend')?.line, 12);
    assert.equal(at('protocols.1.preset')?.line, 13);
    assert.match(at('protocols.1.preset')!.message, /unknown protocol "nope"; known protocols: ni, du, gdp/);
    assert.match(at('protocols.2')!.message, /two protocols are named "ni"/);
    assert.equal(at('seeds')?.line, 14);
    assert.equal(at('comparisons.baseline')?.line, 16);
    assert.equal(at('comparisons.pairs.0')?.line, 17);
  });

  it('formats the error as file:line:column lines with a hint', () => {
    try {
      parseStudyFile(VALID.replace('limit: 20', 'limit: -1'), 'studies/cara.yaml', {});
      assert.fail('parsed');
    } catch (error) {
      assert.ok(error instanceof StudyFileError);
      assert.match(error.message, /^studies\/cara\.yaml:4:12: datasets\.0\.limit: /);
      assert.match(error.hint ?? '', /docs\/configuration\.md/);
    }
  });
});
