/**
 * `quorum audit <file> --format …` on published debate layouts, in process:
 * the file is imported and audited, and `quorum show` prints the whole run
 * analysis (accuracy and agreement by round, changes, PRR, AD, CF) of it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runInProcess } from '../helpers/run-in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-audit-import-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('quorum audit --format', () => {
  it('imports a Du et al. results file and shows the run analysis of every round', async () => {
    const db = join(dir, 'du.db');
    const audited = await runInProcess(['audit', 'fixtures/du-results/slm-gsm-mistral-7b-excerpt.json', '--format', 'du', '--db', db, '--bootstrap', '20', '--json']);
    assert.equal(audited.code, 0, audited.stderr);
    const report = JSON.parse(audited.stdout) as { run_id: string };
    const shown = await runInProcess(['show', report.run_id, '--db', db]);
    assert.equal(shown.code, 0, shown.stderr);
    // by hand (du-results-import.test.ts): answers 52/51.33/5, 5/52/51, 52/51.33/3 against gold 52
    assert.match(shown.stdout, /by round\s+agreement 0\.0% → 0\.0% → 0\.0% · agent accuracy \(mean over agents; accuracy above is the final answer's\) 33\.3% → 33\.3% → 33\.3%/);
    assert.match(shown.stdout, /changes\s+6 answer changes · correct→wrong 2 · wrong→correct 2/);
    assert.match(shown.stdout, /^prr /m);
    assert.match(shown.stdout, /^ad /m);
    assert.match(shown.stdout, /^cf /m, 'numeric answers: CF is computed');
  });

  it('detects MALLM and ChatEval layouts', async () => {
    const db = join(dir, 'detect.db');
    const mallm = await runInProcess(['audit', 'fixtures/mallm-output/mallm-format-sample.json', '--db', db, '--bootstrap', '20']);
    assert.equal(mallm.code, 0, mallm.stderr);
    assert.match(mallm.stderr, /\(mallm\) as run foreign-[0-9a-f]{12} \(2 units\)/);
    const chateval = await runInProcess(['audit', 'fixtures/chateval-output/chateval-readme-example.json', '--db', db, '--bootstrap', '20']);
    assert.equal(chateval.code, 0, chateval.stderr);
    assert.match(chateval.stderr, /\(chateval\) as run foreign-[0-9a-f]{12} \(1 units\)/);
  });

  it('refuses an unknown format and names the field of a file that is not of the given one', async () => {
    const unknown = await runInProcess(['audit', 'fixtures/mallm-output/mallm-format-sample.json', '--format', 'autogen', '--db', join(dir, 'x.db')]);
    assert.notEqual(unknown.code, 0);
    assert.match(unknown.stderr, /expected one of quorum, du, mallm, chateval, got "autogen"/);
    const wrong = await runInProcess(['audit', 'fixtures/mallm-output/mallm-format-sample.json', '--format', 'chateval', '--db', join(dir, 'y.db')]);
    assert.notEqual(wrong.code, 0);
    assert.match(wrong.stderr, /mallm-format-sample\.json, field "question 1\.question"/);
  });
});
