import { ConfigError } from '../../spec/errors.js';
import type { ProtocolFactory } from '../registry.js';
import { EnsembleRefinementProtocol, ensembleRefinementParamsSchema } from './ensemble-refinement-protocol.js';
import { SELF_CONSISTENCY_ROLES } from './self-consistency-protocol.js';

const ACCEPTS = Object.keys(ensembleRefinementParamsSchema.shape);

/** Ensemble refinement (Singhal et al. 2023): k sampled paths, m refinements each conditioned on all of them, plurality of the refinements. */
export const ensembleRefinementProtocolFactory: ProtocolFactory = {
  name: 'ensemble-refinement',
  paperName: 'Ensemble refinement (Singhal et al. 2023, Med-PaLM 2)',
  description: 'baseline: one agent samples k reasoning paths (default 11), then writes m refinements (default 33) each conditioned on all paths; plurality vote of the refinements',
  roles: SELF_CONSISTENCY_ROLES,
  create: (options) => {
    const given = Object.fromEntries(Object.entries(options.overrides ?? {}).filter(([, value]) => value !== undefined));
    const unknown = Object.keys(given).filter((key) => !ACCEPTS.includes(key));
    if (unknown.length > 0) throw new ConfigError(`${unknown.join(', ')} ${unknown.length === 1 ? 'does' : 'do'} not apply to ensemble-refinement`, `ensemble-refinement takes ${ACCEPTS.join(', ')}`);
    return new EnsembleRefinementProtocol(given);
  },
};
