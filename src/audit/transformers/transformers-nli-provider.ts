import type { NliPair, NliProvider, NliScores } from '../../spec/audit.js';
import { AuditModelError } from '../audit-model-error.js';
import { batchesByLength } from '../batch-by-length.js';
import { resolveLabelOrder, scoresFromLogits, type NliClass } from '../nli-label-map.js';
import type { LoadedPipeline } from './load-transformers-pipeline.js';

/** Default pairs per ONNX call. */
export const DEFAULT_TRANSFORMERS_NLI_BATCH = 16;

interface LogitsTensor {
  dims: number[];
  data: Float32Array;
}

interface ClassificationParts {
  tokenizer: (texts: string[], options: { text_pair: string[]; padding: boolean; truncation: boolean }) => Record<string, unknown>;
  model: ((inputs: Record<string, unknown>) => Promise<{ logits: LogitsTensor }>) & { config: { id2label?: Record<string, string> } };
  dispose(): Promise<void>;
}

/**
 * NLI from a transformers.js `text-classification` pipeline's tokenizer and
 * model. Pairs are encoded as `text` + `text_pair` (premise first) and the
 * logits are read directly: the pipeline's own call in transformers.js 4.x
 * does not pair `{text, text_pair}` inputs and returns only the top label.
 */
export class TransformersNliProvider implements NliProvider {
  private readonly order: NliClass[];

  constructor(
    readonly id: string,
    private readonly pipe: LoadedPipeline,
    private readonly batchSize: number,
    labelOverride: NliClass[] | undefined,
  ) {
    const id2label = this.parts.model.config.id2label ?? {};
    const labels = Object.keys(id2label)
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => id2label[key]!);
    this.order = resolveLabelOrder(id, labels, labelOverride);
  }

  async classify(pairs: readonly NliPair[]): Promise<NliScores[]> {
    const scores: NliScores[] = new Array(pairs.length);
    for (const batch of batchesByLength(pairs.map((pair) => pair.premise.length + pair.hypothesis.length), this.batchSize)) {
      const inputs = this.parts.tokenizer(
        batch.map((index) => pairs[index]!.premise),
        { text_pair: batch.map((index) => pairs[index]!.hypothesis), padding: true, truncation: true },
      );
      const { logits } = await this.parts.model(inputs);
      const width = logits.dims[1];
      if (logits.dims.length !== 2 || logits.dims[0] !== batch.length || width !== this.order.length) {
        throw new AuditModelError(this.id, 'bad-output', `the model returned logits of shape [${logits.dims.join(', ')}] for ${batch.length} pairs`, {
          hint: 'use a sequence-classification NLI model with three outputs',
        });
      }
      batch.forEach((index, row) => {
        scores[index] = scoresFromLogits(logits.data.subarray(row * width, (row + 1) * width), this.order);
      });
    }
    return scores;
  }

  async close(): Promise<void> {
    await this.parts.dispose();
  }

  private get parts(): ClassificationParts {
    return this.pipe as unknown as ClassificationParts;
  }
}
