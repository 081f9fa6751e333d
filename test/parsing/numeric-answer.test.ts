import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalNumber, findNumbers, findNumericAnswer, parseNumericAnswer } from '../../src/parsing/numeric-answer.js';

const CASES: Array<{ reply: string; value: string | null; status?: 'ok' | 'ambiguous' | 'unparsed'; rule?: string; candidates?: string[] }> = [
  { reply: 'Answer: 3.25', value: '3.25', rule: 'explicit' },
  { reply: '3.2%', value: '3.2', rule: 'last-number+percent' },
  { reply: '-0.4', value: '-0.4', rule: 'last-number' },
  { reply: '−2.5', value: '-2.5', rule: 'last-number' },
  { reply: '1,234.5', value: '1234.5', rule: 'last-number' },
  { reply: 'Net revenue was $2.1 million', value: '2.1', rule: 'last-number+million' },
  { reply: 'The forecast is 3.1% for March.', value: '3.1', rule: 'explicit+percent' },
  { reply: 'Revenue rose from 2.9 to 3.2, so the answer is 3.2 (up 10%).', value: '3.2', rule: 'explicit' },
  { reply: 'Final answer: approximately 0.10', value: '0.1', rule: 'explicit' },
  { reply: 'Answer: 5k', value: '5', rule: 'explicit+thousand' },
  { reply: '{"answer": 4.5}', value: '4.5', rule: 'json' },
  { reply: 'The total is \\boxed{12}', value: '12', rule: 'boxed' },
  { reply: 'CPI was 2.9 in 2023 and I expect 3.0 next month.\nForecast: 3.05', value: '3.05', rule: 'explicit' },
  { reply: 'The dose was 10mg; the change is -1.5', value: '-1.5', rule: 'last-number' },
  { reply: 'Answer: between 3.1 and 3.4', value: null, status: 'ambiguous', candidates: ['3.1', '3.4'] },
  { reply: 'Answer: 3.1-3.4', value: null, status: 'ambiguous', candidates: ['3.1', '3.4'] },
  { reply: 'Answer: 3.1 or 3.4', value: null, status: 'ambiguous', candidates: ['3.1', '3.4'] },
  { reply: 'Answer: 3.2, up from 2.9 last year', value: '3.2', rule: 'explicit' },
  { reply: 'I cannot tell from the table.', value: null, status: 'unparsed', rule: 'none' },
];

describe('parseNumericAnswer', () => {
  for (const { reply, value, status = 'ok', rule, candidates } of CASES) {
    it(JSON.stringify(reply), () => {
      const parsed = parseNumericAnswer(reply);
      assert.equal(parsed.status, status, JSON.stringify(parsed));
      assert.equal(parsed.value, value);
      if (rule !== undefined) assert.equal(parsed.rule, rule);
      if (candidates !== undefined) assert.deepEqual(parsed.candidates, candidates);
    });
  }

  it('reports scale, percent and currency of the deciding number', () => {
    const { mention } = findNumericAnswer('Answer: $2.1 billion');
    assert.equal(mention?.value, 2.1);
    assert.equal(mention?.scale, 1e9);
    assert.equal(mention?.currency, '$');
    assert.equal(mention?.percent, false);
  });

  it('does not read metres or labels as scale words', () => {
    assert.deepEqual(
      findNumbers('walk 5 m then 3 b').map((mention) => mention.scale),
      [1, 1],
    );
  });

  it('ignores digits inside words', () => {
    assert.deepEqual(
      findNumbers('HbA1c rose; CYP2D6 is slow; 7 days').map((mention) => mention.text),
      ['7'],
    );
  });

  it('writes canonical numbers', () => {
    assert.equal(canonicalNumber(-0), '0');
    assert.equal(canonicalNumber(1234.5), '1234.5');
    assert.equal(canonicalNumber(3.2), '3.2');
  });
});

// What scorers read: the answer as stated (issue 14). Expected texts by hand from each rule.
describe('the stated answer kept for the scorers', () => {
  const stated = (reply: string): string | null => {
    const parsed = parseNumericAnswer(reply);
    return parsed.status === 'ok' ? (parsed.text ?? parsed.value) : null;
  };
  it('keeps sign, percent, currency, scale word and accounting parentheses', () => {
    assert.equal(stated('Answer: -0.2'), '-0.2');
    assert.equal(stated('Answer: 56.197%'), '56.197%');
    assert.equal(stated('Answer: (0.2)'), '(0.2)');
    assert.equal(stated('The answer is $2.1 million.'), '$2.1 million');
    assert.equal(stated('so the total is (1,234) for the year'), '(1,234)');
  });
  it('keeps a labelled statement whole, approximations included', () => {
    assert.equal(stated('Answer: 17 people'), '17 people');
    assert.equal(stated('Answer: about 127.4'), 'about 127.4');
    assert.equal(stated('{"answer": "17 people"}'), '17 people');
    // a final sentence period is punctuation, not part of the answer
    assert.equal(stated('Answer: 127.4.'), '127.4');
  });
  it('reads fullwidth digits and exponents, and never overflows to Infinity', () => {
    assert.equal(parseNumericAnswer('Answer: １７').value, '17');
    assert.equal(parseNumericAnswer('Answer: 1.7e+1').value, '17');
    assert.equal(parseNumericAnswer('Answer: 5e999').value, '5');
  });
});
