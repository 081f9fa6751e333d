import type { ProtocolFactory } from '../registry.js';
import { baselineParams } from './baseline-params.js';
import { REACT_TABLE_ROLES, ReactTableProtocol } from './react-table-protocol.js';

/** ReAcTable (Zhang et al. 2024): a ReAct loop of SQL steps over the table, then an answer; `--rounds` is its iteration limit. */
export const reactTableProtocolFactory: ProtocolFactory = {
  name: 'react-table',
  paperName: 'ReAcTable (Zhang et al. 2024)',
  description: 'baseline: one agent alternates SQL queries over the table (run by SQLite; each result is the next table it sees) and answers; --rounds caps the model calls (default 5)',
  roles: REACT_TABLE_ROLES,
  create: (options) => {
    const { maxRounds } = baselineParams('react-table', options.overrides ?? {}, ['maxRounds']);
    return new ReactTableProtocol(maxRounds === undefined ? {} : { maxIterations: maxRounds });
  },
};
