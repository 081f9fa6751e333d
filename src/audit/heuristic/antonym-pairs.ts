import { stemWord } from '../text/stem-word.js';

/**
 * Word pairs whose swap reverses a claim: general English first, then
 * pharmacology and clinical terms, the vocabulary of medical reasoning steps
 * ("X is an agonist" vs "X is an antagonist"). Matched on stems, so
 * "increases"/"decreased" counts. Pairs with a negation cue on one side
 * ("with"/"without", "present"/"absent", "always"/"never") are left to the
 * negation rule: counted twice, they would cancel out.
 */
const PAIRS: ReadonlyArray<readonly [string, string]> = [
  // direction and amount
  ['increase', 'decrease'],
  ['increase', 'reduce'],
  ['increase', 'lower'],
  ['raise', 'lower'],
  ['rise', 'fall'],
  ['rise', 'drop'],
  ['gain', 'loss'],
  ['gain', 'lose'],
  ['high', 'low'],
  ['higher', 'lower'],
  ['elevated', 'reduced'],
  ['elevated', 'decreased'],
  ['elevated', 'low'],
  ['more', 'less'],
  ['more', 'fewer'],
  ['maximum', 'minimum'],
  ['excess', 'deficiency'],
  ['excess', 'deficit'],
  ['overdose', 'underdose'],
  ['enhance', 'impair'],
  ['improve', 'worsen'],
  ['better', 'worse'],
  ['accelerate', 'slow'],
  ['fast', 'slow'],
  ['faster', 'slower'],
  ['strong', 'weak'],
  ['stronger', 'weaker'],
  ['large', 'small'],
  ['big', 'small'],
  ['larger', 'smaller'],
  ['long', 'short'],
  ['tall', 'short'],
  ['wide', 'narrow'],
  ['thick', 'thin'],
  ['heavy', 'light'],
  ['full', 'empty'],
  ['wet', 'dry'],
  ['hot', 'cold'],
  ['warm', 'cold'],
  ['young', 'old'],
  ['new', 'old'],
  ['early', 'late'],
  ['before', 'after'],
  ['first', 'last'],
  ['true', 'false'],
  ['correct', 'incorrect'],
  ['right', 'wrong'],
  ['possible', 'impossible'],
  ['likely', 'unlikely'],
  ['common', 'rare'],
  ['frequent', 'rare'],
  ['include', 'exclude'],
  ['accept', 'reject'],
  ['allow', 'forbid'],
  ['allow', 'prevent'],
  ['start', 'stop'],
  ['begin', 'end'],
  ['open', 'closed'],
  ['open', 'shut'],
  ['up', 'down'],
  ['push', 'pull'],
  ['win', 'lose'],
  ['won', 'lost'],
  ['alive', 'dead'],
  ['asleep', 'awake'],
  ['happy', 'sad'],
  ['rich', 'poor'],
  ['clean', 'dirty'],
  ['safe', 'dangerous'],
  ['inside', 'outside'],
  ['indoors', 'outdoors'],
  ['indoor', 'outdoor'],
  ['day', 'night'],
  ['light', 'dark'],
  ['sunny', 'rainy'],
  ['left', 'right'],
  ['upper', 'lower'],
  ['above', 'below'],
  ['north', 'south'],
  ['east', 'west'],
  ['same', 'different'],
  ['agree', 'disagree'],
  ['support', 'oppose'],
  ['confirm', 'refute'],
  ['confirm', 'exclude'],
  ['cause', 'prevent'],
  ['sufficient', 'insufficient'],
  ['necessary', 'unnecessary'],
  ['typical', 'atypical'],
  ['symptomatic', 'asymptomatic'],
  ['mature', 'immature'],
  ['mobile', 'immobile'],
  ['balanced', 'imbalanced'],
  ['polar', 'nonpolar'],
  ['positive', 'negative'],
  ['male', 'female'],
  // pharmacology
  ['agonist', 'antagonist'],
  ['agonism', 'antagonism'],
  ['activate', 'inhibit'],
  ['activate', 'block'],
  ['activate', 'deactivate'],
  ['activator', 'inhibitor'],
  ['stimulate', 'inhibit'],
  ['stimulate', 'suppress'],
  ['stimulate', 'block'],
  ['stimulant', 'depressant'],
  ['induce', 'inhibit'],
  ['inducer', 'inhibitor'],
  ['upregulate', 'downregulate'],
  ['upregulation', 'downregulation'],
  ['potentiate', 'antagonize'],
  ['excitatory', 'inhibitory'],
  ['depolarize', 'hyperpolarize'],
  ['depolarization', 'hyperpolarization'],
  ['competitive', 'noncompetitive'],
  ['reversible', 'irreversible'],
  ['selective', 'nonselective'],
  ['lipophilic', 'hydrophilic'],
  ['hydrophobic', 'hydrophilic'],
  ['contraindicated', 'indicated'],
  ['effective', 'ineffective'],
  ['sensitive', 'resistant'],
  ['susceptible', 'resistant'],
  ['agonistic', 'antagonistic'],
  // physiology and clinical
  ['sympathetic', 'parasympathetic'],
  ['sympathomimetic', 'sympatholytic'],
  ['cholinergic', 'anticholinergic'],
  ['vasodilation', 'vasoconstriction'],
  ['vasodilator', 'vasoconstrictor'],
  ['dilate', 'constrict'],
  ['dilation', 'constriction'],
  ['mydriasis', 'miosis'],
  ['relax', 'contract'],
  ['relaxation', 'contraction'],
  ['tachycardia', 'bradycardia'],
  ['tachypnea', 'bradypnea'],
  ['acidosis', 'alkalosis'],
  ['acidic', 'alkaline'],
  ['acidic', 'basic'],
  ['benign', 'malignant'],
  ['acute', 'chronic'],
  ['afferent', 'efferent'],
  ['anterior', 'posterior'],
  ['superior', 'inferior'],
  ['proximal', 'distal'],
  ['medial', 'lateral'],
  ['ipsilateral', 'contralateral'],
  ['unilateral', 'bilateral'],
  ['central', 'peripheral'],
  ['intracellular', 'extracellular'],
  ['arterial', 'venous'],
  ['systolic', 'diastolic'],
  ['dominant', 'recessive'],
  ['hypertrophy', 'atrophy'],
  ['obstructive', 'restrictive'],
  ['ischemic', 'hemorrhagic'],
  ['aerobic', 'anaerobic'],
  ['conjugated', 'unconjugated'],
  ['direct', 'indirect'],
  ['primary', 'secondary'],
  ['sensory', 'motor'],
  ['improvement', 'deterioration'],
  ['remission', 'relapse'],
  ['exacerbate', 'relieve'],
  ['exacerbate', 'alleviate'],
  ['worsen', 'relieve'],
  ['worsen', 'alleviate'],
];

