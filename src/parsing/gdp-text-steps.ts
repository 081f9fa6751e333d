/** One step as written in text, before its stance is interpreted. */
export interface TextStep {
  claim: string;
  ground: string;
  /** The STANCE value, with any label annotation ("(Agent B)") in front. */
  stance?: string;
  /** A COUNTER-GROUND given under its own label. */
  counterGround?: string;
}

/** Steps found in a text reply, and what could not be used. */
export interface TextSteps {
  steps: TextStep[];
  problems: string[];
}

type Label = 'claim' | 'ground' | 'stance' | 'counter' | 'answer';

const LABEL = /\b(claim|ground|stance|counter[\s_-]?ground|final[ \t]+answer|answer)\b([ \t]*\([^)\n]{0,80}\))?[ \t]*(?:[:：]|[-–—](?=\s))/gi;
const LINE_PREFIX = /^[\s>*•-]*(?:\(?\d{1,2}[.)][ \t]*|step[ \t]*\d+[ \t]*[:.)\-–—]?[ \t]*)?$/i;
const NUMBERED_PREFIX = /(?:\d{1,2}[.)]|step[ \t]*\d+)/i;
const STEP_HEADING = /^[ \t]*(?:#+[ \t]*)?(?:step[ \t]*\d+|\d{1,2}[.)])[ \t]*[:.)\-–—]?[ \t]*$/gim;

/**
 * Finds CLAIM / GROUND / STANCE / COUNTER-GROUND blocks in a text reply
 * (markup already removed). Labels are case-insensitive at the start of a
 * line ("claim:", "1. CLAIM:", "- Claim —", "Step 2: CLAIM:") and inside a
 * line when upper-case ("… GROUND: …") or after a sentence end ("… . Ground:
 * …"). A value runs to the next label, the next step heading or a blank
 * line. A new step starts at a numbered label or heading, or when the
 * current step already has the field being set; an Answer label ends the
 * steps. Steps without a CLAIM are dropped and reported.
 */
export function parseGdpTextSteps(text: string): TextSteps {
  const marks: Array<{ start: number; end: number; label: Label | 'boundary'; note: string; numbered: boolean }> = [];
  for (const match of text.matchAll(LABEL)) {
    const lineStart = text.lastIndexOf('\n', match.index - 1) + 1;
    const prefix = text.slice(lineStart, match.index);
    const atLineStart = LINE_PREFIX.test(prefix);
    const word = match[1] ?? '';
    const inlineOk = word === word.toUpperCase() || /[.;|)][ \t]+$/.test(prefix);
    if (!atLineStart && !inlineOk) continue;
    marks.push({
      start: atLineStart ? lineStart : match.index,
      end: match.index + match[0].length,
      label: labelOf(word),
      note: (match[2] ?? '').trim(),
      numbered: atLineStart && NUMBERED_PREFIX.test(prefix),
    });
  }
  for (const match of text.matchAll(STEP_HEADING)) {
    marks.push({ start: match.index, end: match.index + match[0].length, label: 'boundary', note: '', numbered: true });
  }
  marks.sort((a, b) => a.start - b.start);

  const steps: TextStep[] = [];
  const problems: string[] = [];
  let current: Partial<TextStep> = {};
  const flush = (): void => {
    if (current.claim !== undefined && current.claim !== '') {
      steps.push({ ...current, claim: current.claim, ground: current.ground ?? '' });
    } else if (Object.values(current).some((value) => value !== undefined && value !== '')) {
      problems.push(`a step without CLAIM was dropped (${Object.keys(current).join(', ').toUpperCase()} only)`);
    }
    current = {};
  };
  for (const [i, mark] of marks.entries()) {
    const nextStart = marks[i + 1]?.start ?? text.length;
    const value = valueBetween(text, mark.end, nextStart);
    if (mark.numbered) flush();
    if (mark.label === 'boundary') continue;
    if (mark.label === 'answer') {
      flush();
      break;
    }
    if (mark.label === 'claim') {
      if (current.claim !== undefined) flush();
      current.claim = value;
    } else if (mark.label === 'ground') {
      if (current.ground !== undefined) flush();
      current.ground = value;
    } else if (mark.label === 'stance') {
      if (current.stance !== undefined) flush();
      current.stance = [mark.note, value].filter((part) => part !== '').join(' ');
    } else {
      current.counterGround = [current.counterGround, value].filter((part) => part !== undefined && part !== '').join(' ');
    }
  }
  flush();
  return { steps, problems };
}

function labelOf(word: string): Label {
  const lower = word.toLowerCase();
  if (lower.startsWith('counter')) return 'counter';
  if (lower.endsWith('answer')) return 'answer';
  return lower as Label;
}

/** The text of a field: up to the next mark or the first blank line, whitespace collapsed. */
function valueBetween(text: string, start: number, end: number): string {
  const raw = text.slice(start, end);
  const blank = /\n[ \t]*\n/.exec(raw);
  return (blank === null ? raw : raw.slice(0, blank.index))
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[\s:,;—–-]+|[\s,;|—–-]+$/g, '');
}
