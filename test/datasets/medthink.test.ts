import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadQuestions } from '../../src/datasets/load-questions.js';
import { medthinkLoader } from '../../src/datasets/medthink.js';
import { embeddedOptions } from '../../src/datasets/medthink-options.js';
import { SCORERS } from '../../src/metrics/scorers/index.js';
import { questionSchema } from '../../src/spec/question.js';
import { fixtureFile, rejectsWithFormatError } from './format-error-case.js';

const SAMPLE = fixtureFile('medthink', 'QA_data.json');

describe('medthink loader on the sample written for quorum', () => {
  it('splits embedded options off multiple-choice items and keeps Scoring_Points for CARA-GT', async () => {
    const questions = await medthinkLoader.load(SAMPLE);
    for (const question of questions) questionSchema.parse(question);
    assert.deepEqual(
      questions.map((question) => [question.id, question.gold.kind, question.scoringPoints?.length]),
      [
        ['medthink:1', 'choice', 3],
        ['medthink:2', 'text', 3],
        ['medthink:3', 'choice', 2],
      ],
    );
    const [pharmacology, treatment, anatomy] = questions;
    assert.equal(pharmacology!.prompt, 'A 58-year-old man taking warfarin starts a new antibiotic and his INR rises from 2.4 to 6.1. Which antibiotic most likely caused this?');
    assert.deepEqual(pharmacology!.options, { A: 'Amoxicillin', B: 'Clarithromycin', C: 'Nitrofurantoin', D: 'Rifampicin' });
    assert.deepEqual(pharmacology!.gold, { kind: 'choice', value: 'B' });
    assert.equal(pharmacology!.meta?.['QA_Type'], 'Pharmacology');
    assert.equal(treatment!.options, undefined);
    assert.match(treatment!.gold.kind === 'text' ? treatment!.gold.value : '', /^A short course of oral nitrofurantoin/);
    assert.deepEqual(Object.keys(anatomy!.options ?? {}), ['A', 'B', 'C']);
    assert.equal(SCORERS.get('medthink'), undefined, 'MedThink-Bench is judged against its rubric; answers fall back to the scorer of their gold kind');
  });

  it('loads by name with --data and gives CARA-GT its points by question id', async () => {
    const loaded = await loadQuestions({ dataset: 'medthink', path: SAMPLE, limit: 2 });
    assert.deepEqual(
      loaded.questions.map((question) => [question.id, question.scoringPoints?.[0]]),
      [
        ['medthink:1', "A rising INR means warfarin's effect has increased"],
        ['medthink:2', 'Recognise uncomplicated lower urinary tract infection in a non-pregnant woman'],
      ],
    );
  });

  it('reads options only from trailing lettered lines in order', () => {
    assert.deepEqual(embeddedOptions('Stem?\nA. one\nB. two'), { stem: 'Stem?', options: { A: 'one', B: 'two' } });
    assert.equal(embeddedOptions('Stem?\nB. two\nA. one'), undefined);
    assert.equal(embeddedOptions('Stem?\nA. only one'), undefined);
    assert.equal(embeddedOptions('A. one\nB. two'), undefined);
  });
});

describe('medthink loader on malformed files', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quorum-medthink-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const good = { Index: 1, QA_Type: 'Pharmacology', question: 'Which drug?\nA. X\nB. Y', answer: 'B. Y', Scoring_Points: ['Y acts on the target'] };
  const CASES = [
    { name: 'scoring points missing', item: { ...good, Index: 2, Scoring_Points: undefined }, field: '[1].Scoring_Points', message: /non-empty list of non-empty strings, found nothing/ },
    { name: 'scoring points empty', item: { ...good, Index: 2, Scoring_Points: [] }, field: '[1].Scoring_Points', message: /non-empty list/ },
    { name: 'scoring point not text', item: { ...good, Index: 2, Scoring_Points: ['ok', 3] }, field: '[1].Scoring_Points', message: /non-empty list of non-empty strings/ },
    { name: 'Index as text', item: { ...good, Index: '2' }, field: '[1].Index', message: /expected an integer, found "2"/ },
    { name: 'duplicate Index', item: { ...good }, field: '[1].Index', message: /duplicate Index 1 \(first at \[0\]\)/ },
    { name: 'answer names a missing option', item: { ...good, Index: 2, answer: 'C. Z' }, field: '[1].answer', message: /names option C, but the question's options are A, B/ },
    { name: 'QA_Type missing', item: { ...good, Index: 2, QA_Type: undefined }, field: '[1].QA_Type', message: /domain as a string/ },
    { name: 'item not an object', item: 'Which drug?', field: '[1]', message: /expected an object/ },
  ];
  for (const { name, item, field, message } of CASES) {
    it(`names file and field: ${name}`, async () => {
      const file = join(dir, `${name.replace(/\W+/g, '-')}.json`);
      await writeFile(file, JSON.stringify([good, item]));
      await rejectsWithFormatError(medthinkLoader.load(file), { file, line: undefined, field, message });
    });
  }

  it('needs a file (the data is not redistributed)', async () => {
    await assert.rejects(medthinkLoader.load(), /the medthink dataset needs a file/);
  });
});
