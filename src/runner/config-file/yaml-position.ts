import { isMap, isPair, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';

/** A 1-based position in a YAML file. */
export interface YamlPosition {
  line: number;
  column: number;
}

/**
 * The position of the value at `path` in a parsed YAML document. A path
 * that does not exist (a missing required field, a default) resolves to its
 * nearest existing parent, so every validation problem gets a line. With
 * `key`, the position of that key inside the mapping at `path` (for
 * unknown keys, whose value is not the problem).
 */
export function yamlPosition(document: Document, lineCounter: LineCounter, path: ReadonlyArray<PropertyKey>, key?: string): YamlPosition | undefined {
  let node: unknown = document.contents;
  let position = positionOf(node, lineCounter);
  for (const segment of [...path, ...(key === undefined ? [] : [key])]) {
    const next = child(node, segment, key !== undefined && segment === key);
    if (next === undefined) break;
    node = next;
    position = positionOf(node, lineCounter) ?? position;
  }
  return position;
}

function child(node: unknown, segment: PropertyKey, wantKey: boolean): unknown {
  if (isMap(node)) {
    const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment));
    if (pair === undefined) return undefined;
    // An empty value (`limit:`) has no node of its own: point at the key.
    return wantKey || pair.value === null ? pair.key : pair.value;
  }
  if (isSeq(node) && typeof segment === 'number') return node.items[segment];
  return undefined;
}

function positionOf(node: unknown, lineCounter: LineCounter): YamlPosition | undefined {
  const range = (node as Node | null | undefined)?.range;
  if (range === undefined || range === null) return undefined;
  const { line, col } = lineCounter.linePos(range[0]);
  return { line, column: col };
}
