import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alignedNliScores, type AlignedRule } from '../../../src/audit/heuristic/aligned-nli-scores.js';
import { answerClaim } from '../../../src/audit/heuristic/answer-claims.js';
import { clausesOf } from '../../../src/audit/heuristic/clauses.js';

/** One hand-made pair: the rule that must (or must not) fire, and why the label holds. */
interface Case {
  premise: string;
  hypothesis: string;
  /** The rule that flags the pair, or null when nothing may flag it. */
  rule: AlignedRule | null;
  why: string;
}

// Hand-written, in the style of debate steps; none is taken from the labelled set.
const CASES: Record<string, Case[]> = {
  answer: [
    { premise: 'So the total height is \\boxed{13 inches}.', hypothesis: 'The beanstalk is \\boxed{16 inches} tall after three weeks.', rule: 'answer', why: 'two final answers for one question, in the same unit' },
    { premise: '(X) C) the medial pterygoid muscle.', hypothesis: '(X) D) the lateral pterygoid muscle.', rule: 'answer', why: "Du et al.'s answer slot names two different options" },
    { premise: 'The correct answer is (B).', hypothesis: 'Option D is the most plausible match.', rule: 'answer', why: 'two different options each given a positive verdict' },
    { premise: 'So he needs \\boxed{8} packs.', hypothesis: 'That gives \\boxed{8 packs} of gum.', rule: null, why: 'the same answer' },
    { premise: 'Jean eats \\boxed{2} lollipops.', hypothesis: 'Jean fills \\boxed{14 bags}.', rule: null, why: 'a bare 2 and 14 bags: different numbers of different things can both be true' },
    { premise: 'She plants \\boxed{50 petunias}.', hypothesis: 'He plants \\boxed{140 flowers} in all.', rule: null, why: 'different units: petunias and flowers are not the same count' },
    { premise: 'The agent who gave \\boxed{7 inches} made a mistake.', hypothesis: 'The height is \\boxed{10 inches}.', rule: null, why: 'the first step refutes 7, it does not claim it' },
    { premise: 'Jean can fill \\boxed{15} or \\boxed{14} bags.', hypothesis: 'Jean can fill \\boxed{14} bags.', rule: null, why: 'two answers in one step commit to neither' },
    { premise: 'If only two speeds count, the average is \\boxed{49.5}.', hypothesis: 'The average of the three speeds is \\boxed{52}.', rule: null, why: 'a conditional answer to another case' },
    { premise: 'The answer is \\boxed{48}.', hypothesis: 'The total amount of milk is \\boxed{16 ounces}.', rule: null, why: 'a bare number against a partial result in ounces: not shown to be the same quantity' },
    { premise: 'The revised answer is \\boxed{16}.', hypothesis: 'So the answer is \\boxed{48 calories}.', rule: 'answer', why: 'both say they give the answer, and the answers differ' },
    { premise: 'So Tom can fill \\boxed{12} boxes in all.', hypothesis: 'Tom can fill \\boxed{11} boxes, assuming each box holds 3 apples.', rule: 'answer', why: '"assuming" after the answer restates what the problem gives; both commit to a number of boxes' },
    { premise: 'Assuming each box holds 4 apples, Tom fills \\boxed{9} boxes.', hypothesis: 'Tom can fill \\boxed{12} boxes in all.', rule: null, why: 'an assumption set up before the answer makes it the answer to that case only' },
    { premise: 'The number of apples left in the basket is \\boxed{12}.', hypothesis: 'The number of apples left in the basket is \\boxed{9}.', rule: 'answer', why: 'the same words lead up to both boxes: two values of one count, though neither step says "answer"' },
    { premise: 'The number of apples left in the basket is \\boxed{12}.', hypothesis: 'The number of pears is \\boxed{9}.', rule: null, why: 'different words before the boxes: two counts of different things' },
    { premise: 'So the total is \\boxed{12}.', hypothesis: 'So the total is \\boxed{9}.', rule: null, why: 'one word ("total") is too little to say both boxes count the same thing (a step may total a part)' },
    { premise: 'B: Correct, since insulin lowers glucose.', hypothesis: 'The correct answer is (C).', rule: 'answer', why: 'an option-by-option review that marks B correct chooses B; the other step chooses C' },
    { premise: 'Thus, the accurate description is D, as it matches the carbon count.', hypothesis: 'The correct answer is (A).', rule: 'answer', why: '"the accurate description is D" chooses D' },
  ],
  verdict: [
    { premise: 'The correct answer is (B).', hypothesis: 'Option B is incorrect because it ignores the timing.', rule: 'verdict', why: 'one step chooses B, the other rejects B: opposite verdicts on one option' },
    { premise: 'The correct answer is (D).', hypothesis: 'Option B is incorrect because it ignores the timing.', rule: null, why: 'choosing D and rejecting B agree' },
    { premise: 'Thus, the accurate description is B, as it fits the data.', hypothesis: 'B: Wrong, it ignores the timing.', rule: 'verdict', why: 'an option-by-option review that marks B wrong rejects the option the other step chooses' },
    { premise: 'Thus, the accurate description is D, as it fits the data.', hypothesis: 'B: Wrong, it ignores the timing.', rule: null, why: 'choosing D and marking B wrong agree' },
  ],
  choice: [
    { premise: 'A carbon tax is the most effective policy to reduce emissions in the short run.', hypothesis: 'The most effective policy to reduce emissions is a cap on imports.', rule: 'choice', why: 'a superlative admits one filler: two different policies cannot both be the most effective one for the same goal' },
    { premise: 'Therefore, penicillin is the best treatment for this infection.', hypothesis: 'The best treatment for this infection is doxycycline, given the allergy.', rule: 'choice', why: '"the best treatment for this infection" is one drug: penicillin vs doxycycline' },
    { premise: 'A carbon tax is the most effective policy to reduce emissions.', hypothesis: 'The most effective policy to reduce emissions is a tax on carbon.', rule: null, why: 'the same filler in other words (the head "tax" is named in both)' },
    { premise: 'A carbon tax is the most effective policy to reduce emissions.', hypothesis: 'A cap on imports is the most popular policy to reduce emissions.', rule: null, why: 'different degrees (most effective, most popular) are different roles' },
    { premise: 'A carbon tax is the most effective policy to reduce emissions.', hypothesis: 'A cap on imports is the most effective way to raise revenue.', rule: null, why: 'different roles: a policy to reduce emissions, a way to raise revenue' },
    { premise: 'A carbon tax is not the most effective policy to reduce emissions.', hypothesis: 'The most effective policy to reduce emissions is a cap on imports.', rule: null, why: 'a denied choice chooses nothing' },
    { premise: 'A carbon tax may be the most effective policy to reduce emissions.', hypothesis: 'The most effective policy to reduce emissions is a cap on imports.', rule: null, why: 'a hedged choice ("may") commits to nothing' },
    { premise: 'The best evidence for the claim that lunar rocks are older comes from radioactive dating.', hypothesis: 'The best evidence for the claim is crater counting.', rule: null, why: 'the only copula of the first step belongs to its that-clause ("rocks are older"): it names no filler' },
    { premise: 'The best answer is (B), as dating shows it.', hypothesis: 'The best answer is (C).', rule: 'answer', why: 'options in the filler are answers: the answer rule, not the choice rule, reads them' },
  ],
  preference: [
    { premise: 'I still believe that "The river rose above the bridge" is a more accurate translation of the text.', hypothesis: 'In conclusion, "The river overflowed the bridge" is the most accurate translation.', rule: 'preference', why: 'each step calls a different quoted candidate the better translation: only one can be' },
    { premise: 'I still think "Collect news" or "Collect reports" is the most accurate rendering.', hypothesis: 'I believe "Hear the rumours" is a more accurate rendering for the phrase.', rule: 'preference', why: 'two disjoint sets of preferred candidates for the same role' },
    { premise: 'I still believe that my translation, "She shut the shop," is more accurate.', hypothesis: 'Therefore, the correct translation of the sentence is "She closed the business down."', rule: 'preference', why: 'a comparative and "the correct translation is" both name the preferred candidate, and they differ' },
    { premise: 'In this case, "postponed" would not be an accurate translation.', hypothesis: 'I still believe that "The meeting has been postponed" is the correct translation.', rule: 'preference', why: 'one step rejects the word the other step\'s preferred candidate is made of' },
    { premise: 'I believe "The shop was shut" is a more accurate translation than "The shop was sold".', hypothesis: 'I believe "The shop was closed" is a more accurate translation than "The shop was sold".', rule: null, why: 'both prefer a candidate over the same third one; neither says anything against the other\'s' },
    { premise: 'While I still believe that "They shut the shop" is a more accurate translation, I understand why you believe that "They closed the shop" is more accurate.', hypothesis: 'I believe that "closed the shop" is a more accurate translation.', rule: 'preference', why: 'the first step\'s own candidate is "They shut the shop" (the other one it only reports as the other side\'s view); the second prefers "closed the shop"' },
    { premise: 'I can understand why you believe that "They closed the shop" is more accurate.', hypothesis: 'I believe that "They shut the shop" is a more accurate translation.', rule: null, why: 'the first step only reports the other side\'s preference and makes none of its own' },
    { premise: '"They shut the shop" could be a more accurate translation.', hypothesis: 'I believe that "They closed the shop" is a more accurate translation.', rule: null, why: 'a hedged preference ("could be") commits to nothing' },
  ],
  'option value': [
    { premise: 'This value is far below 0.9609 (option D).', hypothesis: "Option B's 0.9609 is closest for W-band.", rule: 'option value', why: 'one value is said to be option D in one step and option B in the other' },
    { premise: 'This value is far below 0.9609 (option D).', hypothesis: "Option D's 0.9609 is closest for W-band.", rule: null, why: 'the same value and option' },
  ],
  negation: [
    { premise: 'The drug does not cross the blood-brain barrier.', hypothesis: 'The drug crosses the blood-brain barrier.', rule: 'negation', why: 'the denied predicate is the other sentence’s predicate, about the same drug' },
    { premise: 'A man is not sleeping.', hypothesis: 'A man is sleeping on a bench.', rule: 'negation', why: 'one-word predicate denied of the same subject' },
    { premise: 'Penguins drink seawater, but they do not use nasal glands to excrete excess salt.', hypothesis: 'Penguins excrete excess salt through nasal glands.', rule: 'negation', why: 'the pronoun stands for penguins (the clause before); the rest of the predicate is repeated' },
    { premise: '45,X is not trisomy.', hypothesis: '47,XXX is trisomy.', rule: null, why: 'the same predicate about different karyotypes: ruling one out says nothing of the other' },
    { premise: 'Option D is not correct.', hypothesis: 'Option C is correct.', rule: null, why: 'different subjects (options D and C)' },
    { premise: 'Semantic encoding and echoic memory, none of which are central to the method of loci.', hypothesis: 'The method of loci is central to spatial memory.', rule: null, why: '"none of which" rules other options out; it denies nothing of the method' },
    { premise: 'Option D is a negative claim not central to the thesis.', hypothesis: 'Claims about men are peripheral to the central thesis.', rule: null, why: 'the other sentence says "not central" with an opposite word: agreement' },
    { premise: 'Since we cannot load a fraction of a box, we round down.', hypothesis: 'We divide to find how many boxes can be loaded.', rule: null, why: 'no subject to align and the denied predicate is not repeated in full' },
    { premise: 'Divide by the measured value, not the full scale.', hypothesis: 'The error is 2% of the full scale.', rule: null, why: '"not the full scale" contrasts with an alternative; it denies no claim' },
    { premise: 'Load boxes while not exceeding the weight limit of the bridge.', hypothesis: 'Load boxes without exceeding the weight limit of the bridge.', rule: null, why: '"without" negates the other clause too: both say the same' },
    { premise: 'Fiduciary statements are not required to include a cash flow statement.', hypothesis: 'Fiduciary funds may choose to include a cash flow statement.', rule: null, why: '"may choose to" allows; it does not affirm what is denied' },
    { premise: 'The phrase may not always accurately convey the sense of secrecy.', hypothesis: 'The phrase accurately conveys the sense of secrecy.', rule: null, why: 'a hedged denial ("may not always") denies nothing outright' },
    { premise: 'The sentence implies that the person writing the letter is not the intended recipient.', hypothesis: 'In this case, it is possible that the person writing the letter is also the intended recipient.', rule: null, why: '"it is possible that" only allows what the first step denies' },
  ],
  antonym: [
    { premise: 'Atropine increases heart rate.', hypothesis: 'Atropine decreases heart rate.', rule: 'antonym', why: 'opposite verbs in the same slot (before "heart rate")' },
    { premise: 'The articular disc and the lateral pterygoid contribute.', hypothesis: 'The articular disc and the medial pterygoid contribute.', rule: 'antonym', why: 'opposite modifiers of the same muscle' },
    { premise: 'The drug does not increase blood pressure.', hypothesis: 'The drug decreases blood pressure.', rule: null, why: 'negation and antonym cancel: both say the pressure does not rise' },
    { premise: 'High and low doses were compared.', hypothesis: 'Low doses were compared.', rule: null, why: 'both poles in one sentence are a range, not a claim' },
    { premise: 'The embryo grows faster with the crescent.', hypothesis: 'Without it the cells divide slower than usual.', rule: null, why: 'fast and slow describe different things (growth here, division there)' },
    { premise: 'The medial pterygoid muscle plays a role in jaw movement.', hypothesis: 'The lateral pterygoid muscle plays a role in jaw movement.', rule: null, why: 'the opposite words open both clauses: two muscles, each with a true claim' },
    { premise: 'The seller is liable for damages.', hypothesis: 'The seller is entitled to damages.', rule: 'antonym', why: 'opposite legal roles of one party: the same word right before and right after both' },
    { premise: 'The farmer is liable for damages.', hypothesis: 'The buyer is entitled to damages.', rule: null, why: 'two parties: the one who owes and the one who is owed' },
    { premise: 'Subsidies are critical for osmotic balance.', hypothesis: 'Taxes would worsen osmotic imbalance.', rule: null, why: 'the clauses share only the word next to the pair: not the same claim' },
  ],
  exclusive: [
    { premise: 'Atropine blocks M2 receptors in the heart.', hypothesis: 'Atropine blocks β1 receptors in the heart.', rule: 'exclusive', why: 'two receptor subtypes in the same slot (what atropine blocks)' },
    { premise: 'A man is sleeping on a couch.', hypothesis: 'A woman is sleeping on a couch.', rule: 'exclusive', why: 'one sleeper, two sexes' },
    { premise: 'Option A is the normal karyotype.', hypothesis: 'Option D is monosomy.', rule: null, why: 'options named side by side are not exclusive claims; only verdicts about them are' },
    { premise: 'Natural oils have double bonds in the cis configuration.', hypothesis: 'Natural oils have double bonds in the trans configuration.', rule: 'exclusive', why: 'one double bond has one geometry' },
    { premise: 'I initially chose A) double bonds in the cis configuration.', hypothesis: 'Natural oils have double bonds in the trans configuration.', rule: null, why: 'a view reported as an earlier one is not claimed' },
    { premise: 'Option C incorrectly puts the double bonds in the trans configuration.', hypothesis: 'Natural oils have double bonds in the cis configuration.', rule: null, why: 'calling the trans option incorrect agrees with cis' },
    { premise: 'A man reads a book by the river.', hypothesis: 'A woman cooks dinner in the kitchen.', rule: null, why: 'the terms share no slot: two different scenes' },
  ],
  quantity: [
    { premise: 'The recommended dose is 5 mg daily.', hypothesis: 'The recommended dose is 50 mg daily.', rule: 'quantity', why: 'the same dose, anchored to the same word, with two values' },
    { premise: 'Two dogs run in the park.', hypothesis: 'Three dogs run in the park.', rule: 'quantity', why: 'two counts of the same dogs' },
    { premise: 'The recommended dose is 5 mg daily.', hypothesis: 'The recommended dose is 0.005 g daily.', rule: null, why: 'the same amount in other units' },
    { premise: 'Reading 320 pages at 20 pages per hour takes 320 / 20 = 16 hours.', hypothesis: 'Jerry reads 20 pages per hour, so the 320 pages take 15 hours.', rule: null, why: 'a step of arithmetic: its numbers are operands, not a claim the heuristic can check' },
    { premise: 'The capacity of the bridge is 5000 pounds.', hypothesis: 'The remaining weight on the bridge is 1245 pounds.', rule: null, why: 'anchored to different things (capacity, remaining weight)' },
    { premise: "Agent 1's solution scales the error.", hypothesis: "Agent 2's solution scales the error.", rule: null, why: 'numbers that name agents measure nothing' },
    { premise: 'The beanstalk was 3 inches tall after the first week.', hypothesis: 'The beanstalk was 13 inches tall after 3 weeks.', rule: null, why: 'a time qualifies one value only: two moments, not two values for one' },
  ],
};

