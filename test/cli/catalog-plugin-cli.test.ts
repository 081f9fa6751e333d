/**
 * `quorum protocols --plugin <file>` and `quorum datasets --plugin <file>`
 * load the plugin first and list its protocols or datasets beside the
 * built-in ones, marked with the file they come from.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import { runInProcess } from '../helpers/run-in-process.js';
import { escapeRegExp } from '../../src/util/escape-reg-exp.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-protocols-plugin-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const defineProtocolUrl = pathToFileURL(join(import.meta.dirname, '../../src/protocols/define-protocol.js')).href;
const defineDatasetUrl = pathToFileURL(join(import.meta.dirname, '../../src/datasets/define-dataset.js')).href;

describe('quorum protocols --plugin', () => {
  it('lists the plugin protocol with its file; without the flag it is not there', async () => {
    const file = join(dir, 'listed.mjs');
    writeFileSync(file, `import { defineProtocol } from '${defineProtocolUrl}';\nexport default defineProtocol({ name: 'listed-here', paperName: 'Listed (2026)', description: 'a plugin protocol', async run() {} });\n`);
    const before = await runInProcess(['protocols', '--json']);
    assert.equal(before.code, 0, before.stderr);
    const builtIn = JSON.parse(before.stdout) as Array<{ name: string }>;
    assert.equal(builtIn.some((row) => row.name === 'listed-here'), false);

    const listed = await runInProcess(['protocols', '--plugin', file, '--json']);
    assert.equal(listed.code, 0, listed.stderr);
    const rows = JSON.parse(listed.stdout) as Array<{ name: string; paper: string; description: string; plugin?: string }>;
    assert.equal(rows.length, builtIn.length + 1);
    assert.deepEqual(rows.at(-1), { name: 'listed-here', paper: 'Listed (2026)', description: `a plugin protocol (plugin ${file})`, plugin: file });

    const text = await runInProcess(['protocols', '--plugin', file]);
    assert.match(text.stdout, new RegExp(`^listed-here +Listed \\(2026\\) +a plugin protocol \\(plugin ${escapeRegExp(file)}\\)$`, 'm'));
  });

  it('a plugin file that cannot be loaded is an error naming it', async () => {
    const result = await runInProcess(['protocols', '--plugin', join(dir, 'missing.mjs')]);
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /plugin .*missing\.mjs: no such file/);
  });

  it('quorum datasets --plugin lists the plugin dataset with its file', async () => {
    const file = join(dir, 'questions.mjs');
    writeFileSync(file, `import { defineDataset } from '${defineDatasetUrl}';\nexport default defineDataset({ name: 'listed-set', description: 'plugin questions', load: () => [{ id: 'q1', prompt: 'Two plus two?', gold: { kind: 'number', value: 4 } }] });\n`);
    const before = JSON.parse((await runInProcess(['datasets', '--json'])).stdout) as Array<{ name: string }>;
    assert.equal(before.some((row) => row.name === 'listed-set'), false);
    const listed = await runInProcess(['datasets', '--plugin', file, '--json']);
    assert.equal(listed.code, 0, listed.stderr);
    const rows = JSON.parse(listed.stdout) as Array<{ name: string; paper: string; description: string; plugin?: string }>;
    assert.equal(rows.length, before.length + 1);
    assert.deepEqual(rows.find((row) => row.name === 'listed-set'), { name: 'listed-set', paper: '', description: `plugin questions (plugin ${file})`, plugin: file });
  });
});
