import { pythonFloatRepr } from '../../../src/metrics/scorers/python/python-float-repr.js';

/** One (prediction, gold) pair of the FinQA stress set. */
export interface FinqaStressPair {
  /** `<finqa id>|<class>|<n>`: stable across runs, the key of the committed verdict. */
  key: string;
  /** Variant class, for agreement per class. */
  variantClass: string;
  prediction: string;
  /** The item's `exe_ans`. */
  gold: number | string;
}

/** A FinQA dev item as the stress set reads it. */
export interface FinqaGoldItem {
  id: string;
  exeAns: number | string;
}

/**
 * The stress pairs of FinQA: for each gold, answers a model might give —
 * exact and repr spellings, thousands separators, percent and fraction
 * forms, signs, accounting negatives, digits around the 5th decimal
 * (including binary ties, odd multiples of 1/64), fewer decimals, zero and
 * near-zero, units, currency, text, Python float syntax and FinQA constants.
 * Deterministic: the committed verdicts (fixtures/scoring/finqa-verdicts.json)
 * were computed by the official evaluator on exactly these pairs.
 */
export function finqaStressPairs(items: readonly FinqaGoldItem[]): FinqaStressPair[] {
  const pairs: FinqaStressPair[] = [];
  for (const item of items) {
    const variants = typeof item.exeAns === 'number' ? numberVariants(item.exeAns) : yesNoVariants(item.exeAns);
    const counts = new Map<string, number>();
    for (const [variantClass, prediction] of variants) {
      const n = counts.get(variantClass) ?? 0;
      counts.set(variantClass, n + 1);
      pairs.push({ key: `${item.id}|${variantClass}|${n}`, variantClass, prediction, gold: item.exeAns });
    }
  }
  return pairs;
}

function numberVariants(gold: number): Array<[string, string]> {
  const text = String(gold);
  const magnitude = text.replace(/^-/, '');
  const fixed5 = gold.toFixed(5);
  const lower5 = (Math.round(gold * 1e5) - 1) / 1e5;
  const tie = (2 * Math.round((gold * 64 - 1) / 2) + 1) / 64;
  const variants: Array<[string, string]> = [
    ['exact', text],
    ['exact', pythonFloatRepr(gold)],
    ['exact', fixed5],
    ['commas', groupThousands(text)],
    ['commas', `,${text}`],
    ['percent', `${shiftDecimal(text, 2)}%`],
    ['percent', `${shiftDecimal(text, 2)} %`],
    ['percent', `${text}%`],
    ['fraction-vs-percent', shiftDecimal(text, 2)],
    ['fraction-vs-percent', shiftDecimal(text, -2)],
    ['signs', gold < 0 ? magnitude : `-${text}`],
    ['signs', `+${text}`],
    ['signs', `\u2212${magnitude}`],
    ['accounting', `(${magnitude})`],
    ['accounting', `(${groupThousands(magnitude)})`],
    ['round-5th', `${fixed5}4`],
    ['round-5th', `${fixed5}5`],
    ['round-5th', `${fixed5}6`],
    ['round-5th', `${lower5.toFixed(5)}5`],
    ['round-5th', `${fixed5}49999`],
    ['round-5th', (gold + 6e-6).toFixed(6)],
    ['binary-tie', pythonFloatRepr(tie)],
    ['binary-tie', pythonFloatRepr(tie + 1 / 32)],
    ['decimals', gold.toFixed(2)],
    ['decimals', gold.toFixed(1)],
    ['decimals', gold.toPrecision(12)],
    ['zero-small', '0'],
    ['zero-small', '0.000004'],
    ['zero-small', '0.00455'],
    ['units', `$${text}`],
    ['units', `${text} million`],
    ['units', `${text}m`],
    ['units', `${text} percent`],
    ['text', `about ${text}`],
    ['text', `${text}.`],
    ['text', 'n/a'],
    ['text', ''],
    ['python-syntax', ` ${text} `],
    ['python-syntax', `${text}e0`],
    ['python-syntax', underscored(text)],
    ['python-syntax', fullwidth(text)],
    ['const', `const_${text}`],
    ['const', gold === -1 ? 'const_m1' : `const_m${magnitude}`],
  ];
  return variants;
}

function yesNoVariants(gold: string): Array<[string, string]> {
  const other = gold === 'yes' ? 'no' : 'yes';
  return [gold, other, gold.toUpperCase(), ` ${gold} `, `${gold[0]!.toUpperCase()}${gold.slice(1)}`, `${gold}.`, 'true', '1', gold[0]!, `${gold}, because`].map((prediction) => ['yes-no', prediction]);
}

// Moves the decimal point of a plain decimal string by `places` (positive: ×10^places), exactly.
function shiftDecimal(text: string, places: number): string {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace(/^-/, '').split('.') as [string, string?];
  let digits = whole + fraction;
  let point = whole.length + places;
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  digits = digits.padEnd(point, '0');
  const head = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const tail = digits.slice(point).replace(/0+$/, '');
  return `${negative ? '-' : ''}${head}${tail === '' ? '' : `.${tail}`}`;
}

function groupThousands(text: string): string {
  const [whole, fraction] = text.split('.') as [string, string?];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

function underscored(text: string): string {
  const [whole, fraction] = text.split('.') as [string, string?];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '_');
  return fraction === undefined ? `${grouped}_0` : `${grouped}.${fraction}`;
}

function fullwidth(text: string): string {
  return text.replace(/\d/g, (digit) => String.fromCodePoint(0xff10 + Number(digit)));
}