/**
 * Pairs added with the aligned rules, which only the aligned rules read: the
 * lexical rules stay as they were, so that audits made with them re-run to
 * the same figures.
 */
const ALIGNED_ONLY_PAIRS: ReadonlyArray<readonly [string, string]> = [
  // legal roles: who owes and who is owed ("the buyer is liable for damages" / "the buyer is entitled to damages")
  ['liable', 'entitled'],
];

// "hypertension"/"hypotension", "hyperkalemia"/"hypokalemia": one rule for the whole family.
const PREFIX_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['hyper', 'hypo'],
  ['over', 'under'],
  ['up', 'down'],
  ['intra', 'extra'],
  ['endo', 'exo'],
  ['pro', 'anti'],
];

// A prefix that negates the word it is attached to ("ineffective", "noncompetitive").
// Not "a", "im" or "anti": "across"/"cross", "improve"/"prove" and "antiviral"/"viral" are not opposites.
const NEGATING_PREFIXES = ['un', 'in', 'ir', 'il', 'non', 'dis'];
const MIN_NEGATED_STEM = 5;

function stemmedPairs(pairs: ReadonlyArray<readonly [string, string]>): Map<string, Set<string>> {
  const stemmed = new Map<string, Set<string>>();
  for (const [left, right] of pairs) {
    const a = stemWord(left);
    const b = stemWord(right);
    if (!stemmed.has(a)) stemmed.set(a, new Set());
    if (!stemmed.has(b)) stemmed.set(b, new Set());
    stemmed.get(a)!.add(b);
    stemmed.get(b)!.add(a);
  }
  return stemmed;
}
const STEMMED = stemmedPairs(PAIRS);
const STEMMED_ALIGNED_ONLY = stemmedPairs(ALIGNED_ONLY_PAIRS);

/**
 * True when two words (lower case) have opposite meanings: a listed pair,
 * a hyper-/hypo- style prefix swap, or one being the other with a negating
 * prefix ("effective"/"ineffective"; stems of at least 5 letters, so that
 * "in"+"to" or "a"+"bus" never count).
 */
export function areAntonyms(left: string, right: string): boolean {
  if (left === right) return false;
  const a = stemWord(left);
  const b = stemWord(right);
  if (STEMMED.get(a)?.has(b) === true) return true;
  for (const [first, second] of PREFIX_PAIRS) {
    if (swapsPrefix(left, right, first, second) || swapsPrefix(right, left, first, second)) return true;
  }
  return negatedByPrefix(left, right) || negatedByPrefix(right, left);
}

/** `areAntonyms`, plus the pairs only the aligned rules read (`ALIGNED_ONLY_PAIRS`). */
export function areAlignedAntonyms(left: string, right: string): boolean {
  return areAntonyms(left, right) || (left !== right && STEMMED_ALIGNED_ONLY.get(stemWord(left))?.has(stemWord(right)) === true);
}

function swapsPrefix(left: string, right: string, first: string, second: string): boolean {
  if (!left.startsWith(first) || !right.startsWith(second)) return false;
  const rest = left.slice(first.length);
  return rest.length >= 4 && rest === right.slice(second.length);
}

function negatedByPrefix(word: string, negated: string): boolean {
  const extra = negated.length - word.length;
  if (word.length < MIN_NEGATED_STEM || extra < 1 || extra > 4 || !negated.endsWith(word)) return false;
  for (const prefix of NEGATING_PREFIXES) {
    if (negated.length === prefix.length + word.length && negated.startsWith(prefix) && negated.endsWith(word)) return true;
    const joined = `${prefix}-${word}`;
    if (negated === joined) return true;
  }
  return false;
}
