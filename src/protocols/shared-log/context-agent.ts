import type { Passage } from '../../spec/question.js';
import type { QuoteClaim } from '../../tools/provenance/check-quote.js';
import { callAgent, noAnswerTurn } from './agent-call.js';
import { focusBlock, sharedBlock, systemPrompt } from './role-prompts.js';
import { renderPassage } from '../render-question.js';
import { Specialist, type TurnState } from './specialist.js';

/**
 * The ContextAgent: posts QUOTE entries (exact text spans). Its tool
 * retrieves the BM25 top-k passages for the question plus the focus (the
 * first k passages when no word matches); its model copies spans; the log
 * checks each span against its passage. A missing item relates to the
 * passages when BM25 finds a passage for it.
 */
export class ContextAgent extends Specialist {
  readonly role = 'ContextAgent' as const;
  readonly modality = 'text' as const;

  protected hasSource(): boolean {
    return this.env.sources.passages.length > 0;
  }

  protected relates(missing: string): boolean {
    return this.env.sources.passageIndex().search(missing, 1).length > 0;
  }

  protected async contribute(turn: TurnState, focus: string | undefined): Promise<void> {
    const { context, params, sources, log } = this.env;
    const hits = sources.passageIndex().search([context.question.prompt, focus ?? ''].join(' '), params.passagesPerTurn);
    const byId = new Map(sources.passages.map((passage) => [passage.id, passage]));
    const retrieved: Array<{ passage: Passage; rank: number; score: number | null }> =
      hits.length > 0
        ? hits.map((hit) => ({ passage: byId.get(hit.id)!, rank: hit.rank, score: hit.score }))
        : sources.passages.slice(0, params.passagesPerTurn).map((passage, rank) => ({ passage, rank, score: null }));
    const rendered = retrieved.map(({ passage }) => renderPassage(passage)).join('\n\n');
    const shown = this.visibleEntries();
    const ids = retrieved.map(({ passage }) => passage.id);
    const { result, turn: ref } = await callAgent(this.env, {
      role: this.role,
      round: turn.round,
      shown,
      messages: [
        { role: 'system', content: systemPrompt(this.role) },
        { role: 'user', content: `${sharedBlock(context.question, shown)}${focusBlock(focus)}\n\nPassages (most relevant first):\n${rendered}\n\nReply with JSON {"quotes": [{"passage", "text"}]}.` },
      ],
      schema: {
        name: 'dealog_quote',
        schema: {
          type: 'object',
          additionalProperties: false,
          required: ['quotes'],
          properties: {
            quotes: {
              type: 'array',
              maxItems: Math.min(4, params.entriesPerTurn),
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['passage', 'text'],
                properties: { passage: { type: 'string', enum: ids }, text: { type: 'string', minLength: 1, maxLength: 300 } },
              },
            },
          },
        },
      },
      interpret: ({ json }) => {
        const quotes = readQuotes(json?.['quotes']).slice(0, params.entriesPerTurn);
        return { result: quotes, parsed: noAnswerTurn(quotes.map((quote) => `[${quote.passage}] ${quote.text}`).join('\n'), json === undefined ? 'failed' : 'json', json === undefined ? ['the reply is not a JSON object'] : []) };
      },
    });
    const known = new Set(log.accepted().filter((entry) => entry.type === 'QUOTE').map((entry) => `${String(entry.meta['passage'])}\u001f${entry.content}`));
    for (const quote of result) {
      if (known.has(`${quote.passage}\u001f${quote.text.trim()}`)) continue;
      const retrieval = retrieved.find((each) => each.passage.id === quote.passage);
      const extra = retrieval === undefined ? {} : { retrievalRank: retrieval.rank, retrievalScore: retrieval.score };
      const entry = log.propose({ round: turn.round, agent: this.role, turn: ref }, { type: 'QUOTE', claim: quote }, extra);
      if (entry.accepted) known.add(`${quote.passage}\u001f${entry.content}`);
    }
  }
}

function readQuotes(value: unknown): QuoteClaim[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): QuoteClaim[] => {
    if (item === null || typeof item !== 'object') return [];
    const { passage, text } = item as Record<string, unknown>;
    return typeof passage === 'string' && typeof text === 'string' ? [{ passage, text }] : [];
  });
}
