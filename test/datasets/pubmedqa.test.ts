import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pubmedqaLoader } from '../../src/datasets/pubmedqa.js';
import { SCORERS } from '../../src/metrics/scorers/index.js';
import { questionSchema } from '../../src/spec/question.js';
import { fixtureFile, rejectsWithFormatError } from './format-error-case.js';

const SAMPLE = fixtureFile('pubmedqa', 'ori_pqal.json');

describe('pubmedqa loader on the sample written for quorum', () => {
  it('reads entries keyed by PMID: question, labelled contexts, final_decision as the gold', async () => {
    const questions = await pubmedqaLoader.load(SAMPLE);
    for (const question of questions) questionSchema.parse(question);
    assert.deepEqual(
      questions.map((question) => [question.id, question.gold, question.meta?.['line']]),
      [
        ['pubmedqa:90000001', { kind: 'text', value: 'yes' }, 2],
        ['pubmedqa:90000002', { kind: 'text', value: 'no' }, 16],
        ['pubmedqa:90000003', { kind: 'text', value: 'maybe' }, 31],
      ],
    );
    const first = questions[0]!;
    assert.equal(first.prompt, 'Does a daily walk shorten hospital stay after hip replacement?');
    assert.deepEqual(
      first.context?.passages?.map((passage) => [passage.id, passage.title]),
      [
        ['context-1', 'BACKGROUND'],
        ['context-2', 'METHODS'],
      ],
    );
    assert.equal(first.meta?.['year'], '2019');
    assert.match(String(first.meta?.['long_answer']), /^Walking from the first day/);
    assert.equal((await pubmedqaLoader.load(SAMPLE, { limit: 1 })).length, 1);
  });

  it('is scored by yes/no/maybe accuracy (pubmedqa-decision)', async () => {
    const [, second] = await pubmedqaLoader.load(SAMPLE);
    const scorer = SCORERS.get('pubmedqa')!;
    assert.equal(scorer.name, 'pubmedqa-decision');
    assert.equal(scorer.score({ answer: 'No.' }, second!).correct, true);
    assert.equal(scorer.score({ answer: '**no**' }, second!).correct, true);
    assert.equal(scorer.score({ answer: 'maybe' }, second!).correct, false);
    assert.equal(scorer.score({ answer: 'no, probably not' }, second!).correct, false);
    assert.equal(scorer.score({ answer: null }, second!).correct, false);
    assert.ok(scorer.equivalent('No', 'no.', second!));
  });
});

describe('pubmedqa loader on malformed files', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quorum-pubmedqa-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const good = { QUESTION: 'Does it work?', CONTEXTS: ['We tried it.'], LABELS: ['METHODS'], final_decision: 'yes', LONG_ANSWER: 'It worked.' };
  const CASES = [
    { name: 'decision outside yes/no/maybe', entry: { ...good, final_decision: 'Yes' }, field: '2.final_decision', message: /expected "yes", "no" or "maybe", found "Yes"/ },
    { name: 'decision missing', entry: { ...good, final_decision: undefined }, field: '2.final_decision', message: /found nothing/ },
    { name: 'contexts not a list', entry: { ...good, CONTEXTS: 'We tried it.' }, field: '2.CONTEXTS', message: /non-empty list of abstract sections/ },
    { name: 'labels of another length', entry: { ...good, LABELS: ['METHODS', 'RESULTS'] }, field: '2.LABELS', message: /one section label per context \(1\)/ },
    { name: 'question missing', entry: { ...good, QUESTION: undefined }, field: '2.QUESTION', message: /non-empty string/ },
    { name: 'entry not an object', entry: ['Does it work?'], field: '2', message: /expected an object/ },
  ];
  for (const { name, entry, field, message } of CASES) {
    it(`names file, line and field: ${name}`, async () => {
      const file = join(dir, `${name.replace(/\W+/g, '-')}.json`);
      await writeFile(file, `${JSON.stringify({ 1: good, 2: entry }, null, 2)}\n`);
      const line = (await readFile(file, 'utf8')).split('\n').findIndex((row) => row.startsWith('  "2"')) + 1;
      await rejectsWithFormatError(pubmedqaLoader.load(file), { file, line, field, message });
    });
  }

  it('reports a document that is not an object keyed by PMID, and invalid JSON', async () => {
    const array = join(dir, 'array.json');
    await writeFile(array, '[]');
    await rejectsWithFormatError(pubmedqaLoader.load(array), { file: array, line: undefined, field: undefined, message: /expected one JSON object keyed by PMID, found an array/ });
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{"1": {');
    await rejectsWithFormatError(pubmedqaLoader.load(broken), { file: broken, line: undefined, field: undefined, message: /invalid JSON/ });
  });
});

describe('pubmedqa macro-F1 (corpus)', () => {
  it('matches scikit-learn f1_score(average="macro") on a worked example', async () => {
    const questions = await pubmedqaLoader.load(SAMPLE);
    const scorer = SCORERS.get('pubmedqa')!;
    // truth yes, no, maybe; predicted yes, yes, maybe: F1 yes = 2/3, no = 0, maybe = 1 → mean 5/9
    const items = ['yes', 'Yes.', 'maybe'].map((answer, index) => ({ prediction: { answer }, question: questions[index]! }));
    assert.ok(Math.abs(scorer.corpus!(items)['macroF1']! - 5 / 9) < 1e-12);
    // an answer that is no decision is a label of its own with F1 0: yes = 1, no = 0, maybe = 1, none = 0 → 0.5
    const undecided = ['yes', 'no idea', 'maybe'].map((answer, index) => ({ prediction: { answer }, question: questions[index]! }));
    assert.equal(scorer.corpus!(undecided)['macroF1'], 0.5);
    assert.equal(scorer.corpus!([])['macroF1'], null);
  });
});