describe('aligned heuristic NLI rules', () => {
  for (const [rule, cases] of Object.entries(CASES)) {
    describe(rule, () => {
      for (const { premise, hypothesis, rule: expected, why } of cases) {
        it(`${expected === null ? 'no flag' : `flags by ${expected}`}: ${why}`, () => {
          // CARA flags a pair when either direction crosses τ, so both directions are checked.
          for (const [p, h] of [
            [premise, hypothesis],
            [hypothesis, premise],
          ] as const) {
            const result = alignedNliScores(p, h);
            const flagged = result.scores.contradiction > 0.5;
            if (expected === null) {
              assert.equal(flagged, false, JSON.stringify(result));
            } else {
              assert.equal(flagged, true, JSON.stringify(result));
              assert.ok(
                result.conflicts.some((conflict) => conflict.rule === expected),
                JSON.stringify(result.conflicts),
              );
            }
          }
        });
      }
    });
  }

  it('keeps p(contradiction) low and entailment high for a repeated step', () => {
    const { scores } = alignedNliScores('Beta blockers lower heart rate.', 'Beta blockers lower heart rate.');
    assert.ok(scores.contradiction < 0.15);
    assert.ok(scores.entailment > 0.5);
  });

  it('explains each conflict', () => {
    assert.deepEqual(
      alignedNliScores('Atropine increases heart rate.', 'Atropine decreases heart rate.').conflicts.map((conflict) => [conflict.rule, conflict.detail]),
      [['antonym', 'increases / decreases']],
    );
  });
});

