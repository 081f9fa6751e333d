import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { finqaQuestion } from '../../../src/datasets/finqa.js';
import { executeAnswer, finqaExecutionScorer } from '../../../src/metrics/scorers/finqa-execution.js';
import { finqaProgramTokens } from '../../../src/metrics/scorers/finqa/program-tokens.js';
import { pythonFloatRepr } from '../../../src/metrics/scorers/python/python-float-repr.js';
import { finqaStrToNum } from '../../../src/metrics/scorers/finqa/str-to-num.js';
import type { Question } from '../../../src/spec/question.js';
import { hasSharedData, sharedDataFile } from '../../datasets/shared-data-path.js';
import { finqaProgramPairs } from './finqa-program-pairs.js';
import { finqaStressPairs, type FinqaGoldItem } from './finqa-stress-pairs.js';

const numberQuestion = (value: number): Question => ({ id: 'finqa:t', prompt: 'q', gold: { kind: 'number', value } });
const textQuestion = (value: string): Question => ({ id: 'finqa:t', prompt: 'q', gold: { kind: 'text', value } });
const correct = (answer: string | null, question: Question): boolean | null => finqaExecutionScorer.score({ answer }, question).correct;

// Expected values: the rules of str_to_num in czyssrs/FinQA code/evaluate/evaluate.py, checked by
// running that function under python3.11 on each input.
test('str_to_num: commas, percent, constants, and n/a for everything else', () => {
  assert.equal(finqaStrToNum('1,234.5'), 1234.5);
  // python3.11: 56.197 / 100.0 == 0.5619700000000001; round(…, 5) then gives the gold 0.56197.
  assert.equal(finqaStrToNum('56.197%'), 0.5619700000000001);
  assert.equal(finqaStrToNum('5%%'), 0.05);
  assert.equal(finqaStrToNum('const_m1'), -1);
  assert.equal(finqaStrToNum('const_100'), 100);
  assert.equal(finqaStrToNum('constant 5'), 'error');
  for (const text of ['$5', '(5)', '5 million', '\u22125', 'n/a', '', 'about 5', '5.0.', 'five']) assert.equal(finqaStrToNum(text), 'n/a', text);
  // Python's float(): underscores between digits, Unicode digits, inf/nan.
  assert.equal(finqaStrToNum('1_000'), 1000);
  assert.equal(finqaStrToNum('\uff15'), 5);
  assert.equal(finqaStrToNum('inf'), Infinity);
  assert.ok(Number.isNaN(finqaStrToNum('nan') as number));
});

test('round(x, 5) == exe_ans with no tolerance beyond the rounding (the cases of issue 14)', () => {
  assert.equal(correct('0.56197', numberQuestion(0.56197)), true);
  assert.equal(correct('0.56597', numberQuestion(0.56197)), false);
  assert.equal(correct('0', numberQuestion(0.00455)), false);
  assert.equal(correct('56.197%', numberQuestion(0.56197)), true);
  assert.equal(correct('56.197', numberQuestion(0.56197)), false);
  assert.equal(correct('0.561974', numberQuestion(0.56197)), true);
  assert.equal(correct('0.561976', numberQuestion(0.56197)), false);
  assert.equal(correct('-0.2', numberQuestion(0.2)), false);
  assert.equal(correct('(0.2)', numberQuestion(-0.2)), false);
  assert.equal(correct(null, numberQuestion(0.2)), false);
});

test('half cases round as Python does: ties to even on the exact binary value', () => {
  // python3.11: round(0.015625, 5) == 0.01562, round(0.046875, 5) == 0.04688, round(12345.015625, 5) == 12345.01562,
  // round(0.561975, 5) == 0.56198 (the double is just above the tie), round(5e-06, 5) == 1e-05.
  assert.equal(correct('0.015625', numberQuestion(0.01562)), true);
  assert.equal(correct('0.015625', numberQuestion(0.01563)), false);
  assert.equal(correct('-0.015625', numberQuestion(-0.01562)), true);
  assert.equal(correct('0.046875', numberQuestion(0.04688)), true);
  assert.equal(correct('12345.015625', numberQuestion(12345.01562)), true);
  assert.equal(correct('0.561975', numberQuestion(0.56198)), true);
  assert.equal(correct('0.000005', numberQuestion(0.00001)), true);
});

