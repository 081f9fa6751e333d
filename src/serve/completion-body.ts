import type { ServedAnswer } from './served-answer.js';

/** The `usage` object of OpenAI's chat completion, from the unit's summed token counts. */
export function usageBody(answer: ServedAnswer) {
  const { promptTokens, completionTokens, cachedPromptTokens } = answer.usage;
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: cachedPromptTokens },
  };
}

/**
 * The `quorum` extension field: where the unit is stored and how the answer
 * came about (each agent's turns, the agreement set). OpenAI clients ignore
 * unknown fields; a harness that keeps raw responses keeps this too.
 */
export function quorumField(answer: ServedAnswer) {
  return {
    run_id: answer.runId,
    unit_id: answer.unitId,
    question_id: answer.questionId,
    protocol: answer.preset,
    answer_status: answer.answer.status,
    agreement: answer.agreement,
    rounds_run: answer.roundsRun,
    calls: answer.calls,
    cost_usd: answer.costUsd,
    turns: answer.turns,
  };
}

/** A non-streaming chat completion. */
export function completionBody(id: string, created: number, answer: ServedAnswer) {
  return {
    id,
    object: 'chat.completion' as const,
    created,
    model: answer.preset,
    choices: [{ index: 0, message: { role: 'assistant' as const, content: answer.content, refusal: null }, logprobs: null, finish_reason: 'stop' as const }],
    usage: usageBody(answer),
    quorum: quorumField(answer),
  };
}

/** One `chat.completion.chunk` of a stream. */
export function chunkBody(id: string, created: number, model: string, delta: { role?: 'assistant'; content?: string }, finishReason: 'stop' | null = null) {
  return { id, object: 'chat.completion.chunk' as const, created, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] };
}

/** Splits the answer into stream pieces at word boundaries (whitespace kept), so that the pieces join to exactly the answer. */
export function contentPieces(content: string): string[] {
  return content.match(/\s*\S+/g)?.map((piece, index, all) => (index === all.length - 1 ? piece + content.slice(all.join('').length) : piece)) ?? (content === '' ? [] : [content]);
}
