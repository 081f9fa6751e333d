import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { commandNameOf } from './command-table.js';

/**
 * V8 settings of the commands that run experiments (garbage collection and
 * when functions are optimized), set by the `quorum` binary before the
 * command's modules load.
 *
 * Garbage collection. Why: on the 1,800-call `du` job, V8's defaults let the young generation
 * grow to 2 × 16 MB and the old generation to about 4 × its live size
 * before a full collection, while the live heap is ~20 MB (mostly the
 * loaded modules' code). Peak RSS was 133–141 MiB with these defaults
 * (BENCHMARKS.md, "Issue 17, 5 December: peak RSS").
 *
 * - `--heap-growing-percent=30` starts a full collection when the old
 *   generation has grown 30 % past what the last one kept alive.
 * - The young generation may grow to `YOUNG_GENERATION_CAP_BYTES` (8 MB of
 *   new space), then stops growing (`--semi-space-growth-factor=1`, set
 *   after the first collection that leaves it that large). Keeping it at
 *   its initial 1 MB, as on 5 December, held RSS too but cost the job
 *   12 % more CPU at 0 ms (scavenges every 1 MB of allocation); 8 MB
 *   keeps most of that CPU and peak RSS under 100 MiB (BENCHMARKS.md,
 *   "Issue 17, 6 December: the young generation").
 *
 * Why not `--max-semi-space-size`: V8 sizes the young generation's maximum
 * when the process starts, so that flag only works on node's command line
 * (a shebang cannot carry it through `node bin/quorum.js`, and `npx` or a
 * global install would each need their own way), but V8 reads these two
 * each time it grows a space, so setting them from the binary applies
 * however quorum is started.
 *
 * Tier-up. `--interrupt-budget` (`TIER_UP_BUDGET_FLAG`) makes V8 wait for
 * 4 × as much bytecode to run in a function (V8's default budget is 67,584)
 * before it considers optimizing it with TurboFan. Why: a run spends most of
 * its CPU in code that runs a few thousand times (a request, a turn, a
 * commit), and TurboFan compiled ~190 such functions on the peers' 1,800-call
 * job: 0.58–0.61 s of CPU on V8's background threads against 1.06 s on the
 * main thread (perf, one run each), on a machine whose two cores the model
 * server shares. With the larger budget, built trees interleaved:
 * whole-process CPU ×0.75 and wall ×0.88 on that job, wall ×0.98 on a
 * 9,000-call job whose hot code gets optimized all the same (BENCHMARKS.md,
 * "Issue 17, 6 December: when V8 optimizes"). V8 reads the flag each time it
 * resets a function's budget, so setting it from the binary applies.
 *
 * Only `run` and `demo`: the settings were measured on them. Commands that
 * read a whole large run into memory (`show`, `ui`, `audit`) would trade
 * CPU for memory differently and keep V8's defaults.
 */
/** `--interrupt-budget`: 4 × V8's default of 67,584 (node 20). */
export const TIER_UP_BUDGET_FLAG = '--interrupt-budget=270336';

/** The flags `applyV8Settings` sets at once for an experiment command. */
export const EXPERIMENT_V8_FLAGS: readonly string[] = ['--heap-growing-percent=30', TIER_UP_BUDGET_FLAG];

/** Where the young generation stops growing: V8's new space, as `v8.getHeapSpaceStatistics()` reports its size. */
export const YOUNG_GENERATION_CAP_BYTES = 8 * 1024 * 1024;

/** What stops the young generation growing from its present size. */
export const YOUNG_GENERATION_FREEZE_FLAG = '--semi-space-growth-factor=1';

/** The commands `EXPERIMENT_V8_FLAGS` apply to. */
const EXPERIMENT_COMMANDS = new Set(['run', 'demo']);

/** What `applyV8Settings` uses from V8, replaced in tests. */
export interface V8Controls {
  setFlag: (flag: string) => void;
  /** Calls `reached` once the young generation has grown to `cap` bytes. */
  watchYoungGeneration: (cap: number, reached: () => void) => void;
}

const V8_CONTROLS: V8Controls = { setFlag: setFlagsFromString, watchYoungGeneration };

/**
 * Sets `EXPERIMENT_V8_FLAGS`, and the young generation's cap, when `argv`
 * (a process's argv, node and script first) runs an experiment command;
 * returns the flags it set at once. Call it before the command's modules
 * are imported: the young generation grows while they load.
 */
export function applyV8Settings(argv: readonly string[], controls: V8Controls = V8_CONTROLS): readonly string[] {
  const command = commandNameOf(argv.slice(2));
  if (command === undefined || !EXPERIMENT_COMMANDS.has(command)) return [];
  for (const flag of EXPERIMENT_V8_FLAGS) controls.setFlag(flag);
  controls.watchYoungGeneration(YOUNG_GENERATION_CAP_BYTES, () => controls.setFlag(YOUNG_GENERATION_FREEZE_FLAG));
  return EXPERIMENT_V8_FLAGS;
}

/**
 * Calls `reached` once, after the first garbage collection that leaves
 * V8's new space at `cap` bytes or more, and stops watching. V8 grows the
 * young generation only in a collection (doubling it), and node reports
 * each collection to a `gc` observer soon after it, before the next one can
 * grow it again unless a long synchronous stretch allocates the whole new
 * space first. The observer does not keep the process alive.
 */
export function watchYoungGeneration(cap: number, reached: () => void): void {
  const observer = new PerformanceObserver(() => {
    const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
    if (young === undefined || young.space_size < cap) return;
    observer.disconnect();
    reached();
  });
  observer.observe({ entryTypes: ['gc'] });
}
