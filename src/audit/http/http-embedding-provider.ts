import type { EmbeddingProvider } from '../../spec/audit.js';
import { BackendError } from '../../spec/errors.js';
import { postJson, type PostJsonSettings } from './post-json.js';

/** Default texts per request. */
export const DEFAULT_HTTP_EMBEDDING_BATCH = 64;

/**
 * Embeddings from an OpenAI-compatible server (TEI, vLLM, Ollama, llama.cpp
 * server, OpenAI): `POST <base>/embeddings` with `{"model": <name>, "input":
 * [texts]}` → `{"data": [{"embedding": [numbers], "index": i}, …]}`.
 * `model` is sent only when the spec names one (`#model=`); TEI ignores it,
 * vLLM, Ollama and OpenAI need it.
 */
export class HttpEmbeddingProvider implements EmbeddingProvider {
  private knownDimensions: number | undefined;

  constructor(
    readonly id: string,
    private readonly endpoint: PostJsonSettings,
    private readonly model: string | undefined,
    private readonly batchSize: number,
    private readonly prefix: string,
  ) {}

  get dimensions(): number | undefined {
    return this.knownDimensions;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const vectors: Float32Array[] = new Array(texts.length);
    // Servers reject empty inputs; the interface gives them the zero vector.
    const usable = texts.map((text, index) => ({ text, index })).filter((item) => item.text.trim() !== '');
    for (let start = 0; start < usable.length; start += this.batchSize) {
      const batch = usable.slice(start, start + this.batchSize);
      const rows = await this.request(batch.map((item) => this.prefix + item.text));
      batch.forEach((item, k) => {
        vectors[item.index] = rows[k]!;
      });
    }
    if (usable.length < texts.length) {
      const dimensions = this.knownDimensions ?? (await this.request(['.']))[0]!.length;
      texts.forEach((text, index) => {
        if (text.trim() === '') vectors[index] = new Float32Array(dimensions);
      });
    }
    return vectors;
  }

  private async request(input: string[]): Promise<Float32Array[]> {
    const answer = await postJson(this.endpoint, { ...(this.model === undefined ? {} : { model: this.model }), input });
    const data = (answer as { data?: unknown } | null)?.data;
    if (!Array.isArray(data) || data.length !== input.length) {
      throw this.malformed(`expected {"data": [...]} with ${input.length} embeddings, got ${describe(answer)}`);
    }
    const rows: Float32Array[] = new Array(input.length);
    data.forEach((item: unknown, position) => {
      const { embedding, index } = (item ?? {}) as { embedding?: unknown; index?: unknown };
      const at = typeof index === 'number' ? index : position;
      if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every((value) => typeof value === 'number' && Number.isFinite(value))) {
        throw this.malformed(`data[${position}].embedding is not a list of numbers (base64 encoding is not supported)`);
      }
      if (!Number.isInteger(at) || at < 0 || at >= input.length || rows[at] !== undefined) throw this.malformed(`data[${position}].index ${String(index)} is out of range or repeated`);
      rows[at] = Float32Array.from(embedding as number[]);
    });
    const width = rows[0]!.length;
    if (rows.some((row) => row.length !== width) || (this.knownDimensions !== undefined && width !== this.knownDimensions)) {
      throw this.malformed('embeddings of different lengths');
    }
    this.knownDimensions = width;
    return rows;
  }

  private malformed(problem: string): BackendError {
    return new BackendError(this.id, 'malformed-output', `POST ${this.endpoint.url}: ${problem}`, {
      hint: 'the server must speak the OpenAI embeddings API (TEI: /v1/embeddings; vLLM: --task embed; Ollama: /v1/embeddings)',
    });
  }
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
