/**
 * A light English stemmer for matching word forms across two sentences
 * ("increases" = "increased" = "increase", "running" = "runs" = "ran").
 * Both sides go through the same function, so stems need not be real words,
 * only equal for forms of one word. Much smaller than Porter's and tuned for
 * matching, not for indexing.
 */
export function stemWord(word: string): string {
  let stem = memo.get(word);
  if (stem === undefined) {
    // Bounded: a long audit sees many words, but the working set is a vocabulary, not a corpus.
    if (memo.size >= MEMO_LIMIT) memo.clear();
    stem = computeStem(word);
    memo.set(word, stem);
  }
  return stem;
}

const memo = new Map<string, string>();
const MEMO_LIMIT = 100_000;

function computeStem(word: string): string {
  const irregular = IRREGULAR_FORMS[word];
  if (irregular !== undefined) return irregular;
  if (word.length <= 3 || /\d/.test(word)) return word;
  let stem = word;
  if (stem.endsWith('ies') && stem.length > 4) stem = `${stem.slice(0, -3)}y`;
  else if (/(ss|x|z|ch|sh)es$/.test(stem)) stem = stem.slice(0, -2);
  else if (stem.endsWith('s') && !/(ss|us|is)$/.test(stem)) stem = stem.slice(0, -1);
  if (stem.endsWith('ing') && stem.length > 5) stem = undouble(stem.slice(0, -3));
  else if (stem.endsWith('ied') && stem.length > 4) stem = `${stem.slice(0, -3)}y`;
  else if (stem.endsWith('ed') && stem.length > 4) stem = undouble(stem.slice(0, -2));
  // "increase"/"increas(ed)": a final silent e is dropped on both sides.
  if (stem.endsWith('e') && stem.length > 3) stem = stem.slice(0, -1);
  return stem;
}

function undouble(stem: string): string {
  return /([bdgmnprt])\1$/.test(stem) ? stem.slice(0, -1) : stem;
}

const IRREGULAR_FORMS: Readonly<Record<string, string>> = {
  men: 'man',
  women: 'woman',
  children: 'child',
  kids: 'kid',
  people: 'person',
  persons: 'person',
  feet: 'foot',
  teeth: 'tooth',
  mice: 'mouse',
  geese: 'goose',
  ran: 'run',
  sat: 'sit',
  stood: 'stand',
  ate: 'eat',
  eaten: 'eat',
  slept: 'sleep',
  rode: 'ride',
  ridden: 'ride',
  drove: 'drive',
  driven: 'drive',
  swam: 'swim',
  sang: 'sing',
  sung: 'sing',
  wrote: 'writ',
  written: 'writ',
  gave: 'giv',
  given: 'giv',
  took: 'tak',
  taken: 'tak',
  made: 'mak',
  went: 'go',
  gone: 'go',
  fell: 'fall',
  fallen: 'fall',
  rose: 'ris',
  risen: 'ris',
  lay: 'lie',
  lying: 'lie',
  lies: 'lie',
  lain: 'lie',
  dying: 'die',
  died: 'die',
  caused: 'caus',
  was: 'be',
  were: 'be',
  is: 'be',
  are: 'be',
  been: 'be',
  has: 'hav',
  had: 'hav',
  having: 'hav',
};
