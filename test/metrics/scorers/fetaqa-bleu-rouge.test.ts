import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fetaqaBleuRougeScorer } from '../../../src/metrics/scorers/fetaqa-bleu-rouge.js';
import { computeBleu, corpusBleu } from '../../../src/metrics/scorers/fetaqa/corpus-bleu.js';
import { rougeN } from '../../../src/metrics/scorers/fetaqa/rouge-n.js';
import { tokenize13a } from '../../../src/metrics/scorers/fetaqa/tokenize-13a.js';
import { rougeL } from '../../../src/metrics/table-qa/rouge-l.js';
import type { Question } from '../../../src/spec/question.js';
import { hasSharedData, sharedDataFile } from '../../datasets/shared-data-path.js';
import { FETAQA_VARIANT_CLASSES, fetaqaStressPairs } from './fetaqa-stress-pairs.js';

const close = (actual: number, expected: number, epsilon: number, label = ''): void => assert.ok(Math.abs(actual - expected) < epsilon, `${label} ${actual} vs ${expected}`);

// mjpost/sacrebleu test/test_bleu.py: _hyps and _refs (two reference streams, transposed here to references per hypothesis).
const HYPS = ['The dog bit the man.', "It wasn't surprising.", 'The man had just bitten him.'];
const REFS = [
  ['The dog bit the man.', 'The dog had bit the man.'],
  ['It was not unexpected.', 'No one was surprised.'],
  ['The man bit him first.', 'The man had bitten the dog.'],
];

test('sacreBLEU test_bleu.py test_corpus_bleu: default settings and tokenize 13a give 48.530827', () => {
  close(corpusBleu(HYPS, REFS).score, 48.530827, 1e-6);
  // test_corpus_bleu ('', '', '') row: empty hypotheses are kept and score 0.0.
  assert.equal(corpusBleu(['', '', ''], REFS).score, 0);
  // test_corpus_bleu smooth_method 'none' row: 48.530827 (no order lacks a match).
  close(corpusBleu(HYPS, REFS, 'none').score, 48.530827, 1e-6);
});

test('sacreBLEU test_bleu.py test_statistics and test_scoring', () => {
  // test_statistics: counts [4, 2, 1, 0], totals [6, 5, 4, 3] (13a leaves these unpunctuated strings as they are).
  const stats = corpusBleu(['am I am a character sequence'], [['I am a symbol string sequence a a']]);
  assert.deepEqual([stats.counts, stats.totals], [[4, 2, 1, 0], [6, 5, 4, 3]]);
  // test_scoring: compute_bleu([9, 7, 5, 3], [10, 8, 6, 4], 11, 11) / 100 == 0.8375922397.
  close(computeBleu([9, 7, 5, 3], [10, 8, 6, 4], 11, 11).score / 100, 0.8375922397, 1e-8);
  // test_raw_bleu first row (#141): no match at all scores 0.0.
  assert.equal(computeBleu([0, 0, 0, 0], [6, 4, 2, 0], 6, 2, 'exp').score, 0);
});

test('sacreBLEU test_sentence_bleu.py test_api_sentence_bleu: exp and none with 13a (effective order)', () => {
  const ref = 'producţia de zahăr brut se exprimă în zahăr alb;';
  const sys = 'Producția de zahăr primă va fi exprimată în ceea ce privește zahărul alb;';
  const sentence = (smoothing: 'exp' | 'none'): number => {
    const { counts, totals, sysLen, refLen } = corpusBleu([sys], [[ref]]);
    return computeBleu(counts, totals, sysLen, refLen, smoothing, true).score;
  };
  close(sentence('exp'), 8.493, 1e-3);
  close(sentence('none'), 0, 1e-3);
  // test_api_sentence_bleu_zero: "this is a cat" against "okay thanks" is 0.0.
  assert.equal(corpusBleu(['this is a cat'], [['okay thanks']]).score, 0);
});

test('13a tokenisation: punctuation split off, digits keep their separators', () => {
  // Rules of tokenizer_13a.py / tokenizer_re.py; outputs checked with sacreBLEU's Tokenizer13a under python3.
  assert.equal(tokenize13a("It wasn't 1,000.5 km-long, right?  "), "It wasn't 1,000.5 km-long , right ?");
  assert.equal(tokenize13a('A &amp; B <skipped>co-\nop 3-4'), 'A & B coop 3 - 4');
});

// google-research/google-research rouge/rouge_scorer_test.py (scorer.score(target, prediction)).
test('rouge_score rouge_scorer_test.py: testRougeLConsecutive, testRougeLNonConsecutive, testRougeEmpty', () => {
  const consecutive = rougeL('testing one', 'testing one two');
  close(consecutive.precision, 1, 1e-7);
  close(consecutive.recall, 2 / 3, 1e-7);
  close(consecutive.fmeasure, 4 / 5, 1e-7);
  close(rougeL('testing two', 'testing one two').fmeasure, 4 / 5, 1e-7);
  assert.equal(rougeL('', 'testing one two').fmeasure, 0);
});

