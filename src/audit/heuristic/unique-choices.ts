import { isStopWord } from '../text/stop-words.js';
import { stemWord } from '../text/stem-word.js';
import { normaliseText, wordTokens } from '../text/word-tokens.js';
import { CLAUSE_BREAK } from './clauses.js';

/**
 * A thing a step names as the one that fills a unique role: "a government
 * tax is the most accurate method to correct a positive externality", "the
 * standard solution for positive externalities is a government subsidy",
 * "X is the correct answer". A superlative or "the correct / best / standard
 * / primary …" admits one filler, so two steps that give the same role
 * different fillers contradict — the free-text form of two different answers.
 */
export interface UniqueChoice {
  /** What makes the role unique, normalised: "most accurate", "correct" (= "right"), "primary" (= "main"), … */
  degree: string;
  /** Content stems of the role ("method correct posit extern"), in order. */
  role: string[];
  /** Content stems of the filler, in order; the last is its head. */
  filler: string[];
}

// "most accurate", "most accurate and widely accepted", "best", "correct", … (the first word after "most" is kept).
const DEGREE = String.raw`(?:most\s+[a-z]+(?:\s+and\s+(?:most\s+)?[a-z]+(?:\s+[a-z]+)?)?|best|correct|right|standard|primary|main)`;
const COPULA = String.raw`(?:is|are|was|were|remains|would be|seems to be|appears to be)`;
// "<filler> is the <degree> <role>" and "the <degree> <role> is <filler>".
const FILLER_FIRST = new RegExp(String.raw`^(?<filler>.+?)\s+${COPULA}\s+(?:still\s+)?the\s+(?<degree>${DEGREE})\s+(?<role>.+)$`);
// The role runs to the clause's last copula: "the best evidence that lunar rocks are older … is <filler>".
const ROLE_FIRST = new RegExp(String.raw`\bthe\s+(?<degree>${DEGREE})\s+(?<role>.+)\s+${COPULA}\s+(?:through\s+|by\s+|that\s+)?(?<filler>.+)$`);

// A clause that denies, doubts, supposes or reports a choice does not make it
// ("X is not the best method", "X may be the most accurate", "the agent says the correct answer is X").
const NOT_A_CHOICE =
  /\b(?:not|no|never|nor|incorrect(?:ly)?|wrong(?:ly)?|mistake[ns]?|mistaken(?:ly)?|initially|previously|earlier|at first|instead|rather|unless|if|whether|suppose|assuming|may|might|could|possibly|perhaps|you|your|agent|agents|claim(?:s|ed)?|argue[sd]?|suggest(?:s|ed)?)\b|n't|\?/;
// Words that open a clause without being part of what it names ("thus", "I believe that").
const LEAD_IN = /^.*\b(?:that|thus|therefore|hence|so|believe|think|conclude|overall|finally|ultimately)\b\s*/;
// The filler's noun phrase ends before a preposition or a relative word: "a government subsidy | for users"
// ("of" stays: "the creation of such areas" is named by its complement).
const PHRASE_END = /\s(?:for|in|on|to|with|by|as|at|from|which|that|who|because|since|when|where|than)\s/;
// An option named in the filler ("B) radioactive dating", "option D") is an answer: answer-claims.ts reads it.
const OPTION_NAMED = /(?:^|\s|\()\(?[a-e]\)|\b(?:option|choice)\s*\(?[a-e]\b/;
const MAX_FILLER_WORDS = 8;
const SYNONYM_DEGREE: Readonly<Record<string, string>> = { right: 'correct', main: 'primary' };

/** The unique choices a step makes, one per clause at most. Pure. */
export function uniqueChoices(text: string): UniqueChoice[] {
  const choices: UniqueChoice[] = [];
  for (const piece of normaliseText(text).split(new RegExp(CLAUSE_BREAK, 'gu'))) {
    const clause = piece.trim();
    if (clause === '' || NOT_A_CHOICE.test(clause)) continue;
    const match = FILLER_FIRST.exec(clause) ?? ROLE_FIRST.exec(clause);
    if (match?.groups === undefined) continue;
    const written = match.groups['filler']!.replace(LEAD_IN, '').split(PHRASE_END)[0]!;
    // Numbers and boxed values are answers and quantities (answer-claims.ts, aligned-quantities.ts).
    if (/[\d\\$]/.test(written) || OPTION_NAMED.test(match.groups['filler']!) || copulaOfSubclause(match.groups['role']!)) continue;
    const filler = contentStems(written);
    const role = contentStems(match.groups['role']!);
    if (filler.length === 0 || filler.length > MAX_FILLER_WORDS || role.length === 0) continue;
    choices.push({ degree: degreeOf(match.groups['degree']!), role, filler });
  }
  return choices;
}

/**
 * Two choices that give the same role different fillers: the same degree,
 * the same role noun (the role's first content word) and at least two role
 * words shared (all of a one-word role), and fillers whose heads differ and
 * appear nowhere in the other step ("a government tax" / "a government
 * subsidy"; not "a subsidy" / "a government subsidy for producers", nor
 * "the creation of such influenced areas" / "the design of limited,
 * influence-based areas"). `stemsA` and `stemsB` are all the content stems
 * of each step.
 */
export function choicesConflict(a: UniqueChoice, b: UniqueChoice, stemsA: ReadonlySet<string>, stemsB: ReadonlySet<string>): boolean {
  if (a.degree !== b.degree || a.role[0] !== b.role[0]) return false;
  const shared = a.role.filter((stem) => b.role.includes(stem)).length;
  if (shared < Math.min(2, a.role.length, b.role.length)) return false;
  const headA = a.filler.at(-1)!;
  const headB = b.filler.at(-1)!;
  return headA !== headB && !stemsB.has(headA) && !stemsA.has(headB);
}

// "the best evidence for the statement that most rocks … are older …": the copula matched is the
// that-clause's own verb when the role's that-clause has none of its own, and there is no filler.
const SUBCLAUSE = /\b(?:that|which|who|whether)\b/g;
const COPULA_WORD = new RegExp(String.raw`\b${COPULA}\b`);

function copulaOfSubclause(role: string): boolean {
  const opened = [...role.matchAll(SUBCLAUSE)].at(-1);
  return opened !== undefined && !COPULA_WORD.test(role.slice(opened.index! + opened[0].length));
}

/** "most accurate and widely accepted" → "most accurate"; "right" → "correct". */
function degreeOf(written: string): string {
  const words = written.split(/\s+/);
  const degree = words[0] === 'most' ? `most ${words[1]}` : words[0]!;
  return SYNONYM_DEGREE[degree] ?? degree;
}

function contentStems(text: string): string[] {
  return wordTokens(text)
    .flatMap((token) => token.split('-'))
    .filter((word) => word !== '' && !isStopWord(word))
    .map(stemWord);
}
