import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';

// The layer order of docs/architecture.md, bottom first. A file may import values
// from its own layer and the layers before it; `import type` may go anywhere.
// Each layer is a list of folders (or single files) under src/.
const LAYERS: readonly (readonly string[])[] = [
  ['spec', 'util', 'version.ts', 'code-fingerprint.ts', 'package-root.ts'],
  ['parsing'],
  ['tools'],
  ['export', 'robustness'],
  ['store'],
  ['backends'],
  ['datasets'],
  ['audit'],
  ['protocols'],
  ['metrics'],
  ['runner'],
  ['analysis'],
  ['audit-runner'],
  ['validation'],
  ['study'],
  ['queue'],
  ['web'],
  ['serve'],
  ['api'],
  ['cli'],
  ['testing', 'index.ts'],
];

const SRC = resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The layer index of a file under src/ (its top folder, or the file itself at the root). */
function layerOf(file: string): number {
  const top = relative(SRC, file).split('/')[0]!.replace(/\.js$/, '.ts');
  const index = LAYERS.findIndex((layer) => layer.includes(top));
  if (index === -1) throw new Error(`src/${relative(SRC, file)}: its folder "${top}" is in no layer of test/architecture/layers.test.ts (add it, and to docs/architecture.md)`);
  return index;
}

interface ValueImport {
  line: number;
  specifier: string;
}

// Value imports of relative modules: import declarations that are not `import type`
// (an `import { type A }` still loads the module under verbatimModuleSyntax),
// `export … from` that is not `export type`, and dynamic `import()`.
function valueImports(file: string, text: string): ValueImport[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: ValueImport[] = [];
  const add = (node: ts.Node, specifier: string): void => {
    if (specifier.startsWith('.')) found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, specifier });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.importClause?.isTypeOnly !== true) add(node, node.moduleSpecifier.text);
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) add(node, node.moduleSpecifier.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument !== undefined && ts.isStringLiteralLike(argument)) add(node, argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const layerName = (index: number): string => LAYERS[index]!.join(', ');

test('every folder of src/ is in exactly one layer', () => {
  const tops = new Set(readdirSync(SRC));
  const listed = LAYERS.flat();
  assert.deepEqual(listed.filter((name) => !tops.has(name)), [], 'layers name folders or files that src/ does not have');
  assert.equal(new Set(listed).size, listed.length, 'a folder is listed in two layers');
  for (const top of tops) assert.ok(listed.includes(top), `src/${top} is in no layer`);
});

/** One line per value import of a source file that goes up the layer order, naming the file, line and import. */
function layerViolations(file: string, text: string): string[] {
  const from = layerOf(file);
  return valueImports(file, text).flatMap(({ line, specifier }) => {
    const target = resolve(dirname(file), specifier);
    if (!target.startsWith(SRC)) return [];
    const to = layerOf(target);
    return to > from ? [`src/${relative(SRC, file)}:${line} imports ${specifier} (layer "${layerName(to)}" is above "${layerName(from)}")`] : [];
  });
}

test('no value import goes from a lower layer to a higher one', () => {
  const violations = sourceFiles(SRC).flatMap((file) => layerViolations(file, readFileSync(file, 'utf8')));
  assert.deepEqual(violations, []);
});

test('the check sees every kind of value import, and lets type-only imports and downward imports through', () => {
  const probe = join(SRC, 'metrics', 'probe.ts');
  const source = [
    "import type { A } from '../cli/a.js';",
    "import { b } from '../cli/b.js';",
    "import { type C } from '../cli/c.js';",
    "export { d } from '../web/d.js';",
    "export type { E } from '../cli/e.js';",
    "const f = await import('../study/f.js');",
    "import { g } from '../parsing/g.js';",
    "import { h } from './h.js';",
    "import { z } from 'zod';",
  ].join('\n');
  // `import { type C }` counts: under verbatimModuleSyntax it still loads the module
  assert.deepEqual(layerViolations(probe, source), [
    'src/metrics/probe.ts:2 imports ../cli/b.js (layer "cli" is above "metrics")',
    'src/metrics/probe.ts:3 imports ../cli/c.js (layer "cli" is above "metrics")',
    'src/metrics/probe.ts:4 imports ../web/d.js (layer "web" is above "metrics")',
    'src/metrics/probe.ts:6 imports ../study/f.js (layer "study" is above "metrics")',
  ]);
});
