import { Command } from '@commander-js/extra-typings';
import { DATASETS } from '../../datasets/registry.js';
import { loadPlugins } from '../../runner/load-plugin.js';
import { formatCatalog } from '../catalog-table.js';
import { collectFlag } from '../parse-flags.js';

/** `quorum datasets`: every dataset format, one line each; `--plugin` files are loaded first, so their datasets are listed too. */
export function datasetsCommand() {
  return new Command('datasets')
    .description('list the dataset formats --dataset accepts, with the papers they come from (docs/datasets.md)')
    .option('--plugin <file>', 'load a plugin module first and list its datasets too (repeatable)', collectFlag)
    .option('--json', 'print JSON')
    .action(async (options) => {
      const plugins = await loadPlugins(options.plugin ?? []);
      const from = new Map(plugins.flatMap((plugin) => plugin.datasets.map((name) => [name, plugin.file] as const)));
      const rows = [...DATASETS.values()].map((loader) => ({
        name: loader.name,
        paper: loader.paper ?? (from.has(loader.name) ? '' : "quorum's own format"),
        description: from.has(loader.name) ? `${loader.description} (plugin ${from.get(loader.name)})` : loader.description,
        ...(from.has(loader.name) ? { plugin: from.get(loader.name)! } : {}),
      }));
      process.stdout.write(options.json === true ? `${JSON.stringify(rows)}\n` : formatCatalog(rows));
    });
}
