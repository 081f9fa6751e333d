/**
 * A small SVG reader for tests: checks that a document is well-formed XML
 * with an <svg> root, and counts the marks Vega drew (elements with
 * role="graphics-symbol" inside a `mark-<type> role-mark` group).
 */

/** One element of the parsed tree. */
export interface SvgElement {
  name: string;
  attributes: string;
  children: SvgElement[];
}

const TAG = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<(\/)?([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/)?>/g;

/** Parses an SVG document; throws on unbalanced or stray tags, or a root other than <svg>. */
export function parseSvg(text: string): SvgElement {
  const root: SvgElement = { name: '#document', attributes: '', children: [] };
  const stack: SvgElement[] = [root];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const between = text.slice(last, match.index);
    if (/[<>]/.test(between)) throw new Error(`stray markup near offset ${last}: ${between.slice(0, 60)}`);
    last = match.index + match[0].length;
    const [, closing, name, attributes, selfClosing] = match;
    if (name === undefined) continue; // comment or processing instruction
    if (closing !== undefined) {
      const open = stack.pop();
      if (open === undefined || open.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
      continue;
    }
    const element: SvgElement = { name, attributes: attributes ?? '', children: [] };
    stack.at(-1)!.children.push(element);
    if (selfClosing === undefined) stack.push(element);
  }
  if (/[<>]/.test(text.slice(last))) throw new Error('stray markup at the end');
  if (stack.length !== 1) throw new Error(`unclosed <${stack.at(-1)!.name}>`);
  if (root.children.length !== 1 || root.children[0]!.name !== 'svg') throw new Error('the root element is not <svg>');
  return root.children[0]!;
}

function attribute(element: SvgElement, name: string): string | undefined {
  return new RegExp(`(?:^|\\s)${name}\\s*=\\s*"([^"]*)"`).exec(element.attributes)?.[1];
}

function walk(element: SvgElement, visit: (element: SvgElement) => void): void {
  visit(element);
  for (const child of element.children) walk(child, visit);
}

/** Marks drawn per mark type (`symbol`, `rect`, `line`, `rule`, `text`, …). */
export function countMarks(svg: SvgElement): Record<string, number> {
  const counts: Record<string, number> = {};
  walk(svg, (element) => {
    const classes = (attribute(element, 'class') ?? '').split(/\s+/);
    const type = classes.find((name) => name.startsWith('mark-'))?.slice('mark-'.length);
    if (element.name !== 'g' || type === undefined || !classes.includes('role-mark')) return;
    let marks = 0;
    walk(element, (inner) => {
      if (inner !== element && attribute(inner, 'role') === 'graphics-symbol') marks += 1;
    });
    counts[type] = (counts[type] ?? 0) + marks;
  });
  return counts;
}
