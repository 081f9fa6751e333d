import type { NliPair, NliProvider, NliScores } from '../../spec/audit.js';
import { BackendError } from '../../spec/errors.js';
import { scoresFromProbabilities, type NliClass } from '../nli-label-map.js';
import { postJson, type PostJsonSettings } from './post-json.js';

/** Default pairs per request: TEI's default `--max-client-batch-size`. */
export const DEFAULT_HTTP_NLI_BATCH = 32;

/**
 * NLI from a sequence-classification server with Text Embeddings
 * Inference's `/predict` API: `POST <base>/predict` with
 * `{"inputs": [[premise, hypothesis], …], "truncate": true}` → one list per
 * pair of `{"label": name, "score": probability}` for every label
 * (`[[{"label": "contradiction", "score": 0.91}, …], …]`). Labels are read by
 * name (case-insensitive), or by `LABEL_<i>` with `#labels=`.
 */
export class HttpNliProvider implements NliProvider {
  constructor(
    readonly id: string,
    private readonly endpoint: PostJsonSettings,
    private readonly batchSize: number,
    private readonly labelOverride: NliClass[] | undefined,
  ) {}

  async classify(pairs: readonly NliPair[]): Promise<NliScores[]> {
    const scores: NliScores[] = [];
    for (let start = 0; start < pairs.length; start += this.batchSize) {
      const batch = pairs.slice(start, start + this.batchSize);
      const answer = await postJson(this.endpoint, { inputs: batch.map((pair) => [pair.premise, pair.hypothesis]), truncate: true });
      // A batch of one may come back unnested from servers that unwrap single inputs.
      const rows = Array.isArray(answer) && batch.length === 1 && answer.length > 0 && !Array.isArray(answer[0]) ? [answer] : answer;
      if (!Array.isArray(rows) || rows.length !== batch.length) {
        throw this.malformed(`expected a list of ${batch.length} prediction lists, got ${describe(answer)}`);
      }
      rows.forEach((row: unknown, position) => {
        if (!Array.isArray(row) || !row.every((item) => typeof item?.label === 'string' && typeof item?.score === 'number')) {
          throw this.malformed(`item ${position} is not a list of {"label", "score"}: ${describe(row)}`);
        }
        scores.push(scoresFromProbabilities(this.id, row as Array<{ label: string; score: number }>, this.labelOverride));
      });
    }
    return scores;
  }

  private malformed(problem: string): BackendError {
    return new BackendError(this.id, 'malformed-output', `POST ${this.endpoint.url}: ${problem}`, {
      hint: 'the server must answer like TEI /predict: [[{"label": …, "score": …}, …], …] (docs/audit-models.md)',
    });
  }
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
