import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseMcqAnswer } from '../../src/parsing/mcq-answer.js';
import { parsedAnswerSchema } from '../../src/spec/answer.js';

const POISONING = { A: 'Physostigmine', B: 'Pralidoxime', C: 'Atropine', D: 'Epinephrine' };
const OVERLAPPING = { A: 'Atropine', B: 'Atropine and pralidoxime', C: 'Diazepam', D: 'Epinephrine' };
const FIVE = { A: 'Aspirin', B: 'Heparin', C: 'Warfarin', D: 'Clopidogrel', E: 'Alteplase' };
const TEN = Object.fromEntries('ABCDEFGHIJ'.split('').map((letter, i) => [letter, `Option text ${i + 1}`]));

/** [reply, expected: a letter, ['ambiguous', candidates], or 'unparsed'; rule when it matters; options]. */
type Case = { reply: string; expect: string | 'unparsed' | { ambiguous: string[] }; rule?: string; options?: Record<string, string> };

const CASES: Case[] = [
  { reply: 'Answer: C', expect: 'C', rule: 'explicit' },
  { reply: 'The answer is (C).', expect: 'C', rule: 'explicit' },
  { reply: '**C**', expect: 'C', rule: 'trailing-letter' },
  { reply: 'Final answer: C) Atropine', expect: 'C', rule: 'explicit' },
  { reply: 'C.', expect: 'C', rule: 'trailing-letter' },
  { reply: '(C)', expect: 'C', rule: 'trailing-letter' },
  { reply: '\\boxed{C}', expect: 'C', rule: 'boxed' },
  { reply: 'Muscarinic blockade is needed.\n\n$\\boxed{\\text{C}}$', expect: 'C', rule: 'boxed' },
  { reply: 'I choose option C', expect: 'C', rule: 'explicit' },
  { reply: 'answer: c', expect: 'C', rule: 'explicit' },
  { reply: 'Answer: b', expect: 'B', rule: 'explicit' },
  { reply: 'ANSWER: D', expect: 'D', rule: 'explicit' },
  { reply: 'Atropine', expect: 'C', rule: 'option-text' },
  { reply: '"Atropine"', expect: 'C', rule: 'option-text' },
  { reply: 'Atropine.', expect: 'C', rule: 'option-text' },
  { reply: '{"answer":"C"}', expect: 'C', rule: 'json' },
  { reply: '```json\n{"answer": "C", "reasoning": "muscarinic blockade"}\n```', expect: 'C', rule: 'json' },
  { reply: '{"answer": "Atropine"}', expect: 'C', rule: 'json' },
  { reply: 'Here is my reply: {"reasoning": "SLUDGE signs", "answer": "(D)"}', expect: 'D', rule: 'json' },
  {
    reply: 'A is wrong because physostigmine worsens cholinergic excess. B is unlikely to help the bradycardia on its own. Therefore the answer is D',
    expect: 'D',
    rule: 'explicit',
  },
  {
    reply:
      "Let's analyse each option.\nA. Physostigmine — increases acetylcholine, worsening symptoms.\nB. Pralidoxime — regenerates acetylcholinesterase but acts mostly at nicotinic sites.\nC. Atropine — blocks muscarinic receptors.\nD. Epinephrine — not indicated.\n\nThe answer is C.",
    expect: 'C',
    rule: 'explicit',
  },
  { reply: 'Initially I thought the answer is B. However, pralidoxime does not treat the muscarinic signs.\nFinal answer: C', expect: 'C', rule: 'explicit' },
  { reply: '**Answer:** (C) Atropine\n\nExplanation: atropine is a competitive muscarinic antagonist; B would not reverse bronchorrhoea.', expect: 'C', rule: 'explicit' },
  { reply: '## Final Answer\n\nC', expect: 'C', rule: 'explicit' },
  { reply: '<think>Maybe the answer is B... no, wait.</think>\nThe answer is C.', expect: 'C', rule: 'explicit' },
  { reply: '<think>Organophosphate poisoning, so the answer is B.</think>', expect: 'B', rule: 'explicit' },
  { reply: 'Correct option: D', expect: 'D', rule: 'explicit' },
  { reply: "I'll go with B.", expect: 'B', rule: 'explicit' },
  { reply: "After weighing the options, I'd say C.", expect: 'C', rule: 'explicit' },
  { reply: 'So the answer would be (A).', expect: 'A', rule: 'explicit' },
  { reply: 'The best answer is C, atropine.', expect: 'C', rule: 'explicit' },
  { reply: 'The answer is C. A is incorrect because physostigmine adds acetylcholine.', expect: 'C', rule: 'explicit' },
  { reply: 'The correct answer is option D.', expect: 'D', rule: 'explicit' },
  { reply: 'Option C is correct.', expect: 'C', rule: 'explicit' },
  { reply: 'C is the correct answer because atropine antagonises muscarinic receptors.', expect: 'C', rule: 'explicit' },
  { reply: 'Given the pupils, option (B) is the best choice here.', expect: 'B', rule: 'explicit' },
  { reply: 'The answer is A because physostigmine crosses the blood-brain barrier.', expect: 'A', rule: 'explicit' },
  { reply: "Answer: I think it's C", expect: 'C', rule: 'explicit' },
  { reply: 'The correct response is B – pralidoxime.', expect: 'B', rule: 'explicit' },
  { reply: 'My answer: D', expect: 'D', rule: 'explicit' },
  { reply: 'Answer: Atropine', expect: 'C', rule: 'explicit-text' },
  { reply: 'The answer is atropine, which blocks muscarinic receptors.', expect: 'C', rule: 'explicit-text' },
  { reply: '\\boxed{B}\n\nWait, actually the answer is C.', expect: 'C', rule: 'explicit' },
  { reply: 'Muscarinic signs dominate.\n(c) atropine', expect: 'C', rule: 'trailing-letter' },
  { reply: 'Cholinergic crisis with bradycardia.\nTherefore, D.', expect: 'D', rule: 'trailing-letter' },
  { reply: 'B\n\nPralidoxime reactivates the enzyme before ageing.', expect: 'B', rule: 'leading-letter' },
  { reply: 'C or D', expect: { ambiguous: ['C', 'D'] }, rule: 'trailing-letter' },
  { reply: 'The answer is either B or C.', expect: { ambiguous: ['B', 'C'] }, rule: 'explicit' },
  { reply: 'Answer: B, C', expect: { ambiguous: ['B', 'C'] }, rule: 'explicit' },
  { reply: 'Answer: B and C are both reasonable.', expect: { ambiguous: ['B', 'C'] }, rule: 'explicit' },
  { reply: 'Answer: C vs D', expect: { ambiguous: ['C', 'D'] }, rule: 'explicit' },
  { reply: 'Hence, the single best answer is B.', expect: 'B', rule: 'explicit' },
  { reply: 'The answer is theophylline.', expect: 'unparsed' },
  { reply: '\\boxed{B, C}', expect: { ambiguous: ['B', 'C'] }, rule: 'boxed' },
  { reply: 'The answer is B. On reflection the answer is C or D.', expect: { ambiguous: ['C', 'D'] }, rule: 'explicit' },
  { reply: 'I am not sure which option is right.', expect: 'unparsed' },
  { reply: '', expect: 'unparsed' },
  { reply: 'A 45-year-old man presents with bradycardia and miosis after spraying pesticides.', expect: 'unparsed' },
  { reply: 'I think the answer is a bit unclear here.', expect: 'unparsed' },
  { reply: 'Answer: E', expect: 'unparsed' },
  { reply: 'The answer is not B.', expect: 'unparsed' },
  { reply: 'Both atropine and physostigmine were considered; physostigmine would be harmful.', expect: 'unparsed' },
  { reply: 'I hope this helps!', expect: 'unparsed' },
  { reply: 'Atropine and pralidoxime', expect: 'B', rule: 'option-text', options: OVERLAPPING },
  { reply: 'Start atropine and pralidoxime together as soon as possible.', expect: 'B', rule: 'option-text', options: OVERLAPPING },
  { reply: 'Give atropine alone first; it treats the muscarinic signs.', expect: 'A', rule: 'option-text', options: OVERLAPPING },
  { reply: 'Answer: E', expect: 'E', rule: 'explicit', options: FIVE },
  { reply: 'Thrombolysis within the window.\n\nE) Alteplase', expect: 'E', rule: 'trailing-letter', options: FIVE },
  { reply: 'I believe the answer is D.', expect: 'D', rule: 'explicit', options: TEN },
  { reply: 'Answer: I', expect: 'I', rule: 'explicit', options: TEN },
  { reply: 'Answer: I think it is J', expect: 'J', rule: 'explicit', options: TEN },
];