// Expected values: exe_ans == answer (evaluate_result), with the documented trimming and lower-casing.
test('yes/no golds compare as strings, trimmed and in any case', () => {
  assert.equal(correct('yes', textQuestion('yes')), true);
  assert.equal(correct(' No ', textQuestion('no')), true);
  assert.equal(correct('yes.', textQuestion('yes')), false);
  assert.equal(correct('1', textQuestion('yes')), false);
});

// Expected values: quorum's own lenient rule (docs/metrics.md, "FinQA"), which has no official counterpart.
test('the lenient numeric variant is reported apart and never decides correct', () => {
  const question = numberQuestion(-1234.5);
  const score = finqaExecutionScorer.score({ answer: '$(1,234.5)' }, question);
  assert.equal(score.correct, false);
  assert.equal(score.metrics['numericLenient'], 1);
  assert.equal(finqaExecutionScorer.score({ answer: '56.197%' }, numberQuestion(56.197)).metrics['numericLenient'], 1);
  assert.equal(finqaExecutionScorer.score({ answer: '0.56' }, numberQuestion(0.56197)).metrics['numericLenient'], 0);
  assert.ok(finqaExecutionScorer.metrics.every((metric) => metric.lenient === true));
});

test('equivalent: same str_to_num value after rounding, else the same text', () => {
  const question = numberQuestion(1);
  assert.equal(finqaExecutionScorer.equivalent('1,000', '1000.000001', question), true);
  assert.equal(finqaExecutionScorer.equivalent('50%', '0.5', question), true);
  assert.equal(finqaExecutionScorer.equivalent('0.2', '-0.2', question), false);
  assert.equal(finqaExecutionScorer.equivalent('Yes', 'yes', question), true);
  assert.equal(finqaExecutionScorer.equivalent('$5', '5', question), false);
});

// Expected verdicts: the official evaluate.py (eval_program) run on exactly these pairs; fixtures/scoring/README.md, "FinQA".
test('stress pairs from the FinQA dev sample agree with the official evaluator, per class', (t) => {
  if (!hasSharedData('finqa', 'dev.json')) return t.skip('shared FinQA sample absent');
  const raw = JSON.parse(readFileSync(sharedDataFile('finqa', 'dev.json'), 'utf8')) as Array<{ id: string; qa: { exe_ans: number | string } }>;
  const items: FinqaGoldItem[] = raw.map((item) => ({ id: item.id, exeAns: item.qa.exe_ans }));
  const fixture = JSON.parse(readFileSync(new URL('../../../fixtures/scoring/finqa-verdicts.json', import.meta.url), 'utf8')) as { pairs: number; verdicts: Record<string, string> };
  const pairs = finqaStressPairs(items);
  assert.equal(pairs.length, fixture.pairs, 'the pair generator changed; recompute the verdicts (fixtures/scoring/README.md)');
  assert.ok(pairs.length >= 500);
  const position = new Map<string, number>();
  const byClass = new Map<string, { agree: number; total: number }>();
  const differences: string[] = [];
  for (const pair of pairs) {
    const id = pair.key.split('|')[0]!;
    const index = position.get(id) ?? 0;
    position.set(id, index + 1);
    const expected = fixture.verdicts[id]?.[index] === '1';
    const question = typeof pair.gold === 'number' ? numberQuestion(pair.gold) : textQuestion(pair.gold);
    const ours = correct(pair.prediction, question);
    const counts = byClass.get(pair.variantClass) ?? { agree: 0, total: 0 };
    counts.total += 1;
    if (ours === expected) counts.agree += 1;
    // The one documented difference: a stated "Yes" / " no " (the official comparison only ever sees the executor's lower-case yes/no).
    else if (!(typeof pair.gold === 'string' && pair.prediction.trim().toLowerCase() === pair.gold)) differences.push(`${pair.key} ${JSON.stringify(pair.prediction)}: ours ${ours}, official ${expected}`);
    byClass.set(pair.variantClass, counts);
  }
  t.diagnostic([...byClass].map(([name, { agree, total }]) => `${name} ${agree}/${total}`).join(', '));
  assert.deepEqual(differences, []);
  for (const [name, { agree, total }] of byClass) if (name !== 'yes-no') assert.equal(agree, total, name);
});

