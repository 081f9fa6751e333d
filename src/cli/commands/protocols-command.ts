import { Command } from '@commander-js/extra-typings';
import { listProtocols } from '../../protocols/registry.js';
import { formatCatalog } from '../catalog-table.js';

/** `quorum protocols`: every registered protocol, one line each. */
export function protocolsCommand() {
  return new Command('protocols')
    .description('list the protocols --protocol accepts, with their paper names')
    .option('--json', 'print JSON')
    .action((options) => {
      const rows = listProtocols().map((factory) => ({ name: factory.name, paper: factory.paperName, description: factory.description, ...(factory.roles === undefined ? {} : { roles: [...factory.roles] }) }));
      process.stdout.write(options.json === true ? `${JSON.stringify(rows)}\n` : formatCatalog(rows));
    });
}
