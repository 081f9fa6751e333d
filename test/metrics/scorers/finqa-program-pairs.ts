/** A FinQA dev item as the program stress set reads it. */
export interface FinqaProgramItem {
  id: string;
  program: string;
  exeAns: number | string;
}

/** One (program answer, gold) pair. */
export interface FinqaProgramPair {
  id: string;
  variantClass: string;
  program: string;
}

const SWAP_OP: Readonly<Record<string, string>> = {
  add: 'subtract', subtract: 'add', multiply: 'divide', divide: 'multiply', exp: 'multiply', greater: 'subtract',
  table_max: 'table_min', table_min: 'table_max', table_sum: 'table_average', table_average: 'table_sum',
};

/** Programs that exercise the evaluator's failure paths (division by zero, complex powers, overflow, bad references, yes/no arithmetic). */
const EDGE_PROGRAMS = [
  'divide(1, 0)', 'exp(-8, 0.5)', 'exp(-8, 0.5), add(1, 2)', 'exp(10, 400)', 'exp(0, -1)', 'exp(-8, 2)', 'greater(5, 3)', 'greater(5, 3), add(#0, 1)',
  'add(1, 2), greater(#0, 3)', 'add(#1, 2)', 'add(1, 2), add(#-1, 1)', 'add(1, 2), add(#01, 1)', 'add(1, 2), add(# 0, 1)', 'add(5%, 1)', 'add(const_m1, const_100)',
  'add(constant, 1)', 'add(1,2)', 'add(1, 2', 'add(1, 2, 3)', 'table_max(#0, none)', 'add(1, 2), table_max(#0, none)', 'table_max(no such row, none)',
  'add(1, 2), divide(#0, const_0)', 'subtract(0.3, 0.1), multiply(#0, const_100)', 'add(1_000, 0.5)', 'add($5, 1)', 'multiply(1e308, 10)',
];

/**
 * Program answers built from each FinQA dev item's gold program: the gold
 * program itself, its first two arguments swapped, its first operation
 * changed, its last step dropped, written without spaces after commas, with
 * a reference to a missing step, a literal written as a percentage, an
 * upper-case operation, an extra step, and a missing table row; plus fixed
 * edge programs for the first items. The committed verdicts
 * (fixtures/scoring/finqa-verdicts.json, `programs`) were computed by the
 * official `eval_program` on exactly these programs and each item's table.
 */
export function finqaProgramPairs(items: readonly FinqaProgramItem[]): FinqaProgramPair[] {
  return items.flatMap((item, index) => {
    const { program } = item;
    const steps = program.split('), ').map((step, position, all) => (position < all.length - 1 ? `${step})` : step));
    const first = /^(\w+)\(([^,()]*), ([^,()]*)\)/.exec(program);
    const variants: Array<[string, string]> = [['program-gold', program], ['program-compact', program.replace(/, /g, ',')]];
    if (first !== null) {
      const [whole, op, a, b] = first as unknown as [string, string, string, string];
      variants.push(['program-swapped', program.replace(whole, `${op}(${b}, ${a})`)]);
      variants.push(['program-op', program.replace(whole, `${SWAP_OP[op] ?? op}(${a}, ${b})`)]);
      variants.push(['program-upper', program.replace(whole, `${op.toUpperCase()}(${a}, ${b})`)]);
      const literal = /^-?\d+(?:\.\d+)?$/.test(a) ? `${a}%` : a;
      variants.push(['program-percent', program.replace(whole, `${op}(${literal}, ${b})`)]);
      if (op.startsWith('table_')) variants.push(['program-table-row', program.replace(whole, `${op}(no such row, ${b})`)]);
    }
    variants.push(['program-truncated', steps.length > 1 ? steps.slice(0, -1).join(', ') : `add(${program}, const_0)`]);
    variants.push(['program-bad-ref', program.includes('#') ? program.replace(/#0/, '#9') : `${program}, add(#5, const_0)`]);
    variants.push(['program-extra-step', `${program}, multiply(#${steps.length - 1}, const_100)`]);
    if (index < 5) for (const edge of EDGE_PROGRAMS) variants.push(['program-edge', edge]);
    return variants.map(([variantClass, text]) => ({ id: item.id, variantClass, program: text }));
  });
}
