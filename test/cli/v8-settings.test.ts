import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { applyV8Settings, EXPERIMENT_V8_FLAGS, TIER_UP_BUDGET_FLAG, YOUNG_GENERATION_CAP_BYTES, YOUNG_GENERATION_FREEZE_FLAG } from '../../src/cli/v8-settings.js';
import { distMatchesSources } from '../../scripts/source-stamp.js';
import { quorumArgs, REPO_ROOT } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-v8-'));
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

const CAP_KB = YOUNG_GENERATION_CAP_BYTES >> 10;

/** A preload that logs each V8 flag set through `v8.setFlagsFromString`, and whether a run's store module was loaded by then. */
const flagLog = join(dir, 'flag-log.cjs');
writeFileSync(
  flagLog,
  "const v8 = require('node:v8'); const { syncBuiltinESMExports } = require('node:module'); const set = v8.setFlagsFromString;\n" +
    "v8.setFlagsFromString = (flag) => { const loaded = Object.keys(require.cache).some((file) => file.includes('better-sqlite3')); process.stderr.write(`\\nFLAG ${flag} ${loaded ? 'after' : 'before'}\\n`); set(flag); };\n" +
    'syncBuiltinESMExports();\n',
);

describe('V8 settings of the experiment commands', () => {
  it('sets the flags and the young generation cap for run and demo only', () => {
    for (const [args, expected] of [
      [['run', '--protocol', 'du'], true],
      [['demo', '--limit', '2'], true],
      [['help', 'run'], true],
      [['show', 'run-1'], false],
      [['ui'], false],
      [['--version'], false],
    ] as const) {
      const set: string[] = [];
      const caps: number[] = [];
      const reached: Array<() => void> = [];
      const applied = applyV8Settings(['node', 'quorum', ...args], {
        setFlag: (flag) => set.push(flag),
        watchYoungGeneration: (cap, then) => (caps.push(cap), reached.push(then)),
      });
      assert.deepEqual([...applied], expected ? [...EXPERIMENT_V8_FLAGS] : [], args.join(' '));
      assert.deepEqual(set, expected ? ['--heap-growing-percent=30', '--interrupt-budget=270336'] : [], args.join(' '));
      assert.deepEqual(caps, expected ? [8 * 1024 * 1024] : [], args.join(' '));
      // once the young generation has reached the cap, it stops growing
      for (const then of reached) then();
      assert.deepEqual(set, expected ? ['--heap-growing-percent=30', '--interrupt-budget=270336', YOUNG_GENERATION_FREEZE_FLAG] : [], args.join(' '));
    }
  });

  it('V8 reads them after start-up: the young generation grows to the cap and stops there', () => {
    // Allocates objects that survive scavenges (what makes V8 grow the young generation), with turns of the event
    // loop in between as a run has, so that the collector's reports reach the watcher.
    const churn =
      'const keep = []; for (let round = 0; round < 40; round++) { for (let i = 0; i < 20000; i++) { keep.push({ i, s: "x" + i }); if (keep.length > 100000) keep.splice(0, 20000); } await new Promise((resolve) => setImmediate(resolve)); }';
    const source = (argv: string) =>
      `import { applyV8Settings } from ${JSON.stringify(join(REPO_ROOT, 'src/cli/v8-settings.ts'))}; applyV8Settings(${argv}); ${churn}`;
    const withSettings = youngGenerationKb(['--import', 'tsx', '--input-type=module', '-e', source('["node", "quorum", "run"]')]);
    const without = youngGenerationKb(['--import', 'tsx', '--input-type=module', '-e', source('["node", "quorum", "show"]')]);
    assert.equal(withSettings, CAP_KB, `with the settings: ${withSettings} KB`);
    assert.ok(without > CAP_KB, `without the settings the young generation grows past the cap: ${without} KB`);
  });

  it('V8 reads the tier-up budget after start-up: a hot function is optimized 4 × later', () => {
    // How many calls of a small function V8 makes before TurboFan has optimized it. Compiling on the main thread
    // (--no-concurrent-recompilation) makes the count exact; `%GetOptimizationStatus` bit 6 = optimized by TurboFan
    // (V8's OptimizationStatus enum), read through `new Function` so that no transpiler parses V8's native syntax.
    const probe = (command: string) => {
      const source =
        `const { applyV8Settings } = await import(${JSON.stringify(join(REPO_ROOT, 'src/cli/v8-settings.ts'))}); applyV8Settings(['node', 'quorum', ${JSON.stringify(command)}]);` +
        "const status = new Function('f', 'return %GetOptimizationStatus(f)'); function work(x) { return ((x * 31) ^ (x >> 3)) % 97 + (x & 5); }" +
        'let calls = 0; for (; calls < 1_000_000; calls++) { work(calls); if (status(work) & 64) break; } console.log(calls);';
      const result = spawnSync(process.execPath, ['--import', 'tsx', '--allow-natives-syntax', '--no-concurrent-recompilation', '--input-type=module', '-e', source], { cwd: REPO_ROOT, encoding: 'utf8' });
      assert.equal(result.status, 0, result.stderr.slice(0, 500));
      return Number(result.stdout.trim());
    };
    const withBudget = probe('run');
    const withDefaults = probe('show');
    assert.ok(withDefaults > 0 && withDefaults < 1_000_000, `V8's defaults optimize it: ${withDefaults} calls`);
    // Expected 4 × (270,336 / 67,584, the flag over V8's default budget); the calls before the first budget check
    // (feedback allocation) are not scaled, hence the margin.
    const ratio = withBudget / withDefaults;
    assert.ok(ratio > 3.5 && ratio < 4.5, `${TIER_UP_BUDGET_FLAG}: ${withBudget} calls against ${withDefaults} (×${ratio.toFixed(2)})`);
  });

  it('the binary applies them before the command loads', () => {
    const binaries = [[...quorumArgs()]];
    // bin/quorum.js (the installed `quorum`) runs dist/; only when dist/ is built from these sources.
    if (distMatchesSources(REPO_ROOT)) binaries.push([join(REPO_ROOT, 'bin/quorum.js')]);
    for (const binary of binaries) {
      const probe = (args: readonly string[]) => {
        const result = spawnSync(process.execPath, ['--require', flagLog, '--import', preload, ...binary, ...args], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
        assert.equal(result.status, 0, result.stderr.slice(0, 500));
        const young = Number(/YOUNG (\d+)/.exec(result.stderr)?.[1]);
        return { flags: [...result.stderr.matchAll(/^FLAG (\S+) (\w+)$/gm)].map((match) => `${match[1]} ${match[2]}`), young };
      };
      const run = probe(['run', '--help']);
      // before: the run's modules (the store's better-sqlite3 among them) are not loaded yet; loading them may grow
      // the young generation to the cap, which then freezes it
      assert.deepEqual(run.flags.slice(0, 2), ['--heap-growing-percent=30 before', '--interrupt-budget=270336 before'], binary.join(' '));
      assert.deepEqual(run.flags.slice(2), run.young === CAP_KB ? [`${YOUNG_GENERATION_FREEZE_FLAG} after`] : [], binary.join(' '));
      assert.ok(run.young <= CAP_KB, `run: ${run.young} KB (${binary.join(' ')})`);
      assert.deepEqual(probe(['show', '--help']).flags, [], binary.join(' '));
    }
  });
});
