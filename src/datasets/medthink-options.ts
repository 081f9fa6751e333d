/** A question text split into its stem and the lettered options written after it. */
export interface EmbeddedOptions {
  stem: string;
  options: Record<string, string>;
}

const OPTION_LINE = /^\s*\(?([A-Z])[.)]\s+(.+?)\s*$/;

/**
 * The options a question writes on its last lines ("\nA. …\nB. …"), in
 * order from A, or undefined when there are fewer than two or the letters
 * do not run A, B, C, … (then the lines are part of the question, not
 * options).
 */
export function embeddedOptions(question: string): EmbeddedOptions | undefined {
  const lines = question.replace(/\r/g, '').split('\n');
  let first = lines.length;
  while (first > 0 && (OPTION_LINE.test(lines[first - 1]!) || lines[first - 1]!.trim() === '')) first--;
  const optionLines = lines.slice(first).filter((line) => line.trim() !== '');
  if (optionLines.length < 2) return undefined;
  const options: Record<string, string> = {};
  for (const [position, line] of optionLines.entries()) {
    const [, letter, text] = OPTION_LINE.exec(line)!;
    if (letter !== String.fromCharCode(65 + position)) return undefined;
    options[letter!] = text!;
  }
  const stem = lines.slice(0, first).join('\n').trim();
  return stem === '' ? undefined : { stem, options };
}
