import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadQuestions } from '../../src/datasets/load-questions.js';
import { medmcqaLoader } from '../../src/datasets/medmcqa.js';
import { SCORERS } from '../../src/metrics/scorers/index.js';
import { questionSchema } from '../../src/spec/question.js';
import { fixtureFile, rejectsWithFormatError } from './format-error-case.js';

const SAMPLE = fixtureFile('medmcqa', 'dev.json');

describe('medmcqa loader on the sample written for quorum', () => {
  it('reads opa..opd as A–D and cop as a 1-based option number', async () => {
    const questions = await medmcqaLoader.load(SAMPLE);
    for (const question of questions) questionSchema.parse(question);
    assert.deepEqual(
      questions.map((question) => [question.id, question.gold]),
      [
        ['medmcqa:quorum-medmcqa-0001', { kind: 'choice', value: 'C' }],
        ['medmcqa:quorum-medmcqa-0002', { kind: 'choice', value: 'A' }],
        ['medmcqa:quorum-medmcqa-0003', { kind: 'choice', value: 'D' }],
      ],
    );
    assert.deepEqual(questions[0]?.options, { A: 'Oculomotor nerve', B: 'Trochlear nerve', C: 'Abducens nerve', D: 'Facial nerve' });
    assert.deepEqual(questions[2]?.meta, { file: 'dev.json', line: 3, subject_name: 'Medicine', choice_type: 'multi' });
  });

  it('is scored by letter accuracy (medmcqa-letter)', async () => {
    const [first] = await medmcqaLoader.load(SAMPLE);
    const scorer = SCORERS.get('medmcqa')!;
    assert.equal(scorer.name, 'medmcqa-letter');
    assert.equal(scorer.score({ answer: 'C' }, first!).correct, true);
    assert.equal(scorer.score({ answer: 'B' }, first!).correct, false);
  });

  it('is detected from a .jsonl copy of the file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quorum-medmcqa-detect-'));
    try {
      const file = join(dir, 'dev.jsonl');
      await writeFile(file, `${JSON.stringify({ question: 'Q?', opa: 'a', opb: 'b', opc: 'c', opd: 'd', cop: 2, id: 'x' })}\n`);
      assert.equal((await loadQuestions({ path: file })).name, 'medmcqa');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('medmcqa loader on malformed files', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quorum-medmcqa-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const good = { question: 'Which nerve supplies deltoid?', opa: 'Axillary', opb: 'Radial', opc: 'Ulnar', opd: 'Median', cop: 1, exp: null, id: 'good-1', subject_name: 'Anatomy', topic_name: null, choice_type: 'single' };
  const row = (changes: Record<string, unknown>, drop: string[] = []): string => {
    const record: Record<string, unknown> = { ...good, id: 'bad-1', ...changes };
    for (const key of drop) delete record[key];
    return JSON.stringify(record);
  };
  const CASES = [
    { name: 'cop 0 (the 0-based export)', row: row({ cop: 0 }), field: 'cop', message: /0 is not an option; .*Hugging Face export/ },
    { name: 'cop 5', row: row({ cop: 5 }), field: 'cop', message: /expected 1 \(opa\) to 4 \(opd\), found 5/ },
    { name: 'cop as a letter', row: row({ cop: 'a' }), field: 'cop', message: /found "a"/ },
    { name: 'cop missing (test split)', row: row({}, ['cop']), field: 'cop', message: /missing; .*test split has no public answers/ },
    { name: 'option missing', row: row({}, ['opc']), field: 'opc', message: /expected the text of option C, found nothing/ },
    { name: 'id missing', row: row({}, ['id']), field: 'id', message: /expected a non-empty string/ },
    { name: 'duplicate id', row: row({ id: 'good-1' }), field: 'id', message: /duplicate id "good-1" \(first on line 1\)/ },
    { name: 'exp not text', row: row({ exp: 3 }), field: 'exp', message: /explanation string or null/ },
  ];
  for (const { name, row: bad, field, message } of CASES) {
    it(`names file, line and field: ${name}`, async () => {
      const file = join(dir, `${name.replace(/\W+/g, '-')}.json`);
      await writeFile(file, `${JSON.stringify(good)}\n\n${bad}\n`);
      await rejectsWithFormatError(medmcqaLoader.load(file), { file, line: 3, field, message });
    });
  }
});
