import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { finqaLoader } from '../../src/datasets/finqa.js';
import { tatqaLoader } from '../../src/datasets/tatqa.js';
import { wtqLoader } from '../../src/datasets/wikitablequestions.js';
import { predictionOf } from '../../src/metrics/scorers/prediction-of.js';
import { scorerFor } from '../../src/metrics/scorers/scorer-for.js';
import { parseAnswer } from '../../src/parsing/parse-answer.js';
import { poseQuestion, type Question } from '../../src/spec/question.js';
import { hasSharedData, sharedDataFile } from '../datasets/shared-data-path.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { Agreement } from '../metrics/scorers/agreement.js';
import { finqaStressPairs } from '../metrics/scorers/finqa-stress-pairs.js';
import { tatqaVariants } from '../metrics/scorers/tatqa-variants.js';
import { wtqVariants } from '../metrics/scorers/wtq-variants.js';

// The stress pairs of each scorer's own test, now through the whole run path: a model reply ending
// "Answer: <prediction>", quorum's answer parser (by the question's answer kind, as a protocol reads it),
// the stated answer it keeps, and the dataset's scorer. Expected verdicts are the official evaluators'
// (fixtures/scoring/README.md), never quorum's.
// The run path differs from the evaluators by design in three ways, each in docs/metrics.md ("What the
// run path reads"): the answer parser drops a sentence-final period ("127.4." is 127.4), a stated yes/no is
// read in any case (FinQA), and FinQA's program constants ("const_127.4") are not answers a model states.
// Those pairs are counted apart; every other pair must agree.

function documentedDifference(prediction: string): boolean {
  const text = prediction.trim();
  return text.endsWith('.') || /^(?:yes|no)$/i.test(text) || text.startsWith('const_');
}

function runVerdict(question: Question, prediction: string): boolean | null {
  const reply = `Reading the table, the value follows.\nAnswer: ${prediction}`;
  const parsed = parseAnswer(reply, poseQuestion(question));
  return scorerFor(question).score(predictionOf(parsed), question).correct;
}

/** Prints agreement per class; returns the agreement on the pairs outside the documented differences. */
function report(t: { diagnostic(message: string): void }, all: Agreement, undocumented: Agreement): number {
  for (const line of all.lines()) t.diagnostic(line);
  t.diagnostic(`outside the documented differences: ${undocumented.lines().at(-1)}`);
  for (const line of undocumented.disagreements.slice(0, 40)) t.diagnostic(`differs: ${line}`);
  return (undocumented.total - undocumented.disagreements.length) / undocumented.total;
}

class Tally {
  readonly all = new Agreement();
  readonly undocumented = new Agreement();
  add(variantClass: string, key: string, prediction: string, agrees: boolean, detail: string): void {
    this.all.add(variantClass, key, agrees, detail);
    if (!documentedDifference(prediction)) this.undocumented.add(variantClass, key, agrees, detail);
  }
}

const fixture = (name: string): unknown => JSON.parse(readFileSync(`${REPO_ROOT}fixtures/scoring/${name}`, 'utf8'));

describe('run-path agreement with the official evaluators (parser → stated answer → scorer)', () => {
  it('WikiTableQuestions', { skip: !hasSharedData('wikitablequestions', 'data', 'pristine-unseen-tables.tsv') && 'shared WTQ sample absent' }, async (t) => {
    const questions = await wtqLoader.load(sharedDataFile('wikitablequestions', 'data', 'pristine-unseen-tables.tsv'));
    const byId = new Map(questions.map((question) => [question.id, question]));
    const verdicts = fixture('wtq-verdicts.json') as Record<string, boolean>;
    const tally = new Tally();
    for (const variant of wtqVariants(questions)) {
      if (/[\n\t]/.test(variant.text)) continue; // one answer line: a tab-separated list is not a model's answer line
      const question = byId.get(variant.key.split('#')[0]!)!;
      const ours = runVerdict(question, variant.text);
      tally.add(variant.variantClass, variant.key, variant.text, ours === verdicts[variant.key], `${JSON.stringify(variant.text)} official ${verdicts[variant.key]}, run ${ours}`);
    }
    assert.equal(report(t, tally.all, tally.undocumented), 1);
  });

  it('TAT-QA', { skip: !hasSharedData('tatqa', 'tatqa_dataset_test_gold.json') && 'shared TAT-QA sample absent' }, async (t) => {
    const questions = await tatqaLoader.load(sharedDataFile('tatqa', 'tatqa_dataset_test_gold.json'));
    const byId = new Map(questions.map((question) => [question.id, question]));
    const verdicts = fixture('tatqa-verdicts.json') as Record<string, [number, number]>;
    const tally = new Tally();
    for (const variant of tatqaVariants(questions)) {
      if (variant.statedScale !== undefined || /[\n\t]/.test(variant.text)) continue; // a scale given apart is a structured system's, not a reply's
      const question = byId.get(variant.key.split('#')[0]!)!;
      const ours = runVerdict(question, variant.text);
      const official = verdicts[variant.key]![0] === 1;
      tally.add(variant.variantClass, variant.key, variant.text, ours === official, `${JSON.stringify(variant.text)} official ${official}, run ${ours}`);
    }
    assert.equal(report(t, tally.all, tally.undocumented), 1);
  });

  it('FinQA', { skip: !hasSharedData('finqa', 'dev.json') && 'shared FinQA sample absent' }, async (t) => {
    const questions = await finqaLoader.load(sharedDataFile('finqa', 'dev.json'));
    const byFinqaId = new Map(questions.map((question) => [String(question.meta?.['finqaId']), question]));
    const { verdicts } = fixture('finqa-verdicts.json') as { verdicts: Record<string, string> };
    const position = new Map<string, number>();
    const tally = new Tally();
    for (const pair of finqaStressPairs(questions.map((question) => ({ id: String(question.meta?.['finqaId']), exeAns: question.gold.kind === 'number' ? question.gold.value : question.gold.kind === 'text' ? question.gold.value : '' })))) {
      const id = pair.key.split('|')[0]!;
      const index = position.get(id) ?? 0;
      position.set(id, index + 1);
      const official = verdicts[id]?.[index] === '1';
      const ours = runVerdict(byFinqaId.get(id)!, pair.prediction);
      tally.add(pair.variantClass, pair.key, pair.prediction, ours === official, `${JSON.stringify(pair.prediction)} official ${official}, run ${ours}`);
    }
    assert.equal(report(t, tally.all, tally.undocumented), 1);
  });
});
