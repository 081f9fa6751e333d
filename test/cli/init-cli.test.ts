import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { parseRunFile, loadRunFile } from '../../src/runner/run-file.js';
import { configJsonSchemas, schemaFileText } from '../../src/study/config-json-schemas.js';
import { loadStudy } from '../../src/study/resolve-study.js';
import { runCell } from '../../src/study/run-cell.js';
import type { StartRunOptions } from '../../src/runner/start-run.js';
import type { TraceStore } from '../../src/spec/store.js';
import { silentProgress } from '../../src/runner/progress.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { runInProcess } from '../helpers/run-in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-init-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The file a `# yaml-language-server: $schema=<path>` first line points at, resolved against the YAML file. */
function schemaOf(file: string): string {
  const match = /^# yaml-language-server: \$schema=(\S+)\n/.exec(readFileSync(file, 'utf8'));
  assert.ok(match !== null, `${file} has no schema line`);
  return resolve(dirname(file), match[1]!);
}

describe('quorum init', () => {
  it('writes a run.yaml and a study.yaml that the loaders accept as they are', async () => {
    const target = join(dir, 'project');
    const result = await runInProcess(['init', '--backend', 'ollama:qwen2.5:7b', '--dir', target]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, `wrote ${join(target, 'run.yaml')}, ${join(target, 'study.yaml')}\n`);

    const run = await loadRunFile(join(target, 'run.yaml'));
    assert.equal(run.protocol, 'gdp');
    assert.deepEqual(run.dataset, { name: 'demo', limit: 5 });
    assert.equal(run.backend, 'ollama:qwen2.5:7b');
    assert.equal(run.count, 3);
    assert.deepEqual(run.seeds, [1]);
    assert.equal(run.db, join(target, 'quorum.db'));

    const study = await loadStudy(join(target, 'study.yaml'));
    assert.equal(study.config.name, 'first-study');
    assert.deepEqual(study.config.protocols.map((protocol) => protocol.preset), ['ni', 'du', 'gdp']);
    assert.deepEqual(study.config.seeds, [1, 2]);
    assert.equal(study.config.cells.length, 3);
  });

  it('points each file at its JSON Schema under schemas/', () => {
    const target = join(dir, 'project');
    assert.equal(schemaOf(join(target, 'run.yaml')), join(REPO_ROOT, 'schemas', 'run.schema.json'));
    assert.equal(schemaOf(join(target, 'study.yaml')), join(REPO_ROOT, 'schemas', 'study.schema.json'));
  });

  it('the commented prices block loads once uncommented', () => {
    const text = readFileSync(join(dir, 'project', 'run.yaml'), 'utf8').replace('# prices:\n#   "qwen2.5:7b": "0.10/0.30"', 'prices:\n  "qwen2.5:7b": "0.10/0.30"');
    assert.deepEqual(parseRunFile(text, join(dir, 'project', 'run.yaml')).prices, { 'qwen2.5:7b': { prompt: 0.1, completion: 0.3 } });
  });

  it('prices: in the study file reach every run of the grid', async () => {
    const file = join(dir, 'project', 'study.yaml');
    writeFileSync(join(dir, 'priced.study.yaml'), `${readFileSync(file, 'utf8')}prices:\n  "qwen2.5:7b": "0.10/0.30"\n  other: { prompt: 1, completion: 2 }\n`);
    const study = await loadStudy(join(dir, 'priced.study.yaml'));
    const seen: StartRunOptions[] = [];
    const startRun = async (options: StartRunOptions) => {
      seen.push(options);
      return { runId: 'run-x', resumed: false, existing: false, retried: 0, executed: 0, interrupted: false };
    };
    await runCell({ store: {} as TraceStore, study, startRun }, study.config.cells[0]!, null, silentProgress, new AbortController().signal);
    assert.deepEqual(seen[0]!.prices, { 'qwen2.5:7b': { prompt: 0.1, completion: 0.3 }, other: { prompt: 1, completion: 2 } });
  });

  it('never replaces existing files without --force', async () => {
    const target = join(dir, 'keep');
    await runInProcess(['init', '--dir', target]);
    writeFileSync(join(target, 'run.yaml'), 'mine\n');
    const again = await runInProcess(['init', '--dir', target]);
    assert.equal(again.code, 2);
    assert.match(again.stderr, /already exist\nhint: pass --force to replace them/);
    assert.equal(readFileSync(join(target, 'run.yaml'), 'utf8'), 'mine\n');
    assert.equal((await runInProcess(['init', '--dir', target, '--force'])).code, 0);
    assert.notEqual(readFileSync(join(target, 'run.yaml'), 'utf8'), 'mine\n');
  });

  it('refuses a backend spec it cannot parse, writing nothing', async () => {
    const target = join(dir, 'bad');
    const result = await runInProcess(['init', '--backend', 'gpt4', '--dir', target]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^error: invalid backend spec "gpt4"/);
    assert.equal(existsSync(target), false);
  });
});

describe('JSON Schemas of the YAML files', () => {
  it('schemas/ holds what the zod schemas generate (run `npm run schemas` after changing one)', () => {
    for (const [file, schema] of Object.entries(configJsonSchemas())) {
      assert.equal(readFileSync(join(REPO_ROOT, 'schemas', file), 'utf8'), schemaFileText(schema), `schemas/${file} is stale`);
    }
  });

  it('describe the fields people write', () => {
    const schemas = configJsonSchemas();
    const run = schemas['run.schema.json'] as { required: string[]; properties: Record<string, unknown>; additionalProperties: boolean };
    assert.deepEqual(run.required, ['protocol', 'dataset']);
    assert.equal(run.additionalProperties, false);
    assert.ok('prices' in run.properties && 'backend' in run.properties);
    const study = schemas['study.schema.json'] as { required: string[] };
    // fields with defaults (concurrency, audit, comparisons, …) are optional to write
    assert.deepEqual(study.required, ['name', 'datasets', 'backends', 'agents', 'protocols', 'seeds']);
  });
});
