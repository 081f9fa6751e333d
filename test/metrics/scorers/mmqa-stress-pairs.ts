/** One MultiModalQA (predicted list, gold list) pair of the stress set. */
export interface MmqaStressPair {
  key: string;
  variantClass: string;
  predicted: string[];
  gold: string[];
}

/**
 * Gold answer lists in the style of MultiModalQA (titles, places, money,
 * yes/no, years, numbers in digits and words, signed and grouped numbers,
 * hyphenated and punctuated names, lists of 2–4 answers), written for this
 * test: the official development set is not shipped with quorum.
 */
export const MMQA_STRESS_GOLDS: readonly string[][] = [
  ['Northern Lights Diary'], ['Szeged'], ['$4.2 million'], ['yes'], ['no'], ['The Beatles'], ['1997'], ['2,000'], ['five'], ['-0.2'],
  ['3.5%'], ['New York City', 'Los Angeles'], ['Paris', 'London', 'Berlin'], ['red', 'blue'], ['12', '15'], ['A Tale of Two Cities'],
  ['an apple'], ['Jean-Luc Picard'], ["O'Brien"], ['25 years'], ['December 5, 1998'], ['1,234,567'], ['0'], ['two hundred'], ['St. Louis'],
  ['U.S.'], ['Zürich'], ['half'], ['10 km'], ['The Lord of the Rings: The Return of the King'], ['Mike Tyson', 'Evander Holyfield', 'Lennox Lewis', 'Riddick Bowe'],
  ['1,000', '2,000'], ['Washington, D.C.'], ['point'], ['3-2'], ['No. 1'], ['yes', 'no'], ['Ø'], ['e'], ['thirty-five'],
];

/**
 * Predicted lists for each gold list: case, articles, punctuation, order,
 * missing and extra items, duplicates, number spellings (digits, words,
 * grouping, sign, currency, decimals), partial answers, one joined string,
 * an empty answer and another question's answer. The committed verdicts
 * (fixtures/scoring/mmqa-verdicts.json) were computed by the official
 * evaluator on exactly these pairs.
 */
export function mmqaStressPairs(golds: readonly string[][] = MMQA_STRESS_GOLDS): MmqaStressPair[] {
  return golds.flatMap((gold, index) => {
    const other = golds[(index + 7) % golds.length]!;
    const variants: Array<[string, string[]]> = [
      ['exact', gold],
      ['case', gold.map((answer) => answer.toUpperCase())],
      ['case', gold.map((answer) => answer.toLowerCase())],
      ['articles', gold.map((answer) => `the ${answer}`)],
      ['punctuation', gold.map((answer) => `${answer}.`)],
      ['punctuation', gold.map((answer) => `"${answer}"`)],
      ['order', [...gold].reverse()],
      ['missing', gold.length > 1 ? gold.slice(0, -1) : [gold[0]!.split(' ')[0]!]],
      ['extra', [...gold, 'Extra Answer']],
      ['duplicates', [...gold, gold[0]!]],
      ['numbers', gold.map((answer) => answer.replace(/,/g, ''))],
      ['numbers', gold.map((answer) => answer.replace(/(\d+)/g, '$1.0'))],
      ['numbers', gold.map((answer) => (answer.startsWith('-') ? answer.slice(1) : `-${answer}`))],
      ['numbers', gold.map((answer) => `$${answer}`)],
      ['partial', gold.map((answer) => answer.split(' ').slice(-1)[0]!)],
      ['joined', [gold.join(', ')]],
      ['empty', ['']],
      ['other', other],
    ];
    const counts = new Map<string, number>();
    return variants.map(([variantClass, predicted]) => {
      const n = counts.get(variantClass) ?? 0;
      counts.set(variantClass, n + 1);
      return { key: `${index}|${variantClass}|${n}`, variantClass, predicted, gold };
    });
  });
}
