/**
 * docs/library.md shows the example plugin as it is in examples/plugin/
 * (the file the pack test runs), so the documented code is the tested code.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { REPO_ROOT } from '../helpers/cli.js';

it('docs/library.md holds examples/plugin/solve-check.mjs verbatim', () => {
  const doc = readFileSync(join(REPO_ROOT, 'docs', 'library.md'), 'utf8');
  const example = readFileSync(join(REPO_ROOT, 'examples', 'plugin', 'solve-check.mjs'), 'utf8');
  const blocks = [...doc.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1]);
  assert.ok(blocks.includes(example), 'the first js block of docs/library.md differs from examples/plugin/solve-check.mjs');
  assert.equal(example.trimEnd().split('\n').length, 34);
});