describe('parseMcqAnswer', () => {
  it(`has a large table of cases (${CASES.length})`, () => assert.ok(CASES.length >= 40));
  for (const { reply, expect, rule, options = POISONING } of CASES) {
    it(JSON.stringify(reply.length > 70 ? `${reply.slice(0, 67)}...` : reply), () => {
      const parsed = parseMcqAnswer(reply, options);
      assert.doesNotThrow(() => parsedAnswerSchema.parse(parsed));
      if (expect === 'unparsed') {
        assert.equal(parsed.status, 'unparsed', JSON.stringify(parsed));
        assert.equal(parsed.value, null);
      } else if (typeof expect === 'object') {
        assert.equal(parsed.status, 'ambiguous', JSON.stringify(parsed));
        assert.equal(parsed.value, null);
        assert.deepEqual(parsed.candidates, expect.ambiguous);
      } else {
        assert.deepEqual({ status: parsed.status, value: parsed.value }, { status: 'ok', value: expect }, JSON.stringify(parsed));
      }
      if (rule !== undefined) assert.equal(parsed.rule, rule);
    });
  }

  it('returns option keys as the question spells them', () => {
    assert.equal(parseMcqAnswer('Answer: C', { a: 'x', b: 'y', c: 'z' }).value, 'c');
  });

  it('is unparsed with rule no-options when the question has no lettered options', () => {
    assert.deepEqual(parseMcqAnswer('Answer: C', {}), { status: 'unparsed', value: null, rule: 'no-options' });
  });

  it('is deterministic', () => {
    const reply = CASES[20]!.reply;
    assert.deepEqual(parseMcqAnswer(reply, POISONING), parseMcqAnswer(reply, POISONING));
  });
});

describe('parseMcqAnswer with options made of symbols', () => {
  it('matches a reply that is exactly the option text', () => {
    const arrows = { A: '↑ ↑ ↓', B: '↓ ↑ ↓', C: '↓ ↓ ↑', D: '↑ ↓ ↑' };
    assert.deepEqual(parseMcqAnswer('↓ ↑ ↓', arrows), { status: 'ok', value: 'B', rule: 'option-text' });
    assert.equal(parseMcqAnswer('Answer: B', arrows).value, 'B');
  });
});
