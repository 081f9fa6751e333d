import type { ProtocolFactory, ProtocolOptions } from '../registry.js';
import { baselineParams } from './baseline-params.js';
import { REACT_TABLE_ROLES, ReactTableProtocol } from './react-table-protocol.js';

/** ReAcTable (Zhang et al. 2024): a ReAct loop of SQL steps over the table, then an answer; `--rounds` is its iteration limit. */
const factory = {
  name: 'react-table',
  paperName: 'ReAcTable (Zhang et al. 2024)',
  description: 'baseline: one agent alternates SQL queries over the table (run by SQLite; each result is the next table it sees) and answers; --rounds caps the model calls (default 5)',
  roles: REACT_TABLE_ROLES,
  create: (options: ProtocolOptions) => {
    const { maxRounds } = baselineParams('react-table', options.overrides ?? {}, ['maxRounds']);
    return new ReactTableProtocol(maxRounds === undefined ? {} : { maxIterations: maxRounds });
  },
  // rebuilds a stored run on a queue worker from its recorded parameters
  fromParams: (params: Readonly<Record<string, unknown>>) => new ReactTableProtocol({ ...params }),
};

/** The registry entry, through a variable so that `fromParams` (the queue-rebuild hook of the generalised registry) passes the excess-property check where `ProtocolFactory` does not declare it yet. */
export const reactTableProtocolFactory: ProtocolFactory = factory;
