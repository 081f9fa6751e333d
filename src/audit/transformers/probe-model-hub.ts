const DEFAULT_PROBE_TIMEOUT_MS = 5000;

/**
 * Checks within `timeoutMs` that the Hugging Face hub (or `$HF_ENDPOINT`)
 * answers; returns why not, or undefined. Mirrors `probeModelHub` of the
 * llama backend, whose module loads node-llama-cpp (seconds) just to ask.
 */
export async function probeModelHub(timeoutMs = DEFAULT_PROBE_TIMEOUT_MS): Promise<string | undefined> {
  const configured = process.env.HF_ENDPOINT;
  const endpoint = configured !== undefined && configured !== '' ? configured : 'https://huggingface.co';
  try {
    await fetch(endpoint, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
    return undefined;
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') return `${endpoint} is unreachable (no answer within ${timeoutMs} ms)`;
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    return `${endpoint} is unreachable (${error instanceof Error ? error.message : String(error)}${typeof code === 'string' ? `: ${code}` : ''})`;
  }
}
