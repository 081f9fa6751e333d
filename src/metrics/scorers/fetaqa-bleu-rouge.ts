import type { Question } from '../../spec/question.js';
import type { AnswerScore, Prediction, Scorer, ScoredItem } from '../../spec/scorer.js';
import { rougeL, rougeTokens } from '../table-qa/rouge-l.js';
import { corpusBleu } from './fetaqa/corpus-bleu.js';
import { rougeN } from './fetaqa/rouge-n.js';

/**
 * FeTaQA's generation metrics as its paper reports them and its code
 * computes them (Yale-LILY/FeTaQA `end2end/train.py`, through Hugging Face
 * `datasets` metrics): sacreBLEU corpus BLEU with sacreBLEU's defaults
 * (`bleu`, over all answers at once, as a fraction: sacreBLEU's 30.54 is 0.3054) and Google's `rouge_score`
 * ROUGE-L F-measure without stemming (`rougeL`, per answer, averaged), with
 * the paper's ROUGE-1 and ROUGE-2 beside it (`rouge1`, `rouge2`).
 * FeTaQA defines no binary verdict, so `correct` is null.
 * docs/metrics.md, "FeTaQA", lists the remaining differences.
 */
export const fetaqaBleuRougeScorer: Scorer = {
  name: 'fetaqa-bleu-rouge',
  source: 'Yale-LILY/FeTaQA end2end/train.py: sacreBLEU corpus_bleu (mjpost/sacrebleu) and rouge_score rougeL (google-research/google-research rouge/)',
  metrics: [
    { key: 'rougeL', label: 'ROUGE-L', aggregate: 'mean' },
    { key: 'rouge1', label: 'ROUGE-1', aggregate: 'mean' },
    { key: 'rouge2', label: 'ROUGE-2', aggregate: 'mean' },
    { key: 'bleu', label: 'sacreBLEU', aggregate: 'corpus' },
  ],
  score(prediction: Prediction, question: Question): AnswerScore {
    const target = reference(question);
    if (target === null) return { correct: null, metrics: { rougeL: null, rouge1: null, rouge2: null, bleu: null } };
    // A missing answer is scored as the empty text, as the generation scripts score an empty generation.
    const answer = prediction.answer ?? '';
    return { correct: null, metrics: { rougeL: rougeL(answer, target).fmeasure, rouge1: rougeN(answer, target, 1), rouge2: rougeN(answer, target, 2), bleu: null } };
  },
  equivalent(a: string, b: string): boolean {
    // Free-form sentences: the same answer when ROUGE's tokenizer reads the same token sequence.
    return rougeTokens(a).join(' ') === rougeTokens(b).join(' ');
  },
  corpus(items: readonly ScoredItem[]): Readonly<Record<string, number | null>> {
    const scored = items.flatMap((item) => {
      const target = reference(item.question);
      return target === null ? [] : [{ hypothesis: item.prediction.answer ?? '', target }];
    });
    if (scored.length === 0) return { bleu: null };
    // A fraction like every quorum metric (tables print 0.3054 as 30.5 %): sacreBLEU's 0–100 score over 100.
    return { bleu: corpusBleu(scored.map((item) => item.hypothesis), scored.map((item) => [item.target])).score / 100 };
  },
};

function reference(question: Question): string | null {
  return question.gold.kind === 'text' ? question.gold.value : null;
}
