import { ConfigError } from '../../spec/errors.js';
import type { Agent, ProtocolContext } from '../../spec/protocol.js';
import type { OcrReading } from '../../tools/ocr/ocr-line.js';
import type { DealogParams, DealogRole } from './dealog-params.js';
import type { EvidenceSources } from './evidence-sources.js';
import type { SharedLog } from './shared-log.js';

/** Reads text from an image (the OCR service, or a stand-in in tests). */
export interface OcrReader {
  read(image: string | Uint8Array): Promise<OcrReading>;
}

/**
 * What every DeALOG agent works with in one unit: the protocol context
 * (question, agents, seed, emit), the parameters, the shared log and the
 * question's sources, the OCR reader, and the position counter of the
 * round (the `position` of turn events).
 */
export class DealogEnv {
  readonly context: ProtocolContext;
  readonly params: DealogParams;
  readonly log: SharedLog;
  readonly sources: EvidenceSources;
  readonly ocr: OcrReader;
  readonly #positions = new Map<number, number>();

  constructor(context: ProtocolContext, params: DealogParams, log: SharedLog, sources: EvidenceSources, ocr: OcrReader) {
    this.context = context;
    this.params = params;
    this.log = log;
    this.sources = sources;
    this.ocr = ocr;
  }

  /** The agent playing a role (the runner names agents after the roles). */
  agent(role: DealogRole): Agent {
    const agent = this.context.agents.find((candidate) => candidate.name === role);
    if (agent === undefined) {
      throw new ConfigError(
        `protocol "dealog" needs an agent named ${role}; the run has ${this.context.agents.map((each) => each.name).join(', ')}`,
        'run dealog without --agents (the runner then creates one agent per role), or name five agents after the roles',
      );
    }
    return agent;
  }

  /** The next speaking position in a round (0-based). */
  nextPosition(round: number): number {
    const position = this.#positions.get(round) ?? 0;
    this.#positions.set(round, position + 1);
    return position;
  }
}
