// A letter alone, bracketed or not, with an optional closing mark: "C", "(c)", "[C]", "C.", "C)".
const LONE = /^[(\[]?\s*([A-Za-z])\s*[)\]]?[.:)]?$/;
// A letter with a separator before the option's text: "C. Aspirin", "(C) Aspirin", "C) Aspirin", "C: Aspirin".
const WITH_TEXT = /^(?:\(([A-Za-z])\)|\[([A-Za-z])\]|([A-Za-z])[.:)])\s+\S/;

/**
 * The option letter a stated answer names, upper-cased, or undefined when
 * the answer is not an option letter (an unparsed answer, which scores
 * wrong). Markdown emphasis around the answer is ignored. No guessing from
 * prose: "I think C" or the option's text alone are not read as letters.
 */
export function readOptionLetter(answer: string): string | undefined {
  const text = answer.trim().replace(/^\*{1,2}(.*?)\*{1,2}$/s, '$1').trim();
  const match = LONE.exec(text) ?? WITH_TEXT.exec(text);
  const letter = match?.slice(1).find((group) => group !== undefined);
  return letter?.toUpperCase();
}
