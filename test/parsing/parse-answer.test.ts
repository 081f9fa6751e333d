import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseAnswer } from '../../src/parsing/parse-answer.js';
import { parseTextAnswer } from '../../src/parsing/text-answer.js';
import type { Question } from '../../src/spec/question.js';

const base = { id: 'q1', prompt: 'Which drug?' };

describe('parseAnswer', () => {
  it('reads option letters for choice questions', () => {
    const question: Question = { ...base, options: { A: 'Atropine', B: 'Adenosine' }, gold: { kind: 'choice', value: 'A' } };
    assert.deepEqual(parseAnswer('The answer is (B).', question), { status: 'ok', value: 'B', rule: 'explicit' });
  });

  it('reads numbers for numeric questions', () => {
    const question: Question = { ...base, gold: { kind: 'number', value: 3.2 } };
    assert.equal(parseAnswer('Answer: 3.20%', question).value, '3.2');
  });

  it('reads the final answer line for text and open questions', () => {
    const text: Question = { ...base, gold: { kind: 'text', value: 'Paris' } };
    const open: Question = { ...base, gold: { kind: 'none' } };
    assert.equal(parseAnswer('The capital is on the Seine.\nFinal answer: Paris.', text).value, 'Paris');
    assert.equal(parseAnswer('Start IV fluids and insulin.', open).value, 'Start IV fluids and insulin');
  });
});

describe('parseTextAnswer', () => {
  const cases: Array<[string, string | null, string]> = [
    ['Answer: Paris', 'Paris', 'explicit'],
    ['**Final answer:** "Diabetic   ketoacidosis".', 'Diabetic ketoacidosis', 'explicit'],
    ['Reasoning here.\n\nThe answer is: aortic stenosis', 'aortic stenosis', 'explicit'],
    ['Some reasoning.\nAortic stenosis', 'Aortic stenosis', 'last-line'],
    ['{"answer": "Lyon"}', 'Lyon', 'json'],
    ['<think>maybe Lyon</think>\nAnswer: Paris', 'Paris', 'explicit'],
    ['   ', null, 'none'],
  ];
  for (const [reply, value, rule] of cases) {
    it(JSON.stringify(reply), () => {
      const parsed = parseTextAnswer(reply);
      assert.equal(parsed.value, value);
      assert.equal(parsed.rule, rule);
      assert.equal(parsed.status, value === null ? 'unparsed' : 'ok');
    });
  }
});
