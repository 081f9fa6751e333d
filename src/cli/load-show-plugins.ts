import type { RunRecord } from '../spec/store.js';
import { describeError } from '../spec/errors.js';

/**
 * Loads the plugins whose metrics `show` computes: the `--plugin` files when
 * given (a file that does not load is an error, as everywhere), else the
 * files the run recorded (`config.plugins`, absolute paths). A recorded file
 * that no longer loads — moved, or on another machine — does not stop
 * `show`: the built-in metrics are still printed, and the returned notes say
 * which plugin is missing and how to name it. Loaded only when there is a
 * plugin, so `show` on other runs does not pay for the registries.
 */
export async function loadShowPlugins(run: RunRecord, given: readonly string[] | undefined): Promise<string[]> {
  const recorded = run.config.plugins ?? [];
  if (given === undefined && recorded.length === 0) return [];
  const { loadPlugin, loadPlugins } = await import('../runner/load-plugin.js');
  if (given !== undefined) {
    await loadPlugins(given);
    return [];
  }
  const unavailable: string[] = [];
  for (const file of recorded) {
    try {
      await loadPlugin(file);
    } catch (error) {
      unavailable.push(`${describeError(error).message}; its metrics are missing (pass --plugin <file> with the file's path on this machine)`);
    }
  }
  return unavailable;
}
