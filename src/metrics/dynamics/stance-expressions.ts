/**
 * Words and phrases by which a free-text turn takes a position on a claim
 * (PRR, docs/dynamics.md). Grouped by the GDP stance they correspond to;
 * matched case-insensitively at a word start, so "agree" also finds
 * "agreed", "agrees" and "disagree" is its own entry. Neutral attributions
 * ("as Agent B noted", "Agent B said") are deliberately absent: they
 * reference a peer without taking a position.
 */
export const STANCE_EXPRESSIONS: Readonly<Record<'agree' | 'disagree' | 'extend', readonly string[]>> = Object.freeze({
  agree: [
    'agree',
    'concur',
    'endorse',
    'side with',
    'in agreement',
    'is right',
    'are right',
    'was right',
    'is correct',
    'are correct',
    'was correct',
    'valid point',
    'good point',
    'fair point',
    'well taken',
    'convinc',
    'persuad',
    'echo',
  ],
  disagree: [
    'disagree',
    'dispute',
    'challeng',
    'reject',
    'refut',
    'contradict',
    'object to',
    'counter',
    'differ',
    'is wrong',
    'are wrong',
    'was wrong',
    'is incorrect',
    'is mistaken',
    'overlook',
    'overestimat',
    'underestimat',
    'too high',
    'too low',
    'doubt',
    'skeptic',
    'sceptic',
  ],
  extend: ['extend', 'build on', 'builds on', 'building on', 'built on', 'build upon', 'building upon', 'expand on', 'expands on', 'expanding on', 'add to', 'adding to', 'in addition to', 'complement', 'refine', 'elaborat'],
});

const PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${Object.values(STANCE_EXPRESSIONS)
    .flat()
    .map((phrase) => phrase.replace(/ /g, '\\s+'))
    .join('|')})`,
  'iu',
);

/** Whether a text contains a stance expression. */
export function hasStanceExpression(text: string): boolean {
  return PATTERN.test(text);
}
