import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { findPackageRoot, PACKAGE_MANIFEST, PACKAGE_ROOT } from '../../src/package-root.js';
import { REPO_ROOT } from '../helpers/cli.js';

describe('findPackageRoot', () => {
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

  it("finds quorum's folder from src/, dist/ and a chunk of the CLI bundle alike", () => {
    for (const module of ['src/version.ts', 'dist/store/sqlite-trace-store.js', 'dist/bundle/chunks/chunk-ABC.js']) {
      const found = findPackageRoot(pathToFileURL(join(REPO_ROOT, module)).href);
      assert.equal(join(found.root, '/'), join(REPO_ROOT, '/'), module);
      assert.equal(found.manifest.version, manifest.version, module);
    }
    assert.equal(join(PACKAGE_ROOT, '/'), join(REPO_ROOT, '/'));
    assert.deepEqual({ name: PACKAGE_MANIFEST.name, version: PACKAGE_MANIFEST.version }, { name: 'quorum', version: manifest.version });
  });

  it('names the module it started from when no package.json above it is quorum', () => {
    const outside = join(tmpdir(), 'somewhere', 'module.js');
    assert.throws(() => findPackageRoot(pathToFileURL(outside).href), (error: Error) => error.message.includes(outside) && error.message.includes("quorum's package.json"));
  });
});
