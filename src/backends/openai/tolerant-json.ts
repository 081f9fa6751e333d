/** Outcome of tolerant JSON parsing. */
export type TolerantJsonResult =
  | { ok: true; value: unknown; /** The whole text was valid JSON as it stood. */ exact: boolean }
  | { ok: false; problem: string };

/**
 * Parses JSON out of model text the way models actually write it: inside
 * ``` fences, after a sentence of prose, with trailing commas. Takes the
 * outermost balanced object (or array, when `expect` is `array`). It does not
 * guess at anything else (single quotes, comments, cut-off text): those go
 * to a repair call instead, where the model fixes its own output.
 */
export function parseTolerantJson(text: string, expect: 'object' | 'array' = 'object'): TolerantJsonResult {
  const trimmed = text.trim();
  const exact = tryParse(trimmed);
  if (exact.ok) return { ok: true, value: exact.value, exact: true };
  const fenced = /```[A-Za-z0-9_-]*[ \t]*\r?\n?([\s\S]*?)```/.exec(trimmed);
  const candidates = fenced === null ? [trimmed] : [fenced[1]!.trim(), trimmed];
  let problem = exact.problem;
  for (const candidate of candidates) {
    const span = outermost(candidate, expect === 'array' ? '[' : '{');
    if (span === undefined) {
      problem = `no complete JSON ${expect} found`;
      continue;
    }
    const parsed = tryParse(removeTrailingCommas(span));
    if (parsed.ok) return { ok: true, value: parsed.value, exact: false };
    problem = parsed.problem;
  }
  return { ok: false, problem };
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) };
  }
}

/** The first balanced `{…}` (or `[…]`) span, skipping brackets inside strings. */
function outermost(text: string, open: '{' | '['): string | undefined {
  const close = open === '{' ? '}' : ']';
  const start = text.indexOf(open);
  if (start === -1) return undefined;
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
      if (depth === 0) return char === close ? text.slice(start, index + 1) : undefined;
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
