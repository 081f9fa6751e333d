import { setFlagsFromString } from 'node:v8';
import { commandNameOf } from './command-table.js';

/**
 * V8 garbage-collector settings of the commands that run experiments, set
 * by the `quorum` binary before the command's modules load.
 *
 * Why: on the 1,800-call `du` job, V8's defaults let the young generation
 * grow to 2 × 16 MB and the old generation to about 4 × its live size
 * before a full collection, while the live heap is ~20 MB (mostly the
 * loaded modules' code). Peak RSS was 133–141 MiB with these defaults and
 * 97–101 MiB with the two settings below (BENCHMARKS.md, "Issue 17,
 * 5 December: peak RSS").
 *
 * Why these two flags and not `--max-semi-space-size`: V8 sizes the young
 * generation's maximum when the process starts, so that flag only works on
 * node's command line (a shebang cannot carry it through `node
 * bin/quorum.js`, and `npx` or a global install would each need their own
 * way), but it reads these two each time it grows a space, so setting them
 * from the binary applies however quorum is started:
 * - `--semi-space-growth-factor=1` keeps the young generation at its
 *   initial size (1 MB semi-spaces on 64-bit node 20–22);
 * - `--heap-growing-percent=30` starts a full collection when the old
 *   generation has grown 30 % past what the last one kept alive.
 *
 * Only `run` and `demo`: the settings were measured on them. Commands that
 * read a whole large run into memory (`show`, `ui`, `audit`) would trade
 * CPU for memory differently and keep V8's defaults.
 */
export const EXPERIMENT_HEAP_FLAGS: readonly string[] = ['--semi-space-growth-factor=1', '--heap-growing-percent=30'];

/** The commands `EXPERIMENT_HEAP_FLAGS` apply to. */
const EXPERIMENT_COMMANDS = new Set(['run', 'demo']);

/**
 * Sets `EXPERIMENT_HEAP_FLAGS` when `argv` (a process's argv, node and
 * script first) runs an experiment command; returns the flags it set.
 * Call it before the command's modules are imported: the young generation
 * grows while they load. `setFlag` is V8's, replaced in tests.
 */
export function applyHeapSettings(argv: readonly string[], setFlag: (flag: string) => void = setFlagsFromString): readonly string[] {
  const command = commandNameOf(argv.slice(2));
  if (command === undefined || !EXPERIMENT_COMMANDS.has(command)) return [];
  for (const flag of EXPERIMENT_HEAP_FLAGS) setFlag(flag);
  return EXPERIMENT_HEAP_FLAGS;
}
