import { Command } from '@commander-js/extra-typings';
import { DATASETS } from '../../datasets/registry.js';
import { formatCatalog } from '../catalog-table.js';

/** `quorum datasets`: every dataset format, one line each. */
export function datasetsCommand() {
  return new Command('datasets')
    .description('list the dataset formats --dataset accepts, with the papers they come from (docs/datasets.md)')
    .option('--json', 'print JSON')
    .action((options) => {
      const rows = [...DATASETS.values()].map((loader) => ({ name: loader.name, paper: loader.paper ?? "quorum's own format", description: loader.description }));
      process.stdout.write(options.json === true ? `${JSON.stringify(rows)}\n` : formatCatalog(rows));
    });
}
