import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { compileExpression, readProgram } from '../../src/tools/finqa-program/arithmetic-expression.js';
import { argumentNumber, executeProgram } from '../../src/tools/finqa-program/execute-program.js';
import { formatProgram, parseProgram, ProgramError } from '../../src/tools/finqa-program/program-step.js';
import { finqaTable } from '../../src/tools/tables/array-table.js';
import { hasSharedData, sharedDataFile } from '../datasets/shared-data-path.js';

const TABLE = {
  id: 'table',
  header: ['', '2019', '2018', '2017'],
  rows: [
    ['net revenue', '$ 5829', '5735', '5,100'],
    ['operating margin', '27.9%', '25%', '26.1%'],
    ['visa inc. ( 1 )', '10', '20', '30'],
    ['interest rate hedges', '-8683', '12 ( restated )', '3'],
    ['n/a row', '1', 'n/a', '2'],
  ],
};

describe('FinQA program executor', () => {
  const cases: Array<[string, number | 'yes' | 'no']> = [
    ['subtract(5829, 5735), divide(#0, 5735)', 0.01639],
    ['divide(637, const_5)', 127.4],
    ['add(const_m1, const_1000)', 999],
    ['multiply(25%, 5283.3)', 1320.825],
    ['divide(6.9%, const_100), add(const_1, #0), exp(#1, 10), multiply(4273.1, #2)', 4302.67611],
    ['greater(5829, 5735)', 'yes'],
    ['subtract(62%, 62%)', 0],
    ['table_average(net revenue, none)', 5554.66667],
    ['table_max(operating margin, none), table_min(operating margin, none), subtract(#0, #1)', 0.029],
    ['table_sum(visa inc. ( 1 ), none)', 60],
    ['table_min(interest rate hedges, none)', -8683],
    ['add(1,234, 1)', 1235],
  ];
  for (const [program, expected] of cases) {
    it(program, () => {
      assert.deepEqual(executeProgram(program, TABLE).value, expected);
    });
  }

  it('reports literal operands and constants', () => {
    const run = executeProgram('subtract(5829, 5735), divide(#0, const_100), multiply(#1, 5%)', TABLE);
    assert.deepEqual(run.operands.map((operand) => [operand.written, operand.value, operand.constant]), [['5829', 5829, false], ['5735', 5735, false], ['const_100', 100, true], ['5%', 0.05, false]]);
  });

  it('fails with the step and the reason', () => {
    const fails: Array<[string, RegExp]> = [
      ['divide(1, 0)', /step 0: division by zero/],
      ['add(1, 2), add(#3, 1)', /step 1: #3 refers to a step that has not run/],
      ['greater(2, 1), add(#0, 1)', /step 1: #0 is "yes", not a number/],
      ['add(one, 2)', /argument "one" is not a number/],
      ['table_sum(missing row, none)', /no row labelled "missing row"/],
      ['table_sum(n/a row, none)', /has a cell that is not a number/],
      ['avg(1, 2)', /no operation found/],
      ['add(1, 2', /"add\(" is not closed/],
      ['add(1)', /add needs two arguments/],
    ];
    for (const [program, reason] of fails) assert.throws(() => executeProgram(program, TABLE), (error: unknown) => error instanceof ProgramError && reason.test(error.message), program);
    assert.throws(() => executeProgram('table_sum(net revenue, none)'), /needs the question's table/);
  });

  it('parses and formats programs, EOF and row labels with commas included', () => {
    assert.deepEqual(parseProgram('table_sum(sales, net of returns, none), divide(#0, const_2), EOF'), [
      { op: 'table_sum', args: ['sales, net of returns', 'none'] },
      { op: 'divide', args: ['#0', 'const_2'] },
    ]);
    assert.equal(formatProgram(parseProgram('subtract( 5829 ,5735 ),divide(#0,5735)')), 'subtract(5829, 5735), divide(#0, 5735)');
    assert.equal(argumentNumber('const_m1'), -1);
    assert.equal(argumentNumber('1,000'), 1000);
    assert.equal(argumentNumber('x'), undefined);
  });
});

describe('arithmetic expressions', () => {
  const cases: Array<[string, number]> = [
    ['(5829 - 5735) / 5735', 0.01639],
    ['(5829 - 5735) / 5735 * 100', 1.63906],
    ['2,100 + 3.5%', 2100.035],
    ['-(3 - 5) * 2', 4],
    ['2 ^ 3 ^ 2', 512],
    ['$1,200 / 4', 300],
    ['5735', 5735],
    ['= 1 + 1 = 2', 2],
    ['divide(10, 4)', 2.5],
  ];
  for (const [expression, expected] of cases) {
    it(expression, () => assert.equal(executeProgram(readProgram(expression)).value, expected));
  }

  it('compiles to FinQA steps with unit conversions as constants', () => {
    assert.equal(formatProgram(compileExpression('(5829 - 5735) / 5735 * 100')), 'subtract(5829, 5735), divide(#0, 5735), multiply(#1, const_100)');
    assert.throws(() => compileExpression('(1 + 2'), /not closed/);
    assert.throws(() => compileExpression('1 + + '), /ends too early/);
    assert.throws(() => compileExpression('3 apples'), /cannot read/);
  });
});

describe('FinQA gold programs on the shared dev sample', () => {
  it('every gold program executes to its exe_ans', (t) => {
    if (!hasSharedData('finqa', 'dev.json')) return t.skip('shared FinQA sample absent');
    const items = JSON.parse(readFileSync(sharedDataFile('finqa', 'dev.json'), 'utf8')) as Array<{ id: string; table: unknown; qa: { program: string; exe_ans: number | string } }>;
    const exceptions: string[] = [];
    let matched = 0;
    for (const [index, item] of items.entries()) {
      const table = finqaTable(item.table, { file: 'dev.json', field: `[${index}].table` });
      try {
        const { value } = executeProgram(item.qa.program, table);
        const gold = item.qa.exe_ans;
        const same = typeof gold === 'number' && typeof value === 'number' ? Math.abs(value - gold) <= 1e-5 * Math.max(1, Math.abs(gold)) : value === gold;
        if (same) matched++;
        else exceptions.push(`${item.id}: ${item.qa.program} = ${value}, gold ${gold}`);
      } catch (error) {
        exceptions.push(`${item.id}: ${item.qa.program}: ${(error as Error).message}`);
      }
    }
    t.diagnostic(`FinQA gold programs executed to exe_ans: ${matched}/${items.length}`);
    assert.deepEqual(exceptions, []);
    assert.equal(matched, 200);
  });
});
