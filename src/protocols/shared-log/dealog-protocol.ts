import type { Protocol, ProtocolContext } from '../../spec/protocol.js';
import { sharedOcrService } from '../../tools/ocr/ocr-service.js';
import { ContextAgent } from './context-agent.js';
import { DealogEnv, type OcrReader } from './dealog-env.js';
import { DEALOG_ROLES, type DealogParams, resolveDealogParams } from './dealog-params.js';
import { EvidenceSources } from './evidence-sources.js';
import { chooseFinalAnswer } from './final-answer.js';
import { type DecisionObserver, runScheduler } from './scheduler.js';
import { SharedLog } from './shared-log.js';
import { SummarizingAgent } from './summarizing-agent.js';
import { TableAgent } from './table-agent.js';
import { VerificationAgent } from './verification-agent.js';
import { VisualAgent } from './visual-agent.js';

/** What the DeALOG protocol is built from besides its parameters. */
export interface DealogOptions {
  /** OCR for the VisualAgent (default: the process-wide worker-thread service). */
  ocr?: OcrReader;
  /** Sees every shouldAct decision. */
  observe?: DecisionObserver;
}

/**
 * DeALOG (DESIGN §5): five agents named after their roles coordinate only
 * through a provenance-checked shared log; `runScheduler` gives the turns.
 * Emits `turn` events (every model call), `log-entry` events (every entry,
 * rejected ones too), `verify` events and one `final` event: the latest
 * verified ANSWER, else the latest ANSWER.
 */
export class DealogProtocol implements Protocol {
  readonly name = 'dealog';
  readonly params: DealogParams;
  readonly needsJudge = false;
  readonly #options: DealogOptions;

  constructor(params: Record<string, unknown> = {}, options: DealogOptions = {}) {
    this.params = resolveDealogParams(params);
    this.#options = options;
  }

  async run(context: ProtocolContext): Promise<void> {
    const { question } = context;
    const sources = new EvidenceSources(question, this.params.quoteMatch);
    const log = new SharedLog(sources, (event) => context.emit(event));
    const env = new DealogEnv(context, this.params, log, sources, this.#options.ocr ?? sharedOcrService());
    for (const role of DEALOG_ROLES) env.agent(role);
    const outcome = await runScheduler(
      env,
      { specialists: [new TableAgent(env), new ContextAgent(env), new VisualAgent(env)], summariser: new SummarizingAgent(env), verifier: new VerificationAgent(env) },
      this.#options.observe,
    );
    const choice = chooseFinalAnswer(log.entries, question);
    context.emit({
      type: 'final',
      answer: choice.answer,
      aggregate: choice.aggregate,
      roundsRun: outcome.roundsRun,
      stoppedEarly: outcome.roundsRun < this.params.maxRounds,
    });
  }
}