test('rouge_score rouge_scorer_test.py testRougeLAgainstRouge155, testRouge1AgainstRouge155, testRouge2AgainstRouge155: testdata lines 1 and 2', () => {
  // The first two lines of rouge/testdata/target.txt and prediction.txt (random strings made for the test).
  const targets = [
    "ZfbCUIUuePaiLVUlCaUXxkpu XPeWing tUHfPMuZ',-Xd Y BrUgVJing M-HV.-DgdDaY.rFDJCRing Ht-LM EKBDXkME,yz'RBr q'wtion wIojNbN wL,b .a-'XdQggyFl jB-RPP'iyOIcUxer tKM L\n",
    "KsJdPByEtAor fE-Qg Dpdbring cw-WeFyu vC MoBL Xdn g wkvcEiGvKtion BDFhrpMtion psing sbKao Q m qiing LMmer HqqLFXe,XPY,J XsurkMer ,ed nB'wH'bWVHjWFEing tQ.saefZwJtKrTlixYpMMsJing UCAPwNHeYVjDing c T BUySKtion gMPfJpwGw p'NvxAoping eu pBwMBKV'I DNxqelhu,PHPxDEq,mtion SN\n",
  ];
  const predictions = [
    "rFDJCRtion Ht-LM EKtDXkME,yz'RBr q'wer wrojNbN wL,b .a-'XdQggyFl jB-RPP'iyOIcUxi\n",
    "n cw-WeFyu vC MoBL Xdn g wkvcEiGvKtion BDFhrpMer pstion sbKao Q m qier LMmed HqqLFXe,XPY,J XsurkMeo ,ed nB'wH'bWVHjWFEer tQ.saefZwJtKrTlixYpMMNJtion UCAPwNHeYVjD\n",
  ];
  const first = rougeL(predictions[0]!, targets[0]!);
  close(first.recall, 0.40741, 1e-5);
  close(first.precision, 0.6875, 1e-5);
  close(first.fmeasure, 0.51163, 1e-5);
  const second = rougeL(predictions[1]!, targets[1]!);
  close(second.recall, 0.40476, 1e-5);
  close(second.precision, 0.65385, 1e-5);
  close(second.fmeasure, 0.5, 1e-5);
  close(rougeN(predictions[0]!, targets[0]!, 1), 0.51163, 1e-5);
  close(rougeN(predictions[1]!, targets[1]!, 1), 0.5, 1e-5);
  close(rougeN(predictions[0]!, targets[0]!, 2), 0.39024, 1e-5);
  close(rougeN(predictions[1]!, targets[1]!, 2), 0.36364, 1e-5);
});

test('rouge_score rouge_scorer_test.py: testRouge1, testRouge2, testRougeEmpty', () => {
  close(rougeN('testing', 'testing one two', 1), 1 / 2, 1e-7);
  close(rougeN('testing one', 'testing one two', 2), 2 / 3, 1e-7);
  assert.equal(rougeN('', 'testing one two', 1), 0);
  assert.equal(rougeN('', 'testing one two', 2), 0);
});

test('the scorer: per-answer rougeL, corpus bleu, no binary verdict', () => {
  const question: Question = { id: 'fetaqa:1', prompt: 'q', gold: { kind: 'text', value: 'The dog bit the man.' } };
  const score = fetaqaBleuRougeScorer.score({ answer: 'The dog bit the man.' }, question);
  assert.deepEqual(score, { correct: null, metrics: { rougeL: 1, rouge1: 1, rouge2: 1, bleu: null } });
  assert.equal(fetaqaBleuRougeScorer.score({ answer: null }, question).metrics['rougeL'], 0);
  // bleu is a fraction: sacreBLEU's 100 (a perfect match) is 1.
  close(fetaqaBleuRougeScorer.corpus!([{ prediction: { answer: 'The dog bit the man.' }, question }])['bleu']!, 1, 1e-9);
  assert.equal(fetaqaBleuRougeScorer.equivalent('The dog, bit the man', 'the dog bit the man.', question), true);
  assert.equal(fetaqaBleuRougeScorer.equivalent('the man bit the dog', 'the dog bit the man', question), false);
});

// Expected values: sacreBLEU 2.6.0 corpus_bleu and rouge_score's tokenize + _score_lcs on exactly these pairs; fixtures/scoring/README.md, "FeTaQA".
test('stress pairs from the FeTaQA sample match sacreBLEU and rouge_score, per class', (t) => {
  if (!hasSharedData('fetaqa', 'fetaQA-v1_test.jsonl')) return t.skip('shared FeTaQA sample absent');
  const references = readFileSync(sharedDataFile('fetaqa', 'fetaQA-v1_test.jsonl'), 'utf8').split('\n').filter((line) => line.trim() !== '').map((line) => (JSON.parse(line) as { answer: string }).answer);
  const fixture = JSON.parse(readFileSync(new URL('../../../fixtures/scoring/fetaqa-values.json', import.meta.url), 'utf8')) as {
    classes: Record<string, { bleu: number; rougeL: number[]; rouge1: number[]; rouge2: number[] }>;
  };
  const pairs = fetaqaStressPairs(references);
  assert.ok(pairs.length >= 500);
  for (const variantClass of FETAQA_VARIANT_CLASSES) {
    const expected = fixture.classes[variantClass]!;
    const items = pairs.filter((pair) => pair.variantClass === variantClass);
    assert.equal(items.length, expected.rougeL.length, 'the pair generator changed; recompute the values (fixtures/scoring/README.md)');
    const questions = items.map((item, index): Question => ({ id: `fetaqa:${index}`, prompt: 'q', gold: { kind: 'text', value: item.reference } }));
    const bleu = fetaqaBleuRougeScorer.corpus!(items.map((item, index) => ({ prediction: { answer: item.hypothesis }, question: questions[index]! })))['bleu']!;
    close(bleu * 100, expected.bleu, 1e-9, `${variantClass} bleu`);
    items.forEach((item, index) => {
      const { metrics } = fetaqaBleuRougeScorer.score({ answer: item.hypothesis }, questions[index]!);
      for (const key of ['rougeL', 'rouge1', 'rouge2'] as const) close(metrics[key]!, expected[key][index]!, 1e-12, `${variantClass} ${key} ${index}`);
    });
  }
});
