import { Command } from '@commander-js/extra-typings';
import { listProtocols } from '../../protocols/registry.js';
import { loadPlugins } from '../../runner/load-plugin.js';
import { formatCatalog } from '../catalog-table.js';
import { collectFlag } from '../parse-flags.js';

/** `quorum protocols`: every registered protocol, one line each; `--plugin` files are loaded first, so their protocols are listed too. */
export function protocolsCommand() {
  return new Command('protocols')
    .description('list the protocols --protocol accepts, with their paper names')
    .option('--plugin <file>', 'load a plugin module first and list its protocols too (repeatable)', collectFlag)
    .option('--json', 'print JSON')
    .action(async (options) => {
      const plugins = await loadPlugins(options.plugin ?? []);
      const from = new Map(plugins.flatMap((plugin) => plugin.protocols.map((name) => [name, plugin.file] as const)));
      const rows = listProtocols().map((factory) => ({
        name: factory.name,
        paper: factory.paperName,
        description: from.has(factory.name) ? `${factory.description} (plugin ${from.get(factory.name)})` : factory.description,
        ...(factory.roles === undefined ? {} : { roles: [...factory.roles] }),
        ...(from.has(factory.name) ? { plugin: from.get(factory.name)! } : {}),
      }));
      process.stdout.write(options.json === true ? `${JSON.stringify(rows)}\n` : formatCatalog(rows));
    });
}
