import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareWithResult, matchesRounded, writtenDecimals } from '../../src/tools/units/compare-result.js';
import { numbersInText, parseNumberText } from '../../src/tools/units/number-text.js';
import { asksForPercent, declaredScale, scaleFactor, scaleWord } from '../../src/tools/units/scale.js';

describe('numbers in cells', () => {
  it('reads whole-cell numbers the way financial tables write them', () => {
    assert.deepEqual(parseNumberText('$ 2457'), { value: 2457, percent: false });
    assert.deepEqual(parseNumberText('1,571.7'), { value: 1571.7, percent: false });
    assert.deepEqual(parseNumberText('(3.1)'), { value: -3.1, percent: false });
    assert.deepEqual(parseNumberText('27.9 %'), { value: 27.9, percent: true });
    assert.deepEqual(parseNumberText('−12'), { value: -12, percent: false });
    assert.equal(parseNumberText('2019 restated'), undefined);
    assert.equal(parseNumberText('(3.1'), undefined);
    assert.deepEqual(numbersInText('loss of (3.1) and $2,000'), [3.1, 2000, -3.1]);
  });
});

describe('scales', () => {
  it('finds the scale a header, caption or sentence declares', () => {
    const cases: Array<[string, string]> = [
      ['payments volume ( billions )', 'billion'],
      ['( in millions )', 'million'],
      ['$ in thousands', 'thousand'],
      ["$'000", 'thousand'],
      ['(000s)', 'thousand'],
      ['(In millions of dollars, except capital intensity)', 'million'],
      ['All amounts are in millions of dollars .', 'million'],
      ['amounts in thousands , except per share data', 'thousand'],
      ['2019', ''],
      ['the thousand islands', ''],
    ];
    for (const [text, scale] of cases) assert.equal(declaredScale(text), scale, text);
  });

  it('tells percentage questions and scale words', () => {
    assert.equal(asksForPercent('what is the percentage change in revenue?'), true);
    assert.equal(asksForPercent('what portion (%) was paid?'), true);
    assert.equal(asksForPercent('what is the change in revenue?'), false);
    assert.deepEqual(['%', 'mn', 'bn', 'thousands', 'k', 'apples'].map(scaleWord), ['percent', 'million', 'billion', 'thousand', 'thousand', '']);
    assert.equal(scaleFactor('million', 'thousand'), 1000);
    assert.equal(scaleFactor('percent', 'million'), 1);
  });
});

describe('answer against program result', () => {
  it('accepts answers rounded as written', () => {
    assert.equal(writtenDecimals(0.02), 2);
    assert.equal(writtenDecimals(1e-7), 7);
    assert.equal(matchesRounded(0.02, 0.0164), true);
    assert.equal(matchesRounded(1.6, 1.64), true);
    assert.equal(matchesRounded(1.7, 1.64), false);
    assert.equal(matchesRounded(4302.68, 4302.67611), true);
    assert.equal(matchesRounded(127, 127.4), true);
    assert.equal(matchesRounded(128, 127.4), false);
  });

  it('names percent-form answers, scale slips and arithmetic errors', () => {
    assert.deepEqual(compareWithResult(1.64, 'percent', 0.0164), { kind: 'match', form: 'percent' });
    assert.deepEqual(compareWithResult(0.0164, '', 0.0164), { kind: 'match', form: 'same' });
    const percent = compareWithResult(1.64, '', 0.0164);
    assert.equal(percent.kind, 'scale');
    assert.match(percent.kind === 'scale' ? percent.detail : '', /× 100 \(percent vs fraction\)/);
    const thousands = compareWithResult(5829000, '', 5829);
    assert.deepEqual(thousands.kind === 'scale' ? thousands.factor : 0, 1000);
    const millions = compareWithResult(5.829, 'million', 5829000);
    assert.equal(millions.kind, 'scale');
    assert.deepEqual(compareWithResult(95, '', 94).kind, 'mismatch');
  });
});
