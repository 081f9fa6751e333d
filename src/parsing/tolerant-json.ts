/** Outcome of tolerant JSON parsing. */
export type TolerantJsonResult =
  | { ok: true; value: unknown; /** The whole text was valid JSON as it stood. */ exact: boolean }
  | { ok: false; problem: string };

const FENCE = /```[A-Za-z0-9_-]*[ \t]*\r?\n?([\s\S]*?)```/g;

/**
 * Reads JSON out of model text the way models write it — the one reader of
 * JSON in model replies (answers, GDP steps, judge rankings, plans, ratings,
 * structured output). In order:
 *
 * 1. the whole text, if it is valid JSON;
 * 2. else the last ``` fenced block that holds a complete object (or array,
 *    when `expect` is `array`), so a `bash` fence or a citation `[1]` after
 *    the fence does not get in the way;
 * 3. else the last complete object (array) anywhere in the text: prose
 *    before and after it and balanced spans that are not JSON are passed
 *    over; an opening bracket that never closes ends the search (the text
 *    was cut off, and the objects inside it are parts, not the reply).
 *
 * "Complete" means balanced brackets (brackets inside strings do not count)
 * that parse as JSON once trailing commas before `}` or `]` are dropped. The
 * last one wins because a model that revises writes its final version last.
 * Nothing else is guessed (single quotes, comments, cut-off text): those go
 * to a repair call, where the model fixes its own output, or count as
 * unparseable.
 */
export function parseTolerantJson(text: string, expect: 'object' | 'array' = 'object'): TolerantJsonResult {
  const trimmed = text.trim();
  const exact = tryParse(trimmed);
  if (exact.ok) return { ok: true, value: exact.value, exact: true };
  const open = expect === 'array' ? '[' : '{';
  for (const fenced of [...trimmed.matchAll(FENCE)].reverse()) {
    const value = lastComplete(fenced[1]!, open);
    if (value !== undefined) return { ok: true, value: value.value, exact: false };
  }
  const value = lastComplete(trimmed, open);
  if (value !== undefined) return { ok: true, value: value.value, exact: false };
  return { ok: false, problem: trimmed.includes(open) ? `no complete JSON ${expect} found (${exact.problem})` : `no complete JSON ${expect} found` };
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The last balanced `{…}` (or `[…]`) span that parses. Each balanced span is
 * read whole and scanning goes on after it, so an inner object of a span
 * that does not parse (`{'steps': [{"claim": …}]}`) or of one cut off is
 * never taken for the reply.
 */
function lastComplete(text: string, open: '{' | '['): { value: unknown } | undefined {
  let found: { value: unknown } | undefined;
  for (let start = text.indexOf(open); start !== -1; start = text.indexOf(open, start + 1)) {
    const end = balancedEnd(text, start);
    // An opener that never closes holds the rest of the text: cut-off output, whose inner objects are not the reply.
    if (end === undefined) break;
    const parsed = tryParse(removeTrailingCommas(text.slice(start, end + 1)));
    if (parsed.ok) found = { value: parsed.value };
    start = end;
  }
  return found;
}

/** Where the bracket opened at `start` closes, skipping brackets inside strings; undefined when it never does. */
function balancedEnd(text: string, start: number): number | undefined {
  const close = text[start] === '{' ? '}' : ']';
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '{' || char === '[') {
      depth++;
    } else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return char === close ? index : undefined;
    }
  }
  return undefined;
}

/** Drops commas directly before `}` or `]`, outside strings. */
function removeTrailingCommas(text: string): string {
  let result = '';
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (inString) {
      result += char;
      if (char === '\\') result += text[++index] ?? '';
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    if (char === ',') {
      let ahead = index + 1;
      while (ahead < text.length && /\s/.test(text[ahead]!)) ahead++;
      if (text[ahead] === '}' || text[ahead] === ']') continue;
    }
    result += char;
  }
  return result;
}
