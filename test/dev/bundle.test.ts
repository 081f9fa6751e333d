/**
 * The CLI bundle (scripts/bundle.ts): what the `quorum` binary and
 * `import … from 'quorum'` run. Needs a built dist/ whose stamp matches the
 * sources (npm ci builds it); skipped otherwise, like every test of dist/.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { BUNDLE_DIR, BUNDLE_ENTRIES, BUNDLE_LICENSES_FILE, BUNDLE_MODULES_FILE, BUNDLED_PACKAGES, packageOf } from '../../scripts/bundle.js';
import { distMatchesSources } from '../../scripts/source-stamp.js';
import { REPO_ROOT } from '../helpers/cli.js';

const built = distMatchesSources(REPO_ROOT);

describe('packageOf', () => {
  it('names the package of a bare specifier, and none for paths, built-ins and subpath imports', () => {
    assert.equal(packageOf('zod'), 'zod');
    assert.equal(packageOf('zod/v4/core'), 'zod');
    assert.equal(packageOf('@commander-js/extra-typings'), '@commander-js/extra-typings');
    assert.equal(packageOf('@hono/node-server/serve-static'), '@hono/node-server');
    for (const specifier of ['./a.js', '../b.js', '/abs/c.js', 'node:fs', '#internal', 'C:\\x\\y.js']) assert.equal(packageOf(specifier), undefined, specifier);
  });
});
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

  it('carries the bundled dependencies (zod, commander) inside, once, with their licences; imports every other one from node_modules', () => {
    const outputs = Object.entries(modules());
    for (const name of BUNDLED_PACKAGES) {
      const holders = outputs.filter(([, inputs]) => inputs.some((input) => `/${input}`.includes(`/node_modules/${name}/`)));
      assert.ok(holders.length > 0, `${name} is not in the bundle`);
      const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
      const licence = readFileSync(join(REPO_ROOT, 'node_modules', name, readdirSync(join(REPO_ROOT, 'node_modules', name)).find((file) => /^licen[cs]e/i.test(file))!), 'utf8').trim();
      const shipped = readFileSync(join(bundle, BUNDLE_LICENSES_FILE), 'utf8');
      assert.ok(shipped.includes(`${name} ${manifest.version}`) && shipped.includes(licence), `${name}'s licence is not beside the bundle`);
    }
    const imported = new Set<string>();
    for (const [output] of outputs) {
      for (const match of readFileSync(join(bundle, output), 'utf8').matchAll(/(?:from|import\()\s*"([^"]+)"/g)) imported.add(packageOf(match[1]!) ?? '');
    }
    for (const name of BUNDLED_PACKAGES) assert.ok(!imported.has(name), `the bundle imports ${name} from node_modules`);
    assert.ok(imported.has('better-sqlite3') && imported.has('p-limit'), 'the other dependencies stay external');
  });

  it("carries zod's English messages only, and a plugin's own zod keeps every locale", () => {
    // scripts/bundle.ts (zodEnglishOnly): of node_modules/zod/v4/locales/, only en.js is bundled
    const locales = Object.values(modules())
      .flat()
      .filter((input) => /node_modules\/zod\/v4\/locales\//.test(input));
    assert.deepEqual(locales, ['node_modules/zod/v4/locales/en.js']);
    assert.equal(typeof z.locales.fr, 'function');
    assert.equal(typeof z.locales.en, 'function');
  });

  it("works with a plugin's own zod: its schemas as protocol parameters, quorum's schemas inside its own, instanceof both ways", async () => {
    const quorum = (await import(pathToFileURL(join(bundle, 'index.js')).href)) as typeof import('../../src/index.js');
    const counting = quorum.defineProtocol({ name: 'bundle-zod', description: 'x', params: z.strictObject({ rounds: z.number().int().min(1).default(2) }), async run() {} });
    assert.deepEqual(counting.create({ overrides: {} }).params, { rounds: 2 });
    assert.deepEqual(counting.fromParams({ rounds: 5 }).params, { rounds: 5 });
    assert.throws(
      () => counting.create({ overrides: { rounds: 0 } }),
      (error: unknown) => error instanceof quorum.ConfigError && /rounds: Too small: expected number to be >=1/.test(error.message),
    );
    // quorum's question schema (its bundled zod) inside a plugin's object (node_modules' zod)
    assert.ok(quorum.questionSchema instanceof z.ZodType && quorum.questionSchema instanceof z.ZodObject);
    const wrapped = z.object({ question: quorum.questionSchema, weight: z.number() });
    const question = { id: 'q1', prompt: 'Two plus two?', gold: { kind: 'number', value: 4 } };
    assert.deepEqual(wrapped.parse({ question, weight: 1 }).question, quorum.questionSchema.parse(question));
    const failed = wrapped.safeParse({ question: { id: 'q1' }, weight: 1 });
    assert.ok(!failed.success && failed.error instanceof z.ZodError && failed.error.issues.some((issue) => issue.path.join('.') === 'question.prompt'));
    const jsonSchema = z.toJSONSchema(wrapped);
    assert.deepEqual(Object.keys(jsonSchema.properties ?? {}), ['question', 'weight']);
    assert.match(JSON.stringify(jsonSchema.properties?.['question']), /"required":\["id","prompt","gold"\]/);
  });

  it('loads a plugin file that imports zod itself and runs its protocol through the CLI bundle', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quorum-bundle-zod-'));
    try {
      const quorum = (await import(pathToFileURL(join(bundle, 'index.js')).href)) as typeof import('../../src/index.js');
      const file = join(dir, 'plugin.mjs');
      writeFileSync(
        file,
        `import { z } from '${import.meta.resolve('zod')}';\nimport { defineProtocol } from '${pathToFileURL(join(bundle, 'index.js')).href}';\nexport default defineProtocol({ name: 'bundle-zod-file', description: 'x', params: z.object({ times: z.number().int().default(3) }), async run() {} });\n`,
      );
      const plugin = await quorum.loadPlugin(file);
      assert.deepEqual(plugin.protocols, ['bundle-zod-file']);
      assert.deepEqual(quorum.getProtocolFactory('bundle-zod-file').create({ overrides: { times: 4 } }).params, { times: 4 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
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
    assert.deepEqual(imported, [`../${BUNDLE_DIR}/cli/v8-settings.js`, `../${BUNDLE_DIR}/cli/main.js`]);
  });
});
