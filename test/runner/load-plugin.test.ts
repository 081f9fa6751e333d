/**
 * Plugins: a module's default export (one definition or a list) registers
 * protocols, datasets and metrics; a file that cannot be used is a
 * `PluginError` naming the file and what was expected. Definitions build
 * the same protocol from overrides and from the parameters a run stored.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import { z } from 'zod';
import { defineDataset } from '../../src/datasets/define-dataset.js';
import { getDataset } from '../../src/datasets/registry.js';
import { metricNamed } from '../../src/metrics/metric-registry.js';
import { defineProtocol } from '../../src/protocols/define-protocol.js';
import { getProtocolFactory } from '../../src/protocols/registry.js';
import { loadPlugin, PluginError } from '../../src/runner/load-plugin.js';
import { loadRunFile } from '../../src/runner/run-file.js';
import { ConfigError, DatasetFormatError } from '../../src/spec/errors.js';
import { openStore, registerStoreBackend } from '../../src/store/open-store.js';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-plugin-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const src = (path: string): string => pathToFileURL(join(import.meta.dirname, '../../src', path)).href;

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('loadPlugin', () => {
  it('registers every definition of a TypeScript module: a protocol, a dataset and a metric', async () => {
    const file = write(
      'three.ts',
      `import { z } from '${import.meta.resolve('zod')}';
import { defineProtocol } from '${src('protocols/define-protocol.js')}';
import { defineDataset } from '${src('datasets/define-dataset.js')}';
import { defineMetric } from '${src('metrics/metric-registry.js')}';
export default [
  defineProtocol({ name: 'plugin-echo', description: 'test', params: z.object({ times: z.number().int().default(1) }), async run() {} }),
  defineDataset({ name: 'plugin-set', description: 'test', load: () => [{ id: 'q1', prompt: 'Two plus two?', gold: { kind: 'number', value: 4 } }] }),
  defineMetric({ key: 'plugin_one', label: 'One', source: 'test', needs: [], bounds: [0, 1], binary: true, digits: 0, value: () => 1 }),
];
`,
    );
    const plugin = await loadPlugin(file);
    assert.deepEqual({ protocols: plugin.protocols, datasets: plugin.datasets, metrics: plugin.metrics }, { protocols: ['plugin-echo'], datasets: ['plugin-set'], metrics: ['plugin_one'] });
    assert.equal(getProtocolFactory('plugin-echo').description, 'test');
    assert.equal((await getDataset('plugin-set').load()).length, 1);
    assert.equal(metricNamed('plugin_one')?.label, 'One');
    // loading again is a no-op, not a duplicate registration
    assert.equal(await loadPlugin(file), plugin);
  });

  const cases: Array<[string, string, RegExp]> = [
    ['no-default.mjs', 'export const protocol = 1;\n', /has no default export/],
    ['number.mjs', 'export default 42;\n', /default export is a number, not a definition/],
    ['bad-item.mjs', 'export default [{ kind: "protocol", name: "ok-not", create() {}, fromParams() {} }, "text"];\n', /default export \[1\] is a string/],
    ['throws.mjs', 'throw new Error("boom");\n', /cannot be imported: boom/],
  ];
  for (const [name, text, message] of cases) {
    it(`names the file and what was expected: ${name}`, async () => {
      const file = write(name, text);
      await assert.rejects(loadPlugin(file), (error: unknown) => error instanceof PluginError && error.code === 'PLUGIN' && error.message.includes(file) && message.test(error.message));
    });
  }

  it('names a missing file', async () => {
    await assert.rejects(loadPlugin('./nowhere.mjs', dir), (error: unknown) => error instanceof PluginError && error.message.includes(join(dir, 'nowhere.mjs')) && /no such file/.test(error.message));
  });

  it('a protocol whose name is taken by a built-in is refused', async () => {
    const file = write('clash.ts', `import { defineProtocol } from '${src('protocols/define-protocol.js')}';\nexport default defineProtocol({ name: 'du', description: 'clash', async run() {} });\n`);
    await assert.rejects(loadPlugin(file), (error: unknown) => error instanceof PluginError && /a protocol named "du" is already registered/.test(error.message));
  });

  it('run.yaml plugins: load before the file is checked, relative to it', async () => {
    write('runs-plugin.ts', `import { defineProtocol } from '${src('protocols/define-protocol.js')}';\nexport default defineProtocol({ name: 'from-run-file', description: 'x', async run() {} });\n`);
    const request = await loadRunFile(write('run.yaml', 'plugins: [./runs-plugin.ts]\nprotocol: from-run-file\ndataset: demo\n'));
    assert.equal(request.protocol, 'from-run-file');
    assert.deepEqual(request.plugins, [join(dir, 'runs-plugin.ts')]);
  });
});

describe('defineProtocol', () => {
  const counting = defineProtocol({ name: 'counting', description: 'x', params: z.strictObject({ rounds: z.number().int().min(1).default(2) }), async run() {} });

  it('resolves overrides with the schema, and fromParams gives back the same parameters', () => {
    const created = counting.create({ overrides: { rounds: undefined } });
    assert.deepEqual(created.params, { rounds: 2 });
    assert.deepEqual(counting.fromParams(created.params).params, created.params);
    assert.deepEqual(counting.create({ overrides: { rounds: 5 } }).params, { rounds: 5 });
  });

  it('bad parameters are a ConfigError naming the protocol and the field', () => {
    assert.throws(() => counting.create({ overrides: { rounds: 0 } }), (error: unknown) => error instanceof ConfigError && /protocol "counting": invalid parameters: rounds/.test(error.message));
    const bare = defineProtocol({ name: 'bare', description: 'x', async run() {} });
    assert.throws(() => bare.create({ overrides: { samples: 3 } }), /takes no parameters \(got samples\)/);
  });

  it('refuses a name the command line cannot take', () => {
    assert.throws(() => defineProtocol({ name: 'Two Words', description: 'x', async run() {} }), ConfigError);
  });
});

describe('defineDataset and registerStoreBackend', () => {
  it('a loaded question that breaks the question schema names the dataset, its position and field', async () => {
    const broken = defineDataset({ name: 'broken', description: 'x', load: () => [{ id: 'q1', prompt: 'ok', gold: { kind: 'number', value: 1 } }, { id: 'q2', gold: { kind: 'number', value: 2 } } as never] });
    await assert.rejects(broken.load(undefined, {}), (error: unknown) => error instanceof DatasetFormatError && error.field === 'questions[1].prompt' && error.file === 'dataset broken');
  });

  it('a registered scheme opens through openStore; a taken scheme is refused', async () => {
    let opened = '';
    registerStoreBackend({ schemes: ['memtest:'], open: async (location) => ((opened = location), openSqliteStore(':memory:')) });
    const store = await openStore('memtest://anything');
    await store.close();
    assert.equal(opened, 'memtest://anything');
    assert.throws(() => registerStoreBackend({ schemes: ['postgres:'], open: async () => openSqliteStore(':memory:') }), /store scheme postgres: is already registered/);
  });
});
