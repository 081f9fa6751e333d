import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { applyHeapSettings, EXPERIMENT_HEAP_FLAGS } from '../../src/cli/heap-settings.js';
import { distMatchesSources } from '../../scripts/source-stamp.js';
import { quorumArgs, REPO_ROOT } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-heap-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A preload that prints the young generation's size (KB) when the process exits. */
const preload = join(dir, 'young-generation.mjs');
writeFileSync(
  preload,
  "import v8 from 'node:v8';\nprocess.on('exit', () => { const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space'); process.stderr.write(`\\nYOUNG ${space.space_size >> 10}\\n`); });\n",
);

/** The young generation's size (KB) at the exit of `node --import <preload> <args>`. */
function youngGenerationKb(args: readonly string[]): number {
  const result = spawnSync(process.execPath, ['--import', preload, ...args], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const match = /YOUNG (\d+)/.exec(result.stderr);
  assert.ok(match, `no size reported (exit ${result.status}): ${result.stderr.slice(0, 500)}`);
  return Number(match[1]);
}

// V8's initial young generation on 64-bit node is 2 × 1 MB; tsx's own loading (when the test runs the sources) may
// double it once before quorum's code runs. Left alone it doubles on while quorum's modules load (2 × 8–16 MB).
const SMALL_YOUNG_KB = 4096;
const GROWN_YOUNG_KB = 8192;

describe('heap settings of the experiment commands', () => {
  it('sets the flags for run and demo only', () => {
    for (const [args, expected] of [
      [['run', '--protocol', 'du'], EXPERIMENT_HEAP_FLAGS],
      [['demo', '--limit', '2'], EXPERIMENT_HEAP_FLAGS],
      [['help', 'run'], EXPERIMENT_HEAP_FLAGS],
      [['show', 'run-1'], []],
      [['ui'], []],
      [['--version'], []],
    ] as const) {
      const set: string[] = [];
      const applied = applyHeapSettings(['node', 'quorum', ...args], (flag) => set.push(flag));
      assert.deepEqual(set, [...expected], args.join(' '));
      assert.deepEqual([...applied], [...expected], args.join(' '));
    }
  });

  it('V8 still reads the flags after start-up: the young generation keeps its initial size', () => {
    // Allocates objects that survive scavenges, which is what makes V8 grow the young generation.
    const churn = 'const keep = []; for (let i = 0; i < 300000; i++) { keep.push({ i, s: "x" + i }); if (keep.length > 50000) keep.splice(0, 10000); }';
    const source = (argv: string) =>
      `import { applyHeapSettings } from ${JSON.stringify(join(REPO_ROOT, 'src/cli/heap-settings.ts'))}; applyHeapSettings(${argv}); ${churn}`;
    const withSettings = youngGenerationKb(['--import', 'tsx', '--input-type=module', '-e', source('["node", "quorum", "run"]')]);
    const without = youngGenerationKb(['--import', 'tsx', '--input-type=module', '-e', source('["node", "quorum", "show"]')]);
    assert.ok(withSettings <= SMALL_YOUNG_KB, `with the settings: ${withSettings} KB`);
    assert.ok(without >= GROWN_YOUNG_KB, `without the settings the young generation grows: ${without} KB`);
  });

  it('the binary applies them before the command loads', () => {
    const binaries = [[...quorumArgs()]];
    // bin/quorum.js (the installed `quorum`) runs dist/; only when dist/ is built from these sources.
    if (distMatchesSources(REPO_ROOT)) binaries.push([join(REPO_ROOT, 'bin/quorum.js')]);
    for (const binary of binaries) {
      const run = youngGenerationKb([...binary, 'run', '--help']);
      assert.ok(run <= SMALL_YOUNG_KB, `run: ${run} KB (${binary.join(' ')})`);
      // That other commands keep V8's defaults is checked above (applyHeapSettings sets nothing for them, and V8
      // grows the young generation without the settings): `show --help` now loads too little to grow it either way.
    }
  });
});
