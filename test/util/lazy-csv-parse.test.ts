/**
 * Loading the dataset registry and a JSONL dataset — what `quorum run`
 * does at start-up for most runs — does not load csv-parse; the first CSV
 * read does (from its CommonJS build, as `kysely()` loads kysely).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = mkdtempSync(join(tmpdir(), 'quorum-lazy-csv-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const source = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url));

describe('csv-parse loads on the first CSV read', () => {
  it('is not loaded by the dataset registry or a JSONL dataset, and is by parseCsvRecords', () => {
    // ES module imports pass through this resolve hook (it prints each csv-parse file); require() shows in require.cache
    writeFileSync(
      join(dir, 'hooks.mjs'),
      `export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (result.url.includes('/csv-parse/')) process.stderr.write('esm-load ' + result.url + '\\n');
  return result;
}
`,
    );
    writeFileSync(join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`);
    const script = join(dir, 'probe.mts');
    writeFileSync(
      script,
      `import { createRequire } from 'node:module';
import { loadQuestions } from ${JSON.stringify(source('datasets/load-questions.ts'))};
import { parseCsvRecords } from ${JSON.stringify(source('util/csv-records.ts'))};
const required = () => Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes('/csv-parse/'));
const demo = await loadQuestions({ dataset: 'demo', limit: 2 });
process.stderr.write('jsonl-loaded ' + demo.questions.length + ' required=' + required() + '\\n');
const records = parseCsvRecords('inline.csv', 'a,b\\n"x, y",2\\n');
process.stderr.write('csv-read ' + JSON.stringify(records) + ' required=' + required() + '\\n');
`,
    );
    const probe = spawnSync(process.execPath, ['--import', 'tsx', '--import', pathToFileURL(join(dir, 'register.mjs')).href, script], { encoding: 'utf8' });
    assert.equal(probe.status, 0, probe.stderr);
    const lines = probe.stderr.split('\n').filter((line) => /^(esm-load|jsonl-loaded|csv-read) /.test(line));
    assert.deepEqual(lines, [
      'jsonl-loaded 2 required=false',
      // expected records written by hand from the two lines above (the quoted cell keeps its comma)
      'csv-read [{"line":1,"cells":["a","b"]},{"line":2,"cells":["x, y","2"]}] required=true',
    ]);
  });
});