describe('answerClaim', () => {
  it('reads boxed numbers with their unit, option slots and option verdicts', () => {
    // `frame`: the content stems of the clause before the box (what the number is of).
    assert.deepEqual(answerClaim('The total is \\boxed{16 inches}.'), { kind: 'number', value: 16, unit: 'inch', final: false, frame: ['total'] });
    assert.deepEqual(answerClaim('The answer is \\boxed{52} WPM.'), { kind: 'number', value: 52, unit: 'wpm', final: true, frame: ['answer'] });
    assert.deepEqual(answerClaim('Mary is \\boxed{25 - 2 = 23} years old.'), { kind: 'number', value: 23, unit: 'year', final: false, frame: ['mary'] });
    assert.deepEqual(answerClaim('\\boxed{Answer: Dominick saw a total of 30 items}'), { kind: 'number', value: 30, unit: 'item', final: true, frame: [] });
    // A partial result of the step's own arithmetic, and a range, are no answers.
    assert.equal(answerClaim('Valerie earns $10,000 / 2 = \\boxed{5,000}.'), undefined);
    assert.equal(answerClaim('The height ranges over \\boxed{11-19 inches}.'), undefined);
    assert.deepEqual(answerClaim('(X) B) Insulin.'), { kind: 'option', option: 'b' });
    assert.deepEqual(answerClaim('The answer remains (D).'), { kind: 'option', option: 'd' });
    assert.equal(answerClaim('Option C inaccurately claims trans configurations.'), undefined);
  });
});

describe('clausesOf', () => {
  it('splits at punctuation and clause words, marks options and keeps the negated part apart', () => {
    const clauses = clausesOf('While birds drink seawater, they do not use option B glands.');
    assert.deepEqual(
      clauses.map((clause) => [clause.negated, clause.subject, clause.predicate]),
      [
        [false, ['bird', 'drink', 'seawater'], []],
        [true, [], ['use', 'optionb', 'gland']],
      ],
    );
  });
});
