import { termSequence } from './term-sequence.js';

/**
 * Groups of mutually exclusive terms: two sentences about the same thing
 * that name different members ("blocks M2 receptors" vs "blocks β1
 * receptors", "a man" vs "a woman") disagree. A group is a list of
 * classes; a class is a list of phrases naming the same member ("kidney",
 * "renal"). Medical groups serve reasoning steps; the everyday groups
 * (people, colours, animals, places, activities) serve plain descriptions.
 */
export interface ExclusiveGroup {
  name: string;
  /** Evidence weight of a mismatch (log-odds units, see `heuristicNliScores`). */
  weight: number;
  /** Added with the aligned rules: the lexical rules skip it, so that their audits re-run to the same figures. */
  alignedOnly?: boolean;
  classes: ReadonlyArray<readonly string[]>;
}

const each = (terms: string): string[][] => terms.split(',').map((term) => [term.trim()]);
const classes = (spec: string): string[][] => spec.split(';').map((members) => members.split(',').map((term) => term.trim()));

export const EXCLUSIVE_GROUPS: readonly ExclusiveGroup[] = [
  // pharmacology and medicine
  { name: 'receptor subtype', weight: 3, classes: each('m1, m2, m3, m4, m5, beta 1, beta 2, beta 3, alpha 1, alpha 2, h1, h2, h3, d1, d2, d3, d4, d5, 5 ht1, 5 ht2, 5 ht3') },
  { name: 'receptor family', weight: 2.5, classes: each('muscarinic, nicotinic, adrenergic, dopaminergic, serotonergic, histaminergic, glutamatergic, gabaergic, opioid receptor') },
  {
    name: 'drug class',
    weight: 2.5,
    classes: classes(
      'beta blocker, beta adrenergic blocker; ace inhibitor, angiotensin converting enzyme inhibitor; arb, angiotensin receptor blocker, angiotensin ii receptor blocker; ' +
        'calcium channel blocker; thiazide, thiazide diuretic; loop diuretic; potassium sparing diuretic; statin; nsaid; ssri; snri; tricyclic antidepressant, tca; maoi; ' +
        'benzodiazepine; barbiturate; opioid; antipsychotic; anticoagulant; antiplatelet; sulfonylurea; biguanide; corticosteroid, glucocorticoid; antihistamine; ' +
        'proton pump inhibitor, ppi; h2 blocker, h2 antagonist; bisphosphonate; macrolide; fluoroquinolone; penicillin; cephalosporin; aminoglycoside; tetracycline; carbapenem',
    ),
  },
  { name: 'pathogen kind', weight: 2.5, classes: classes('bacterial, bacteria, bacterium; viral, virus; fungal, fungus, fungi; parasitic, parasite; prion') },
  { name: 'organ', weight: 2.5, classes: classes('liver, hepatic; kidney, renal; heart, cardiac; lung, pulmonary; brain, cerebral; spleen, splenic; pancreas, pancreatic; stomach, gastric; thyroid; adrenal; bladder') },
  { name: 'blood cell', weight: 2.5, classes: classes('neutrophil; lymphocyte; eosinophil; basophil; monocyte; macrophage; platelet; erythrocyte, red blood cell') },
  { name: 'immunoglobulin', weight: 3, classes: each('iga, igd, ige, igg, igm') },
  { name: 'electrolyte', weight: 2, classes: each('sodium, potassium, calcium, magnesium, chloride, phosphate, bicarbonate') },
  { name: 'inheritance', weight: 2.5, classes: classes('autosomal; x link; mitochondrial') },
  { name: 'hepatitis virus', weight: 3, classes: each('hepatitis a, hepatitis b, hepatitis c, hepatitis d, hepatitis e') },
  { name: 'renal syndrome', weight: 3, classes: each('nephrotic, nephritic') },
  // chemistry: the geometry of one double bond is one or the other
  { name: 'bond configuration', weight: 3, alignedOnly: true, classes: each('cis, trans') },
  { name: 'answer option', weight: 3, classes: classes('option a, choice a; option b, choice b; option c, choice c; option d, choice d; option e, choice e') },
  // everyday descriptions
  {
    name: 'sex',
    weight: 3,
    classes: classes(
      'man, boy, male, husband, father, son, brother, gentleman, guy, king, dad, grandfather, uncle, groom; ' +
        'woman, girl, female, wife, mother, daughter, sister, lady, queen, mom, grandmother, aunt, bride',
    ),
  },
  { name: 'age', weight: 2.5, classes: classes('child, boy, girl, kid, baby, toddler, infant; adult, man, woman, elderly, gentleman, lady') },
  { name: 'colour', weight: 2.5, classes: classes('red; blue; green; yellow; black; white; orange; purple; pink; brown; gray, grey') },
  { name: 'animal', weight: 2.5, classes: each('dog, cat, horse, cow, bird, sheep, goat, pig, elephant, lion, tiger, bear, fish, duck, chicken, monkey, camel, rabbit, deer') },
  { name: 'posture', weight: 2.5, classes: each('sit, stand, lie, run, walk, sleep, kneel, swim, jump') },
  {
    name: 'place',
    weight: 2,
    classes: each(
      'beach, park, street, kitchen, office, desert, forest, mountain, stage, restaurant, library, church, school, hospital, bedroom, pool, ocean, lake, river, store, mall, gym, classroom, airport, farm, zoo, museum',
    ),
  },
  { name: 'time of day', weight: 2.5, classes: each('morning, afternoon, evening, night') },
  { name: 'season', weight: 2.5, classes: each('summer, winter, spring, autumn') },
  { name: 'weather', weight: 2, classes: each('sunny, rainy, snowy, cloudy') },
  { name: 'vehicle', weight: 2.5, classes: classes('car; bus; train; truck; bicycle, bike; motorcycle; boat; plane, airplane') },
  { name: 'instrument', weight: 2.5, classes: each('guitar, piano, violin, drum, trumpet, flute, saxophone, cello, banjo') },
  { name: 'sport', weight: 2.5, classes: each('soccer, football, basketball, baseball, tennis, hockey, golf, volleyball, rugby, cricket') },
];

