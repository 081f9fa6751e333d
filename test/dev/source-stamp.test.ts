/**
 * The build stamp that lets the CLI tests run the built dist/ instead of the
 * sources through tsx: a stamp is only ever written at the end of a build
 * that saw no change to the sources, and any later change to them (edit,
 * new file, deleted or renamed file, build config) makes the tests fall back
 * to the sources.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, beforeEach, describe, it } from 'node:test';
import { beginBuild, distMatchesSources, endBuild, STAMP_FILE } from '../../scripts/source-stamp.js';
import { cliArgs, REPO_ROOT } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-source-stamp-'));
after(() => rmSync(dir, { recursive: true, force: true }));

let root: string;
let count = 0;
beforeEach(() => {
  root = join(dir, `tree-${count++}`);
  mkdirSync(join(root, 'src/cli'), { recursive: true });
  mkdirSync(join(root, 'dist/cli'), { recursive: true });
  writeFileSync(join(root, 'src/cli/bin.ts'), "import { main } from './main.js';\n");
  writeFileSync(join(root, 'src/cli/main.ts'), 'export async function main() {}\n');
  writeFileSync(join(root, 'tsconfig.json'), '{}\n');
  writeFileSync(join(root, 'tsconfig.build.json'), '{}\n');
  mkdirSync(join(root, 'scripts'));
  writeFileSync(join(root, 'scripts/bundle.ts'), '// bundler\n');
});

/** A whole build: begin, (compile), end. */
function build(): boolean {
  beginBuild(root);
  return endBuild(root);
}

const usesDist = () => cliArgs(root)[0] === join(root, 'dist/bundle/cli/bin.js');
const usesSources = () => cliArgs(root).join(' ') === `--import tsx ${join(root, 'src/cli/bin.ts')}`;

describe('source stamp', () => {
  it('a finished build stamps dist/, and the tests then run the bundle, dist/bundle/cli/bin.js', () => {
    assert.ok(usesSources(), 'never built: the sources');
    assert.equal(build(), true);
    assert.ok(existsSync(join(root, STAMP_FILE)));
    assert.equal(distMatchesSources(root), true);
    assert.ok(usesDist());
    assert.deepEqual(cliArgs(root), [join(root, 'dist/bundle/cli/bin.js')]);
  });

  it('any change to the sources after the build makes dist/ stale: edit, new file, deleted file, renamed file, build config, bundler script', () => {
    build();
    const changes: Array<[string, () => void, () => void]> = [
      ['edited', () => writeFileSync(join(root, 'src/cli/main.ts'), 'export async function main() { return 1; }\n'), () => writeFileSync(join(root, 'src/cli/main.ts'), 'export async function main() {}\n')],
      ['added', () => writeFileSync(join(root, 'src/cli/new.ts'), ''), () => rmSync(join(root, 'src/cli/new.ts'))],
      ['deleted', () => rmSync(join(root, 'src/cli/main.ts')), () => writeFileSync(join(root, 'src/cli/main.ts'), 'export async function main() {}\n')],
      ['renamed', () => renameSync(join(root, 'src/cli/main.ts'), join(root, 'src/cli/main2.ts')), () => renameSync(join(root, 'src/cli/main2.ts'), join(root, 'src/cli/main.ts'))],
      ['tsconfig.build.json', () => writeFileSync(join(root, 'tsconfig.build.json'), '{"compilerOptions":{}}\n'), () => writeFileSync(join(root, 'tsconfig.build.json'), '{}\n')],
      ['tsconfig.json', () => writeFileSync(join(root, 'tsconfig.json'), '{ }\n'), () => writeFileSync(join(root, 'tsconfig.json'), '{}\n')],
      ['scripts/bundle.ts', () => writeFileSync(join(root, 'scripts/bundle.ts'), '// bundler, changed\n'), () => writeFileSync(join(root, 'scripts/bundle.ts'), '// bundler\n')],
    ];
    for (const [what, change, undo] of changes) {
      change();
      assert.equal(distMatchesSources(root), false, `${what}: stale`);
      assert.ok(usesSources(), `${what}: the sources run`);
      undo();
      assert.equal(distMatchesSources(root), true, `${what} undone: the build matches again`);
    }
  });

  it('a fresh clone, with no dist/ yet, begins and ends a build and is stamped', () => {
    rmSync(join(root, 'dist'), { recursive: true, force: true });
    beginBuild(root); // failed with ENOENT on a fresh clone before dist/ was created here
    mkdirSync(join(root, 'dist/cli'), { recursive: true }); // what tsc writes
    assert.equal(endBuild(root), true);
    assert.equal(existsSync(join(root, STAMP_FILE)), true);
  });

  it('a build that fails or is interrupted leaves no stamp, even where an earlier build left one', () => {
    build();
    writeFileSync(join(root, 'src/cli/main.ts'), 'export async function main(): number {}\n');
    beginBuild(root); // tsc fails here: the build never reaches its end
    assert.equal(existsSync(join(root, STAMP_FILE)), false);
    assert.ok(usesSources());
  });

  it('sources edited while the build ran: no stamp', () => {
    beginBuild(root);
    writeFileSync(join(root, 'src/cli/main.ts'), 'export async function main() { /* saved mid-build */ }\n');
    assert.equal(endBuild(root), false);
    assert.equal(existsSync(join(root, STAMP_FILE)), false);
    assert.ok(usesSources());
  });

  it('a stamp that is not JSON or has no hash counts as no stamp', () => {
    build();
    writeFileSync(join(root, STAMP_FILE), 'not json');
    assert.ok(usesSources());
    writeFileSync(join(root, STAMP_FILE), '{}');
    assert.ok(usesSources());
  });

  it('`npm run build` begins the stamp after writing the code fingerprint (which edits src/) and ends it after the last build step', () => {
    const steps = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { build: string } }).scripts.build.split(' && ');
    assert.equal(steps[0], 'node --import tsx scripts/code-fingerprint.ts');
    assert.equal(steps[1], 'node --import tsx scripts/source-stamp.ts begin');
    assert.equal(steps.at(-1), 'node --import tsx scripts/source-stamp.ts end');
  });
});
