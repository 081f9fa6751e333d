/**
 * Text with every regular-expression metacharacter escaped, so that it
 * matches itself inside a `RegExp` (names, file paths, secrets). The same
 * set as the TC39 `RegExp.escape` proposal's syntax characters; Node 20
 * has no `RegExp.escape`.
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
