/**
 * English function words that carry no topic: dropped before averaging word
 * vectors and before comparing the content of two sentences. Based on the
 * common NLTK/SMART lists; negations ("not", "no", "never") are included
 * here because they say nothing about the topic, and the heuristic NLI
 * model reads them separately.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both
  but by can could did do does doing down during each either else ever few for from further had has have having he her
  here hers herself him himself his how however i if in into is it its itself just let may me might more most must my
  myself neither no nor not now of off on once only or other otherwise our ours ourselves out over own per quite rather
  really same shall she should so some such than that the their theirs them themselves then there these they this those
  through thus to too under until up upon us very via was we were what when where whether which while who whom whose why
  will with within without would yet you your yours yourself yourselves one ones etc e.g i.e eg ie vs
  s t d ll m re ve`.split(/\s+/).filter((word) => word !== ''),
);

/** True for a stop word (tokens are lower case, see `wordTokens`). */
export function isStopWord(token: string): boolean {
  return STOP_WORDS.has(token);
}
