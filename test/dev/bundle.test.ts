/**
 * The CLI bundle (scripts/bundle.ts): what the `quorum` binary and
 * `import … from 'quorum'` run. Needs a built dist/ whose stamp matches the
 * sources (npm ci builds it); skipped otherwise, like every test of dist/.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { BUNDLE_DIR, BUNDLE_ENTRIES, BUNDLE_MODULES_FILE } from '../../scripts/bundle.js';
import { distMatchesSources } from '../../scripts/source-stamp.js';
import { REPO_ROOT } from '../helpers/cli.js';

const built = distMatchesSources(REPO_ROOT);
const bundle = join(REPO_ROOT, BUNDLE_DIR);

describe('the bundle of dist/', { skip: built ? false : 'dist/ is not built from these sources: run npm run build' }, () => {
  const modules = (): Record<string, string[]> => JSON.parse(readFileSync(join(bundle, BUNDLE_MODULES_FILE), 'utf8')) as Record<string, string[]>;

  it('holds every compiled module at most once, so the library and the CLI share one instance of each (registries, error classes)', () => {
    const seen = new Map<string, string>();
    for (const [output, inputs] of Object.entries(modules())) {
      for (const input of inputs) {
        assert.equal(seen.get(input), undefined, `${input} is in both ${seen.get(input)} and ${output}`);
        seen.set(input, output);
      }
    }
    // the entry points' own modules are in it
    for (const input of Object.values(BUNDLE_ENTRIES)) assert.ok(seen.has(input), input);
  });

  it('exports what dist/ exports, entry point by entry point', async () => {
    for (const [output, input] of Object.entries(BUNDLE_ENTRIES)) {
      if (output.startsWith('cli/bin')) continue; // runs the CLI when imported
      const fromBundle = (await import(pathToFileURL(join(bundle, `${output}.js`)).href)) as Record<string, unknown>;
      const fromDist = (await import(pathToFileURL(join(REPO_ROOT, input)).href)) as Record<string, unknown>;
      assert.deepEqual(Object.keys(fromBundle).sort(), Object.keys(fromDist).sort(), output);
    }
  });

  it('is what the package.json exports and the quorum binary point at', () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { main: string; exports: Record<string, { default?: string }> };
    assert.equal(manifest.main, `${BUNDLE_DIR}/index.js`);
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (target.default === undefined) continue;
      assert.ok(target.default.startsWith(`./${BUNDLE_DIR}/`), `${subpath} → ${target.default}`);
      assert.ok(existsSync(join(REPO_ROOT, target.default)), target.default);
    }
    const bin = readFileSync(join(REPO_ROOT, 'bin', 'quorum.js'), 'utf8');
    const imported = [...bin.matchAll(/import\('([^']+)'\)/g)].map((match) => match[1]);
    assert.deepEqual(imported, [`../${BUNDLE_DIR}/cli/heap-settings.js`, `../${BUNDLE_DIR}/cli/main.js`]);
  });
});
