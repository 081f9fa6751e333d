import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { runInProcess } from '../helpers/run-in-process.js';

// Verdicts by hand: a letter matches its gold letter; 0.25 equals the gold 0.25; "the Nile" is "Nile"
// after SQuAD normalisation (articles removed); "-0.25" is not 0.25.
describe('quorum score', () => {
  let dir: string;
  let data: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quorum-score-'));
    data = join(dir, 'questions.jsonl');
    const lines = [
      { id: 'q1', question: 'Which?', options: { A: 'x', B: 'y' }, answer: 'B' },
      { id: 'q2', question: 'How much?', answer: 0.25, answer_type: 'number' },
      { id: 'q3', question: 'Which river?', answer: 'Nile', answer_type: 'text' },
    ];
    await writeFile(data, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
  });

  it('scores every line in input order, duplicates included, with the aggregates', async () => {
    const predictions = join(dir, 'predictions.jsonl');
    const lines = [
      { id: 'q1', answer: 'B' },
      { id: 'q2', answer: '-0.25' },
      { id: 'q3', answer: 'the Nile' },
      { id: 'q1', answer: 'A' },
      { id: 'q2', answer: null },
    ];
    await writeFile(predictions, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
    const result = await runInProcess(['score', '--dataset', 'generic', '--data', data, '--predictions', predictions, '--json']);
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout) as { items: Array<{ id: string; answer: string | null; correct: boolean | null }>; accuracy: number; count: number; judged: number };
    assert.deepEqual(
      report.items.map((item) => [item.id, item.answer, item.correct]),
      [
        ['q1', 'B', true],
        ['q2', '-0.25', false],
        ['q3', 'the Nile', true],
        ['q1', 'A', false],
        ['q2', null, false],
      ],
    );
    assert.equal(report.count, 5);
    assert.equal(report.judged, 5);
    assert.equal(report.accuracy, 2 / 5);

    const table = await runInProcess(['score', '--dataset', 'generic', '--data', data, '--predictions', predictions]);
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /accuracy\s+40\.0 % \(2\/5\)/);
  });

  it('names the line of an unknown id and of a bad answer, and exits 2', async () => {
    const unknown = join(dir, 'unknown.jsonl');
    await writeFile(unknown, '{"id": "q1", "answer": "B"}\n\n{"id": "nope", "answer": "A"}\n');
    const result = await runInProcess(['score', '--dataset', 'generic', '--data', data, '--predictions', unknown]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /unknown\.jsonl, line 3, field "id": no question "nope" in the dataset \(ids look like "q1"\)/);

    const bad = join(dir, 'bad.jsonl');
    await writeFile(bad, '{"id": "q1", "answer": ["B"]}\n');
    const second = await runInProcess(['score', '--dataset', 'generic', '--data', data, '--predictions', bad]);
    assert.equal(second.code, 2);
    assert.match(second.stderr, /bad\.jsonl, line 1, field "answer": expected the answer text/);
  });
});
