import { seededRandom } from '../../../util/seed.js';
import { writeGguf, type GgufTensor, type GgufValue } from './gguf-writer.js';
import { TEST_MODEL_NAME } from './test-model-name.js';
import { buildTestVocabulary } from './test-model-vocabulary.js';

export { TEST_MODEL_NAME };

/**
 * Version of the generator's output. Bump it whenever the bytes change, so a
 * cached file of an older generator is replaced rather than trusted.
 */
export const TEST_MODEL_VERSION = 1;

/** Shape of the generated model: tiny, so it loads in milliseconds. */
const SHAPE = {
  embedding: 64,
  feedForward: 128,
  blocks: 2,
  heads: 4,
  kvHeads: 2,
  contextLength: 4096,
} as const;

const WEIGHT_SEED = 20260101;

/**
 * A chat template that ends every turn with the EOS token. Ending turns with a
 * newline instead makes node-llama-cpp treat "\n" as a stop trigger, which
 * cuts JSON replies short.
 */
const CHAT_TEMPLATE =
  "{{ bos_token }}{% for message in messages %}{{ '<|' + message['role'] + '|>\\n' + message['content'] + eos_token }}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|assistant|>\\n' }}{% endif %}";

/**
 * Builds the bytes of the test model: a llama-architecture GGUF v3 with
 * seeded random F32 weights. The same bytes every time, on every machine.
 * Its text is nonsense; under a JSON-schema grammar its replies are valid.
 */
export function buildTestModel(): Buffer {
  const vocabulary = buildTestVocabulary();
  const vocabSize = vocabulary.tokens.length;
  const headDim = SHAPE.embedding / SHAPE.heads;
  const kvWidth = headDim * SHAPE.kvHeads;
  const random = seededRandom(WEIGHT_SEED);

  // Uniform weights scaled by 1/sqrt(fan-in) keep activations near unit size,
  // so logits are spread enough for sampling to vary with the seed.
  const weights = (name: string, inputs: number, outputs: number, gain = 1): GgufTensor => {
    const bound = (gain * Math.sqrt(3)) / Math.sqrt(inputs);
    const data = new Float32Array(inputs * outputs);
    for (let i = 0; i < data.length; i++) data[i] = (random() * 2 - 1) * bound;
    return { name, dims: [inputs, outputs], data };
  };
  const ones = (name: string, size: number): GgufTensor => ({ name, dims: [size], data: new Float32Array(size).fill(1) });

  const tensors: GgufTensor[] = [weights('token_embd.weight', SHAPE.embedding, vocabSize, Math.sqrt(SHAPE.embedding))];
  for (let block = 0; block < SHAPE.blocks; block++) {
    const prefix = `blk.${block}`;
    tensors.push(
      ones(`${prefix}.attn_norm.weight`, SHAPE.embedding),
      weights(`${prefix}.attn_q.weight`, SHAPE.embedding, SHAPE.embedding),
      weights(`${prefix}.attn_k.weight`, SHAPE.embedding, kvWidth),
      weights(`${prefix}.attn_v.weight`, SHAPE.embedding, kvWidth),
      weights(`${prefix}.attn_output.weight`, SHAPE.embedding, SHAPE.embedding),
      ones(`${prefix}.ffn_norm.weight`, SHAPE.embedding),
      weights(`${prefix}.ffn_gate.weight`, SHAPE.embedding, SHAPE.feedForward),
      weights(`${prefix}.ffn_up.weight`, SHAPE.embedding, SHAPE.feedForward),
      weights(`${prefix}.ffn_down.weight`, SHAPE.feedForward, SHAPE.embedding),
    );
  }
  tensors.push(ones('output_norm.weight', SHAPE.embedding), weights('output.weight', SHAPE.embedding, vocabSize, 3));

  const metadata: Array<[string, GgufValue]> = [
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: TEST_MODEL_NAME }],
    ['general.version', { type: 'string', value: String(TEST_MODEL_VERSION) }],
    ['general.description', { type: 'string', value: 'Random weights for tests: nonsense text, schema-valid JSON under a grammar.' }],
    ['general.file_type', { type: 'uint32', value: 0 }],
    ['general.alignment', { type: 'uint32', value: 32 }],
    ['llama.context_length', { type: 'uint32', value: SHAPE.contextLength }],
    ['llama.embedding_length', { type: 'uint32', value: SHAPE.embedding }],
    ['llama.block_count', { type: 'uint32', value: SHAPE.blocks }],
    ['llama.feed_forward_length', { type: 'uint32', value: SHAPE.feedForward }],
    ['llama.attention.head_count', { type: 'uint32', value: SHAPE.heads }],
    ['llama.attention.head_count_kv', { type: 'uint32', value: SHAPE.kvHeads }],
    ['llama.rope.dimension_count', { type: 'uint32', value: headDim }],
    ['llama.rope.freq_base', { type: 'float32', value: 10000 }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'float32', value: 1e-5 }],
    ['llama.vocab_size', { type: 'uint32', value: vocabSize }],
    ['tokenizer.ggml.model', { type: 'string', value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: 'string[]', value: vocabulary.tokens }],
    ['tokenizer.ggml.scores', { type: 'float32[]', value: vocabulary.scores }],
    ['tokenizer.ggml.token_type', { type: 'int32[]', value: vocabulary.types }],
    ['tokenizer.ggml.unknown_token_id', { type: 'uint32', value: vocabulary.unknownId }],
    ['tokenizer.ggml.bos_token_id', { type: 'uint32', value: vocabulary.bosId }],
    ['tokenizer.ggml.eos_token_id', { type: 'uint32', value: vocabulary.eosId }],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: true }],
    ['tokenizer.ggml.add_eos_token', { type: 'bool', value: false }],
    ['tokenizer.chat_template', { type: 'string', value: CHAT_TEMPLATE }],
  ];
  return writeGguf(metadata, tensors);
}
