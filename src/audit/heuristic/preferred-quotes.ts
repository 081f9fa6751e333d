/**
 * The quoted candidates a step prefers: "I still believe that "He has
 * become the symbol of the entire army" is a more accurate translation",
 * ""Gather intelligence" or "Gather information" is the most accurate
 * translation", "my translation, "X," is more accurate". A debater who
 * calls one quoted candidate the better (or the correct, the most accurate)
 * one prefers it; two steps that each prefer a different candidate for the
 * same role contradict — the comparative form of two different answers,
 * which `unique-choices.ts` does not read (a comparative names no unique
 * role as written).
 */
export interface PreferredQuotes {
  /** The quoted candidates, normalised (lower case, inner punctuation and spacing collapsed). */
  candidates: string[];
  /** The role noun after the degree ("translation"), when one is written. */
  role: string | undefined;
  /** Candidates preferred over, when the step says ("… is more accurate than "Z""), normalised. */
  over: string[];
  /** Candidates the step rejects (""cancelled" would not be an accurate translation"), normalised. */
  rejected: string[];
}

// One or more quoted candidates joined by "or", then a plain copula and a degree of preference. The
// white space around a comma is read one way only (`\s*(?:,\s*)?`, not `\s*,?\s*`): inside the repeated
// group two ways of splitting it doubled the backtracking per candidate (a step of 22 quoted candidates
// joined by "or", with no copula after them, took 0.29 s, and each more candidate doubled it).
const CANDIDATES = String.raw`((?:"[^"]{2,200}"\s*(?:,\s*)?(?:or\s+)?)+)`;
const COPULA = String.raw`(?:is|are|remains|seems to be|seems like|appears to be)`;
const DEGREE = String.raw`(?:(?:a|the)\s+)?(?:(?:more|most)\s+(?:accurate|appropriate|suitable|faithful|precise|fitting|natural|idiomatic)|better|best|correct|right)`;
const PREFERRED = new RegExp(String.raw`${CANDIDATES}${COPULA}\s+(?:still\s+)?${DEGREE}\b(?<rest>[^."]*)`, 'g');
// "the correct translation of the Chinese text "…" is "X"": the role first, the candidate after the copula.
const ROLE_FIRST = new RegExp(String.raw`\bthe\s+(?:correct|right|best|(?:more|most)\s+accurate)\s+(?<role>translation|interpretation|rendering|answer)(?:\s+of\s+[^"]*(?:"[^"]*")?)?\s+is\s+"(?<candidate>[^"]+)"`, 'g');
// ""cancelled" would not be an accurate translation", ""X" is not the correct translation".
const REJECTED = /"([^"]{2,200})"\s*,?\s*(?:is not|isn't|would not be|wouldn't be|is no longer)\s+(?:an?|the)\s+(?:accurate|correct|appropriate|right|suitable)\b/g;
// What the preference is about, when the step names it after the degree.
const ROLE = /\b(translation|interpretation|rendering|reading|wording|phrase|word|term|choice|answer|description|explanation|version)\b/;
// Only the step's own claim counts: not one it reports ("why you believe that "Y" is …"), supposes or doubts.
const NOT_OWN = /\b(?:you|your|agent|agents|opponent|they|others|other side|if|whether|unless|suppose|assuming|not|initially|previously|argue[sd]?|claims?|suggests?)\b|n't/;

/** The candidates a step prefers, in its own voice; `undefined` when it prefers none. Pure. */
export function preferredQuotes(text: string): PreferredQuotes | undefined {
  const quoted = text.replace(/[\u201C\u201D\u201E\u201F\u2033]/g, '"');
  const candidates: string[] = [];
  const over: string[] = [];
  const rejected: string[] = [];
  let role: string | undefined;
  for (const match of quoted.matchAll(PREFERRED)) {
    if (!ownVoice(quoted, match.index)) continue;
    for (const candidate of match[1]!.matchAll(/"([^"]+)"/g)) candidates.push(normalise(candidate[1]!));
    role ??= ROLE.exec(match.groups!['rest']!.toLowerCase())?.[1];
    if (/\bthan\s*$/.test(match.groups!['rest']!)) {
      const compared = /^"([^"]+)"/.exec(quoted.slice(match.index! + match[0].length));
      over.push(compared === null ? '' : normalise(compared[1]!));
    }
  }
  for (const match of quoted.matchAll(ROLE_FIRST)) {
    if (ownVoice(quoted, match.index)) {
      candidates.push(normalise(match.groups!['candidate']!));
      role ??= match.groups!['role'];
    }
  }
  for (const match of quoted.matchAll(REJECTED)) if (ownVoice(quoted, match.index)) rejected.push(normalise(match[1]!));
  return candidates.length === 0 && rejected.length === 0 ? undefined : { candidates, role, over, rejected };
}

/**
 * Two steps prefer different candidates: no candidate of one equals, or is
 * contained in, a candidate of the other ("filming a movie" and "They are
 * filming a movie" are one candidate), and the roles, when both are named,
 * are the same. A preference over a named third candidate ("X is more
 * accurate than "Z"" / "Y is more accurate than "Z"") says nothing against
 * the other's: it counts only when what it is preferred over is the other
 * step's candidate. Also a conflict: one step rejects a candidate
 * (""cancelled" would not be an accurate translation") that the other's
 * preferred candidate contains ("This project has been cancelled" is the
 * correct translation).
 */
export function preferencesConflict(a: PreferredQuotes, b: PreferredQuotes): boolean {
  const same = (x: string, y: string): boolean => x !== '' && y !== '' && (x.includes(y) || y.includes(x));
  // One step rejects a word the other's preferred candidate is made of, and does not prefer it itself.
  const rejects = (one: PreferredQuotes, other: PreferredQuotes): boolean =>
    one.rejected.some((word) => other.candidates.some((candidate) => candidate.includes(word)) && !one.candidates.some((candidate) => candidate.includes(word)));
  if (rejects(a, b) || rejects(b, a)) return true;
  if (a.candidates.length === 0 || b.candidates.length === 0) return false;
  if (a.role !== undefined && b.role !== undefined && a.role !== b.role) return false;
  if (a.candidates.some((x) => b.candidates.some((y) => same(x, y)))) return false;
  const overOther = (one: PreferredQuotes, other: PreferredQuotes): boolean => one.over.length === 0 || one.over.some((z) => other.candidates.some((y) => same(z, y)));
  return overOther(a, b) && overOther(b, a);
}

/** The clause before a match neither reports, supposes nor denies it. */
function ownVoice(text: string, at: number): boolean {
  const before = text.slice(0, at).split(/[,;:.!?]|\b(?:while|but|although|though|whereas)\b/).at(-1) ?? '';
  return !NOT_OWN.test(before.toLowerCase());
}

function normalise(candidate: string): string {
  return candidate
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s']/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