test('an answer written as a program is executed as eval_program executes predicted programs', () => {
  // program_tokenization of evaluate.py: "(" ends a token, ")" is a token, "EOF" appended.
  assert.deepEqual(finqaProgramTokens('subtract(5829, 5735), divide(#0, 5735)'), ['subtract(', '5829', '5735', ')', 'divide(', '#0', '5735', ')', 'EOF']);
  const question: Question = {
    id: 'finqa:p',
    prompt: 'q',
    gold: { kind: 'number', value: 0.01639 },
    context: { tables: [{ id: 'table', header: ['', '2019', '2018'], rows: [['revenue', '$5,829', '$5,735 (a)']] }] },
  };
  assert.equal(correct('subtract(5829, 5735), divide(#0, 5735)', question), true);
  assert.equal(correct('subtract(5829,5735), divide(#0,5735)', question), false);
  // python3.11, evaluate.eval_program: table_max reads "$5,829" and "$5,735 (a)" as 5829 and 5735.
  assert.deepEqual(executeAnswer('table_max(revenue, none)', question), { invalid: false, value: 5829 });
  assert.deepEqual(executeAnswer('divide(1, 0)', question), { invalid: true, value: 'n/a' });
  assert.deepEqual(executeAnswer('greater(5, 3)', question), { invalid: false, value: 'yes' });
  assert.equal(finqaExecutionScorer.equivalent('divide(1, 4)', '25%', question), true);
});

// Expected results: the official eval_program(program_tokenization(p), table) on each program; fixtures/scoring/README.md.
test('program stress pairs from the FinQA dev sample: validity and value as the official eval_program', (t) => {
  if (!hasSharedData('finqa', 'dev.json')) return t.skip('shared FinQA sample absent');
  const file = sharedDataFile('finqa', 'dev.json');
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Array<{ id: string; qa: { program: string; exe_ans: number | string } }>;
  const questions = new Map(raw.map((item, index) => [item.id, finqaQuestion(item, file, index)]));
  const fixture = JSON.parse(readFileSync(new URL('../../../fixtures/scoring/finqa-verdicts.json', import.meta.url), 'utf8')) as { programs: string[] };
  const pairs = finqaProgramPairs(raw.map((item) => ({ id: item.id, program: item.qa.program, exeAns: item.qa.exe_ans })));
  assert.equal(pairs.length, fixture.programs.length, 'the program generator changed; recompute the verdicts (fixtures/scoring/README.md)');
  const byClass = new Map<string, { agree: number; total: number }>();
  const differences: string[] = [];
  pairs.forEach((pair, index) => {
    const question = questions.get(pair.id)!;
    const executed = executeAnswer(pair.program, question);
    const ours = executed.invalid ? '1' : `0 ${typeof executed.value === 'number' ? pythonFloatRepr(executed.value) : executed.value}`;
    const gold = question.gold.kind === 'number' || question.gold.kind === 'text' ? question.gold.value : null;
    const officialCorrect = fixture.programs[index]!.startsWith('0 ') && String(fixture.programs[index]!.slice(2)) === (typeof gold === 'number' ? pythonFloatRepr(gold) : gold);
    const agree = ours === fixture.programs[index] && correct(pair.program, question) === officialCorrect;
    if (!agree) differences.push(`${pair.id} ${pair.program}: ours ${ours}, official ${fixture.programs[index]}`);
    const counts = byClass.get(pair.variantClass) ?? { agree: 0, total: 0 };
    counts.total += 1;
    if (agree) counts.agree += 1;
    byClass.set(pair.variantClass, counts);
  });
  t.diagnostic([...byClass].map(([name, { agree, total }]) => `${name} ${agree}/${total}`).join(', '));
  assert.deepEqual(differences, []);
});