interface Phrase {
  group: number;
  member: number;
  parts: string[];
}

// Indexed by first part; longest phrases first so "calcium channel blocker" wins over "calcium".
const PHRASES_BY_FIRST_PART = new Map<string, Phrase[]>();
EXCLUSIVE_GROUPS.forEach((group, groupIndex) => {
  group.classes.forEach((members, memberIndex) => {
    for (const member of members) {
      const parts = termSequence(member);
      const list = PHRASES_BY_FIRST_PART.get(parts[0]!) ?? [];
      list.push({ group: groupIndex, member: memberIndex, parts });
      PHRASES_BY_FIRST_PART.set(parts[0]!, list);
    }
  });
});
for (const list of PHRASES_BY_FIRST_PART.values()) list.sort((a, b) => b.parts.length - a.parts.length);

/** An exclusive term found in a text. */
export interface FoundTerm {
  group: number;
  member: number;
  /** Positions of its parts in the term sequence. */
  start: number;
  length: number;
}

/**
 * The exclusive-group members a term sequence names, left to right. At each
 * position the longest phrase wins; a word in several groups ("boy": sex and
 * age) counts in each.
 */
export function findExclusiveTerms(sequence: readonly string[]): FoundTerm[] {
  const found: FoundTerm[] = [];
  let at = 0;
  while (at < sequence.length) {
    const matches = (PHRASES_BY_FIRST_PART.get(sequence[at]!) ?? []).filter((phrase) => phrase.parts.every((part, k) => sequence[at + k] === part));
    const longest = matches[0]?.parts.length;
    if (longest === undefined) {
      at++;
      continue;
    }
    for (const match of matches) {
      if (match.parts.length === longest) found.push({ group: match.group, member: match.member, start: at, length: longest });
    }
    at += longest;
  }
  return found;
}
