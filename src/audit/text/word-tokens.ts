/**
 * Lower-case word tokens of a text, shared by the offline audit models
 * (`wordvec`, `heuristic`). Deliberately simple and deterministic: no
 * language model to load, and the same text always gives the same tokens.
 */

const GREEK_LETTERS: Readonly<Record<string, string>> = {
  α: 'alpha',
  β: 'beta',
  γ: 'gamma',
  δ: 'delta',
  ε: 'epsilon',
  κ: 'kappa',
  λ: 'lambda',
  μ: 'mu',
  σ: 'sigma',
  τ: 'tau',
  ω: 'omega',
};

// Letters, digits and the joiners that keep "beta-1", "3.5", "don't" and "u.s" whole.
const TOKEN = /[\p{L}\p{N}]+(?:['’.,\-][\p{L}\p{N}]+)*/gu;

/**
 * Normalises a text for tokenising: NFKC (full-width digits, ligatures),
 * lower case, Greek letters spelt out ("β1" → "beta1", as the word lists
 * and English prose spell receptor names), curly apostrophes made straight.
 */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    // Before Greek letters are spelt out: "5 μg" must stay a unit, not become "5 mug".
    .replace(/[µμ]g\b/g, 'mcg')
    .replace(/[αβγδεκλμστω]/g, (letter) => GREEK_LETTERS[letter] ?? letter)
    .replace(/[’‘]/g, "'");
}

/**
 * Splits a text into lower-case word tokens. Contractions are expanded
 * ("doesn't" → "does", "not"; "can't" → "can", "not") so that negation is
 * always the word `not`; possessive "'s" is dropped. Numbers stay single
 * tokens ("3.5", "1,000").
 */
export function wordTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const match of normaliseText(text).matchAll(TOKEN)) {
    let token = match[0];
    if (token.includes("'")) {
      if (token.endsWith("n't")) {
        const stem = token.slice(0, -3);
        tokens.push(CONTRACTION_STEMS[stem] ?? stem, 'not');
        continue;
      }
      token = token.replace(/'(s|d|ll|re|ve|m)$/, '');
    }
    // A comma only joins digit groups ("1,000"); elsewhere it separates words ("red,blue").
    if (token.includes(',') && !/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(token)) {
      tokens.push(...token.split(','));
      continue;
    }
    tokens.push(token);
  }
  return tokens.filter((token) => token !== '');
}

const CONTRACTION_STEMS: Readonly<Record<string, string>> = {
  ca: 'can',
  wo: 'will',
  sha: 'shall',
  ai: 'is',
};
