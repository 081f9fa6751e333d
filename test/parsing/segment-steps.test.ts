import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAnswerStatement } from '../../src/parsing/answer-statement.js';
import { DEFAULT_STEP_CAP, segmentSteps, segmentText } from '../../src/parsing/segment-steps.js';
import type { ParsedTurn } from '../../src/spec/answer.js';

const ok = { status: 'ok' as const, value: 'C', rule: 'explicit' };

describe('segmentText', () => {
  it('splits lines, list markers and sentences, dropping short fragments and answer statements', () => {
    const text = [
      "Let's think step by step.",
      '1. The patient has miosis and bradycardia. This suggests cholinergic excess.',
      '2) Atropine blocks muscarinic receptors.',
      '- Pralidoxime regenerates acetylcholinesterase.',
      'a) Physostigmine would worsen it.',
      '(b) Epinephrine does not treat bronchorrhoea.',
      'Step 3: Start atropine early.',
      'OK.',
      'Therefore, the answer is C.',
      '**Final answer: (C) Atropine**',
    ].join('\n');
    assert.deepEqual(segmentText(text), [
      "Let's think step by step.",
      'The patient has miosis and bradycardia.',
      'This suggests cholinergic excess.',
      'Atropine blocks muscarinic receptors.',
      'Pralidoxime regenerates acetylcholinesterase.',
      'Physostigmine would worsen it.',
      'Epinephrine does not treat bronchorrhoea.',
      'Start atropine early.',
    ]);
  });

  it('keeps abbreviations inside their sentence', () => {
    const text = 'A 45 y.o. man seen by Dr. House has miosis, e.g. pinpoint pupils. Atropine vs. pralidoxime is the question (Smith et al. 2019). See Fig. 2 for the timeline. He was seen at 5 p.m. Then he deteriorated quickly.';
    assert.deepEqual(segmentText(text), [
      'A 45 y.o. man seen by Dr. House has miosis, e.g. pinpoint pupils.',
      'Atropine vs. pralidoxime is the question (Smith et al. 2019).',
      'See Fig. 2 for the timeline.',
      'He was seen at 5 p.m.',
      'Then he deteriorated quickly.',
    ]);
  });

  it('keeps sentences that give a reason with the answer, drops bare ones', () => {
    const text = 'The answer is C because atropine blocks M2 receptors.\nThe answer is C.\nAnswer: C\nI choose option C.\nOption C is correct.\n\\boxed{C}';
    assert.deepEqual(segmentText(text), ['The answer is C because atropine blocks M2 receptors.']);
  });

  it('keeps upper-case option markers, which name options in MCQ reasoning', () => {
    assert.deepEqual(segmentText('A. Physostigmine is wrong here.\n(B) Pralidoxime is too slow.'), ['A. Physostigmine is wrong here.', '(B) Pralidoxime is too slow.']);
  });

  it('caps the steps (default 32, configurable) and is deterministic', () => {
    const text = Array.from({ length: 40 }, (_, i) => `Finding number ${i + 1} is relevant.`).join(' ');
    assert.equal(DEFAULT_STEP_CAP, 32);
    assert.equal(segmentText(text).length, 32);
    assert.deepEqual(segmentText(text, { cap: 5 }), segmentText(text).slice(0, 5));
    assert.deepEqual(segmentText(text), segmentText(text));
  });

  it('gives no steps for empty or answer-only text', () => {
    assert.deepEqual(segmentText(''), []);
    assert.deepEqual(segmentText('C'), []);
    assert.deepEqual(segmentText('The answer is (C) Atropine.'), []);
  });
});

describe('segmentSteps', () => {
  it('gives one CLAIM — GROUND step per GDP item', () => {
    const turn: ParsedTurn = {
      answer: ok,
      rationale: 'ignored when steps exist',
      source: 'json',
      steps: [
        { claim: 'Atropine reverses bradycardia.', ground: 'M2 antagonism.' },
        { claim: 'Oximes help  early.', ground: '' },
      ],
    };
    assert.deepEqual(segmentSteps(turn), ['Atropine reverses bradycardia. — M2 antagonism.', 'Oximes help early.']);
    assert.deepEqual(segmentSteps(turn, { cap: 1 }), ['Atropine reverses bradycardia. — M2 antagonism.']);
  });

  it('segments the rationale of free and failed turns', () => {
    const turn: ParsedTurn = { answer: ok, rationale: 'Atropine blocks muscarinic receptors. It raises the heart rate.', source: 'text' };
    assert.deepEqual(segmentSteps(turn), ['Atropine blocks muscarinic receptors.', 'It raises the heart rate.']);
  });
});

describe('isAnswerStatement', () => {
  const bare = ['The answer is C', 'Answer: C', 'Final answer: (C) Atropine', 'So the correct answer is option D.', 'I choose option C', 'C is the best answer.', '\\boxed{C}', 'Therefore, the answer is 3.25%.', '**C**'];
  const reasoning = ['The answer is C because atropine blocks M2 receptors.', 'Atropine blocks muscarinic receptors.', 'The answer is clear once we look at the ECG, the history and the exposure to pesticides.'];
  for (const sentence of bare) it(`bare: ${sentence}`, () => assert.equal(isAnswerStatement(sentence), true));
  for (const sentence of reasoning) it(`reasoning: ${sentence}`, () => assert.equal(isAnswerStatement(sentence), false));
});
