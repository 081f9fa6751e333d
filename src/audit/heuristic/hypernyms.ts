import { stemWord } from '../text/stem-word.js';

/**
 * A few "is a" links, so that "a man plays" covers "a person plays" when
 * scoring entailment: general words a sentence may use for a more specific
 * one. Keys and values are stemmed on load.
 */
const LINKS: Readonly<Record<string, readonly string[]>> = {
  person: ['man', 'woman', 'boy', 'girl', 'child', 'kid', 'baby', 'guy', 'lady', 'gentleman', 'adult', 'worker', 'player', 'patient', 'doctor', 'teenager', 'toddler', 'male', 'female', 'husband', 'wife', 'mother', 'father'],
  someone: ['man', 'woman', 'boy', 'girl', 'child', 'kid', 'guy', 'lady', 'person', 'people', 'worker', 'player'],
  somebody: ['man', 'woman', 'boy', 'girl', 'child', 'kid', 'guy', 'lady', 'person', 'people'],
  human: ['man', 'woman', 'boy', 'girl', 'child', 'person', 'people'],
  child: ['boy', 'girl', 'kid', 'toddler', 'baby'],
  kid: ['boy', 'girl', 'child', 'toddler'],
  animal: ['dog', 'cat', 'horse', 'cow', 'bird', 'sheep', 'goat', 'pig', 'elephant', 'lion', 'tiger', 'bear', 'fish', 'duck', 'chicken', 'monkey', 'camel', 'rabbit', 'deer', 'puppy'],
  pet: ['dog', 'cat', 'puppy', 'kitten'],
  instrument: ['guitar', 'piano', 'violin', 'drum', 'trumpet', 'flute', 'saxophone', 'cello', 'banjo'],
  music: ['guitar', 'piano', 'violin', 'drum', 'sing', 'song', 'band'],
  vehicle: ['car', 'bus', 'train', 'truck', 'bicycle', 'bike', 'motorcycle', 'boat', 'plane'],
  sport: ['soccer', 'football', 'basketball', 'baseball', 'tennis', 'hockey', 'golf', 'volleyball', 'rugby'],
  game: ['soccer', 'football', 'basketball', 'baseball', 'tennis', 'hockey', 'golf', 'volleyball', 'rugby', 'chess'],
  outdoors: ['beach', 'park', 'street', 'forest', 'mountain', 'field', 'lake', 'river', 'ocean', 'snow', 'grass'],
  outside: ['beach', 'park', 'street', 'forest', 'mountain', 'field', 'lake', 'river', 'ocean', 'snow', 'grass'],
  drug: ['medication', 'medicine', 'agent'],
  medication: ['drug', 'medicine', 'agent'],
};

const GENERAL_BY_SPECIFIC = new Map<string, string[]>();
for (const [general, specifics] of Object.entries(LINKS)) {
  for (const specific of specifics) {
    const key = stemWord(specific);
    const list = GENERAL_BY_SPECIFIC.get(key) ?? [];
    list.push(stemWord(general));
    GENERAL_BY_SPECIFIC.set(key, list);
  }
}

/** The stems plus the general words they imply ("man" → "person", "someone", …). */
export function withHypernyms(stems: ReadonlySet<string>): Set<string> {
  const expanded = new Set(stems);
  for (const stem of stems) for (const general of GENERAL_BY_SPECIFIC.get(stem) ?? []) expanded.add(general);
  return expanded;
}
