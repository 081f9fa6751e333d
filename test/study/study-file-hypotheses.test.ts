/** study.yaml `hypotheses`, `families`, and the comparisons' alternative and correction: parsed, defaulted, and every mistake located. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseStudyFile } from '../../src/study/load-study-file.js';
import { StudyFileError, type StudyFileProblem } from '../../src/study/study-file-error.js';

const HEAD = `name: paper
datasets:
  - { name: fred, dataset: fred }
backends:
  local: openai:m@http://127.0.0.1:1/v1
agents: { count: 3, backend: local }
protocols: [ni, wr, cr, ra-cr]
seeds: 1-3
`;

/** The problems a text produces (fails when it parses). */
function problems(text: string): StudyFileProblem[] {
  try {
    parseStudyFile(text, 'study.yaml', {});
  } catch (error) {
    assert.ok(error instanceof StudyFileError, String(error));
    return [...error.problems];
  }
  assert.fail('the study file parsed');
}

describe('study file: hypotheses and families', () => {
  it("parses the protocol paper's family and the comparisons' settings", () => {
    const file = parseStudyFile(
      `${HEAD}comparisons:
  baseline: ni
  alternative: greater
  correction: bonferroni
  pairs:
    - [wr, cr]
    - { treatment: ra-cr, control: cr, alternative: two-sided }
hypotheses:
  - { id: H1, metric: prr, treatment: wr, control: cr, alternative: greater }
  - { id: H2, metric: cf, treatment: ra-cr, control: cr, alternative: greater, test: t }
families:
  - { name: paper, correction: bonferroni, members: [H1, H2] }
`,
      'study.yaml',
      {},
    );
    assert.deepEqual(file.comparisons.pairs, [['wr', 'cr'], { treatment: 'ra-cr', control: 'cr', alternative: 'two-sided' }]);
    assert.deepEqual([file.comparisons.alternative, file.comparisons.correction], ['greater', 'bonferroni']);
    assert.deepEqual(file.hypotheses[1], { id: 'H2', metric: 'cf', treatment: 'ra-cr', control: 'cr', alternative: 'greater', test: 't' });
    assert.deepEqual(file.families, [{ name: 'paper', correction: 'bonferroni', members: ['H1', 'H2'] }]);
  });

  it('defaults to no hypotheses and no families', () => {
    const file = parseStudyFile(HEAD, 'study.yaml', {});
    assert.deepEqual([file.hypotheses, file.families], [[], []]);
    assert.equal(file.comparisons.correction, undefined, 'read as Holm by the analysis');
  });

  it('names the line of every value that is not one of the allowed ones', () => {
    const found = problems(`${HEAD}comparisons:
  correction: sidak
hypotheses:
  - { id: H1, metric: prr, treatment: wr, control: cr, alternative: more }
  - { id: H4, metric: prrr, treatment: wr, control: cr, test: sign }
families:
  - { name: paper, correction: bonferroni, members: [H1], alpha: 2 }
`);
    assert.deepEqual(
      found.map((entry) => [entry.line, entry.field]),
      [
        [10, 'comparisons.correction'],
        [12, 'hypotheses.0.alternative'],
        [13, 'hypotheses.1.metric'],
        [13, 'hypotheses.1.test'],
        [15, 'families.0.alpha'],
      ],
    );
    assert.match(found[0]!.message, /"holm"\|"bonferroni"/);
    assert.match(found[1]!.message, /"two-sided"\|"greater"\|"less"/);
    assert.match(found[3]!.message, /"t"\|"wilcoxon"\|"mcnemar"/);
  });

  it('names the file, line and field of every wrong reference in hypotheses and families', () => {
    const text = `${HEAD}comparisons:
  pairs: [{ treatment: wr, control: xx }]
hypotheses:
  - { id: H1, metric: prr, treatment: wr, control: cr, alternative: greater }
  - { id: H2, metric: cf, treatment: ra-cr, control: cr, test: mcnemar }
  - { id: H2, metric: accuracy, treatment: wr, control: wr, dataset: medqa }
families:
  - { name: paper, correction: bonferroni, members: [H1, H2, H9, H1] }
  - { name: paper, correction: holm, members: [H2] }
`;
    const found = problems(text);
    const at = (field: string) => {
      const problem = found.find((entry) => entry.field === field);
      assert.ok(problem, `no problem at ${field}: ${found.map((entry) => `${entry.line} ${entry.field}: ${entry.message}`).join('\n')}`);
      return problem;
    };
    assert.equal(at('comparisons.pairs.0.control').line, 10);
    assert.match(at('comparisons.pairs.0.control').message, /"xx" is not a protocol of this study \(ni, wr, cr, ra-cr\)/);
    assert.equal(at('hypotheses.1.test').line, 13);
    assert.match(at('hypotheses.1.test').message, /McNemar's test needs a 0\/1 metric \(accuracy, agreement, [^)]*\); "cf" is not one/);
    assert.equal(at('hypotheses.2.id').line, 14);
    assert.match(at('hypotheses.2.id').message, /two hypotheses have the id "H2"/);
    assert.match(at('hypotheses.2').message, /compared with itself/);
    assert.match(at('hypotheses.2.dataset').message, /"medqa" is not a dataset of this study \(fred\)/);
    assert.equal(at('families.0.members.2').line, 16);
    assert.match(at('families.0.members.2').message, /"H9" is not a hypothesis of this study \(H1, H2\)/);
    assert.match(at('families.0.members.3').message, /"H1" is listed twice/);
    assert.equal(at('families.1.name').line, 17);
    assert.match(at('families.1.name').message, /two families are named "paper"/);
  });

  it('checks protocol labels, setups and the members of families once the fields themselves are valid', () => {
    const text = `${HEAD}hypotheses:
  - { id: H1, metric: prr, treatment: wr, control: crr }
  - { id: H2, metric: accuracy, treatment: wr, control: cr, setup: other, test: mcnemar }
families:
  - { name: a, correction: bonferroni, members: [H1] }
  - { name: b, correction: holm, members: [H1, H2] }
`;
    const found = problems(text);
    const at = (field: string) => found.find((entry) => entry.field === field);
    assert.equal(at('hypotheses.0.control')?.line, 10);
    assert.match(at('hypotheses.0.control')!.message, /"crr" is not a protocol of this study/);
    assert.equal(at('hypotheses.1.setup')?.line, 11);
    assert.match(at('hypotheses.1.setup')!.message, /"other" is not a setup of this study \(local\)/);
    assert.equal(at('families.1.members.0')?.line, 14);
    assert.match(at('families.1.members.0')!.message, /"H1" is already a member of family "a"; a hypothesis belongs to one family/);
  });

  it('refuses McNemar when seeds are averaged per question (the values are no longer 0/1)', () => {
    const [problem] = problems(`${HEAD}analysis: { pairing: question }\nhypotheses:\n  - { id: H1, metric: accuracy, treatment: wr, control: cr, test: mcnemar }\n`);
    assert.equal(problem!.field, 'hypotheses.0.test');
    assert.match(problem!.message, /pairing: question/);
  });

  it('prints the problems as file:line:column: field: message', () => {
    try {
      parseStudyFile(`${HEAD}hypotheses:\n  - { id: H1, metric: prr, treatment: wr, control: crr }\n`, 'studies/paper.study.yaml', {});
      assert.fail('parsed');
    } catch (error) {
      assert.ok(error instanceof StudyFileError);
      assert.equal(error.message, 'studies/paper.study.yaml:10:52: hypotheses.0.control: "crr" is not a protocol of this study (ni, wr, cr, ra-cr)');
    }
  });
});
