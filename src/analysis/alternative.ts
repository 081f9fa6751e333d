/**
 * The alternative hypothesis of a paired test, about the differences
 * treatment − control: `two-sided` (they differ), `greater` (the treatment
 * is higher), `less` (the treatment is lower). Names as in R and SciPy.
 */
export const ALTERNATIVES = ['two-sided', 'greater', 'less'] as const;
export type Alternative = (typeof ALTERNATIVES)[number];

/** How an alternative reads in a table: `≠`, `>`, `<` between treatment and control. */
export function alternativeSymbol(alternative: Alternative): string {
  return alternative === 'two-sided' ? '≠' : alternative === 'greater' ? '>' : '<';
}
