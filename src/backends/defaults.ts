/**
 * The default in-process model: a small instruct model that runs on a laptop
 * CPU. It is downloaded on first use (needs internet) into the model cache.
 */
export const DEFAULT_BACKEND_SPEC = 'llama:hf:bartowski/Qwen2.5-0.5B-Instruct-GGUF:Q4_K_M';

/** Default decoding of agents: some diversity between agents, room for reasoning. */
export const DEFAULT_AGENT_DECODING = { temperature: 0.7, maxTokens: 768 } as const;
