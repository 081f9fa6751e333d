import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { freeRationale, parseFreeTurn } from '../../src/parsing/free-turn.js';
import { parseTurn } from '../../src/parsing/parse-turn.js';
import { parsedTurnSchema } from '../../src/spec/answer.js';
import type { Question } from '../../src/spec/question.js';

const MCQ: Question = { id: 'q1', prompt: 'Which drug?', options: { A: 'Physostigmine', B: 'Pralidoxime', C: 'Atropine', D: 'Epinephrine' }, gold: { kind: 'choice', value: 'C' } };

describe('parseFreeTurn', () => {
  it('gives the answer and the rationale without the answer line', () => {
    const turn = parseFreeTurn('Miosis and bradycardia point to cholinergic excess.\nAtropine blocks muscarinic receptors.\n\n**Answer: C**', MCQ);
    assert.doesNotThrow(() => parsedTurnSchema.parse(turn));
    assert.deepEqual(turn, {
      answer: { status: 'ok', value: 'C', rule: 'explicit' },
      rationale: 'Miosis and bradycardia point to cholinergic excess.\nAtropine blocks muscarinic receptors.',
      source: 'text',
    });
  });

  it('uses the rationale field of a JSON reply', () => {
    const turn = parseFreeTurn('{"reasoning": "Muscarinic signs need atropine.", "answer": "C"}', MCQ);
    assert.deepEqual(turn, { answer: { status: 'ok', value: 'C', rule: 'json' }, rationale: 'Muscarinic signs need atropine.', source: 'json' });
  });

  it('is failed for an empty reply', () => {
    const turn = parseFreeTurn('  ', MCQ);
    assert.equal(turn.source, 'failed');
    assert.equal(turn.answer.status, 'unparsed');
  });

  it('keeps only the visible reply of a reasoning model', () => {
    assert.equal(freeRationale('<think>scratch work</think>\nAtropine blocks M2 receptors.\nAnswer: C'), 'Atropine blocks M2 receptors.');
  });
});

describe('parseTurn', () => {
  it("with Du et al.'s extraction keeps quorum's rationale and source and takes only their answer, in the same key order", () => {
    const replies = [
      'Miosis points to cholinergic excess, not (A). Atropine blocks muscarinic receptors.\n\nAnswer: C',
      '{"reasoning": "Muscarinic signs need atropine (C).", "answer": "B"}',
      '  ',
      'No letter at all, but 2 numbers: 12 and 7.5',
    ];
    for (const text of replies) {
      const turn = parseTurn('free', text, undefined, MCQ, { answerExtraction: 'du', peers: [] });
      const quorum = parseTurn('free', text, undefined, MCQ, { peers: [] });
      assert.equal(JSON.stringify(turn), JSON.stringify({ ...quorum, answer: turn.answer }), text);
      assert.match(turn.answer.rule ?? '', /^(?:du-|none$)/, text);
    }
    assert.deepEqual(parseTurn('free', replies[0]!, undefined, MCQ, { answerExtraction: 'du', peers: [] }).answer, { status: 'ok', value: 'A', rule: 'du-parenthesis' });
  });

  it('dispatches on the format', () => {
    const text = 'CLAIM: Atropine is first-line.\nGROUND: Muscarinic blockade.\nAnswer: C';
    const gdp = parseTurn('gdp', text, undefined, MCQ, { peers: [] });
    const free = parseTurn('free', text, undefined, MCQ, { peers: [] });
    assert.equal(gdp.source, 'text');
    assert.equal(gdp.steps?.length, 1);
    assert.equal(free.steps, undefined);
    assert.equal(free.rationale, 'CLAIM: Atropine is first-line.\nGROUND: Muscarinic blockade.');
    assert.equal(gdp.answer.value, 'C');
    assert.equal(free.answer.value, 'C');
  });
});
