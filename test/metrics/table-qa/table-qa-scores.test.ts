import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exactMatch } from '../../../src/metrics/table-qa/exact-match.js';
import { answerEntities, logFaithfulness } from '../../../src/metrics/table-qa/log-faithfulness.js';
import { numericMatchText } from '../../../src/metrics/table-qa/numeric-match.js';
import { rougeL } from '../../../src/metrics/table-qa/rouge-l.js';
import { tokenF1 } from '../../../src/metrics/table-qa/token-f1.js';
import type { LogEntry } from '../../../src/spec/log-entry.js';

describe('table-QA answer scores', () => {
  it('exact match normalises case, punctuation and articles', () => {
    assert.equal(exactMatch('The Boston Celtics.', 'boston celtics'), 1);
    assert.equal(exactMatch('Celtics', 'boston celtics'), 0);
    assert.equal(exactMatch('Lakers', 'boston celtics', ['lakers']), 1);
    assert.equal(exactMatch(null, 'x'), 0);
    // issue 14: EM ignored the minus sign; a text that is one number compares by value
    assert.equal(exactMatch('0.2', '-0.2'), 0);
    assert.equal(exactMatch('1,000', '1000'), 1);
  });

  it('numeric match: FinQA tolerance, percent as fraction, TAT-QA scale words', () => {
    assert.equal(numericMatchText('12.5%', '0.125'), true);
    assert.equal(numericMatchText('0.125', '12.5%'), true);
    assert.equal(numericMatchText('2.1 million', '2100000'), true);
    assert.equal(numericMatchText('2100 thousand', '2.1 million'), true);
    assert.equal(numericMatchText('14.10001', '14.1'), true); // within 1e-5 relative
    assert.equal(numericMatchText('14.2', '14.1'), false);
    assert.equal(numericMatchText('no idea', '14.1'), false);
    assert.equal(numericMatchText('14.1', 'Boston'), null);
  });

  it('token F1 counts shared tokens once per occurrence (hand-computed)', () => {
    // prediction: "in 2008 boston won" (4 tokens), gold: "boston won title in 2008" (5): common 4 → P 1, R 0.8, F1 = 2·0.8/1.8
    assert.ok(Math.abs(tokenF1('In 2008, Boston won.', 'Boston won the title in 2008') - 1.6 / 1.8) < 1e-12);
    // SQuAD v1.1's f1_score returns 0 when no token is shared, two empty texts included (v2.0 would give 1)
    assert.equal(tokenF1('', ''), 0);
    // the sign counts: two one-number texts compare by value (SQuAD's punctuation removal would drop the minus)
    assert.equal(tokenF1('-0.2', '0.2'), 0);
    assert.equal(tokenF1(null, 'x'), 0);
  });

  it("ROUGE-L matches rouge-score's own example (P 0.625, R 0.5556, F 0.5882)", () => {
    // rouge_scorer.RougeScorer(['rougeL']).score('The quick brown fox jumps over the lazy dog', 'The quick brown dog jumps on the log.')
    // LCS = the quick brown jumps the = 5 tokens; prediction 8 tokens, target 9.
    const score = rougeL('The quick brown dog jumps on the log.', 'The quick brown fox jumps over the lazy dog');
    assert.equal(score.precision, 5 / 8);
    assert.ok(Math.abs(score.recall - 5 / 9) < 1e-12);
    assert.equal(score.fmeasure.toFixed(4), '0.5882');
    assert.equal(rougeL('', 'x').fmeasure, 0);
  });
});

function entry(seq: number, type: LogEntry['type'], content: string, accepted = true, meta: Record<string, unknown> = {}): LogEntry {
  return { seq, round: 0, agent: 'TableAgent', type, content, meta, accepted };
}

describe('log-grounding faithfulness', () => {
  const entries = [entry(0, 'LOOKUP', '5735'), entry(1, 'QUOTE', 'Revenue rose at Acme Corp in fiscal 2019.'), entry(2, 'LOOKUP', '9999', false), entry(3, 'ANSWER', '637')];

  it('counts numbers stated by accepted evidence; rejected entries and answers do not ground', () => {
    assert.deepEqual(logFaithfulness('5735', entries), { claims: 1, grounded: 1, share: 1, ungrounded: [] });
    assert.deepEqual(logFaithfulness('9999', entries), { claims: 1, grounded: 0, share: 0, ungrounded: ['9999'] });
    assert.equal(logFaithfulness('637', entries).share, 0);
  });

  it('grounds a computed number when every program operand is in the log', () => {
    const withOperand = [...entries, entry(4, 'LOOKUP', '5098')];
    assert.equal(logFaithfulness('637', withOperand, 'subtract(5735, 5098)').share, 1);
    assert.equal(logFaithfulness('637', entries, 'subtract(5735, 5098)').share, 0);
    assert.equal(logFaithfulness('637', withOperand, 'subtract(5735, 5098), divide(#0, const_100)').share, 1);
  });

  it('counts entities: capitalised runs, found in normalised evidence text', () => {
    assert.deepEqual(answerEntities('Acme Corp and Globex'), ['Acme Corp', 'Globex']);
    // "Acme Corp" is quoted, "Globex" is not: 1 of 2
    assert.equal(logFaithfulness('Acme Corp and Globex', entries).share, 0.5);
    assert.equal(logFaithfulness('', entries).share, null);
  });
});
