/** One FeTaQA (hypothesis, reference) pair of the stress set. */
export interface FetaqaStressPair {
  variantClass: string;
  hypothesis: string;
  reference: string;
}

/** Variant classes, in the order the committed values list them. */
export const FETAQA_VARIANT_CLASSES = ['exact', 'lower-case', 'first-half', 'reversed', 'other-answer', 'no-punctuation', 'markup', 'numbers', 'prefixed', 'empty'] as const;

/**
 * Hypotheses built from each FeTaQA reference answer, one per variant class:
 * the answer itself, lower-cased, its first half, its words reversed, the
 * next item's answer, punctuation removed, with the markup 13a rewrites
 * (HTML entities, `<skipped>`, a hyphenated line break, trailing spaces),
 * with numbers regrouped and hyphenated, behind a "The answer is:" prefix,
 * and empty. The committed values (fixtures/scoring/fetaqa-values.json)
 * were computed by sacreBLEU and rouge_score on exactly these pairs.
 */
export function fetaqaStressPairs(references: readonly string[]): FetaqaStressPair[] {
  return FETAQA_VARIANT_CLASSES.flatMap((variantClass) =>
    references.map((reference, index) => ({ variantClass, reference, hypothesis: variant(variantClass, reference, references[(index + 1) % references.length]!) })),
  );
}

function variant(variantClass: (typeof FETAQA_VARIANT_CLASSES)[number], reference: string, next: string): string {
  const words = reference.split(' ');
  switch (variantClass) {
    case 'exact':
      return reference;
    case 'lower-case':
      return reference.toLowerCase();
    case 'first-half':
      return words.slice(0, Math.ceil(words.length / 2)).join(' ');
    case 'reversed':
      return [...words].reverse().join(' ');
    case 'other-answer':
      return next;
    case 'no-punctuation':
      return reference.replace(/[^\p{L}\p{N}\s]/gu, '');
    case 'markup':
      return `${reference.replace(/ and /g, ' &amp; ').replace(/"/g, '&quot;')} <skipped>co-\noperation  \t`;
    case 'numbers':
      return reference.replace(/(\d)(\d{3})\b/g, '$1,$2').replace(/(\d+) (\w)/g, '$1-$2');
    case 'prefixed':
      return `The answer is: ${reference}`;
    case 'empty':
      return '';
  }
}
