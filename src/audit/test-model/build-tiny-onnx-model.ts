import { ElementType, encodeOnnxModel, type OnnxModel } from './onnx-writer.js';

/** Bumped whenever the generated files change. */
export const TINY_ONNX_MODEL_VERSION = 1;

/** Choices for the generated model. */
export interface TinyOnnxModelOptions {
  /** `id2label` in logit order. Default: contradiction, entailment, neutral (the order of cross-encoder/nli-deberta-v3-*). */
  labels?: readonly string[];
  /** Hidden size. Default 16. */
  hiddenSize?: number;
}

const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'];
const WORDS = (
  'the a an is are was were be of to and in on at for with by from as it this that not no never ' +
  'man woman dog cat child people person patient drug dose heart rate blood pressure receptor receptors ' +
  'blocks block increases decreases increase decrease high low agonist antagonist atropine muscarinic ' +
  'stock market fell rose prices share today sings song church choir plays playing guitar ' +
  'answer because therefore so which causes cause effect treatment'
).split(' ');
const CHARACTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';
const PUNCTUATION = '.,!?\'"-():;%/';

/**
 * The files of a random-weight BERT-style model folder that transformers.js
 * loads offline for both `feature-extraction` and `text-classification`:
 * `config.json`, `tokenizer.json` (WordPiece with a pair template),
 * `tokenizer_config.json` and `onnx/model.onnx`. The graph is
 * Gather (word + token-type embeddings) → Tanh → `last_hidden_state`;
 * masked mean → MatMul + Add → `logits`. Outputs are meaningless but
 * deterministic, and padding does not change them.
 */
export function buildTinyOnnxModel(options: TinyOnnxModelOptions = {}): Record<string, Buffer> {
  const labels = options.labels ?? ['contradiction', 'entailment', 'neutral'];
  const hidden = options.hiddenSize ?? 16;
  const vocabulary = [...new Set([...SPECIAL_TOKENS, ...WORDS, ...CHARACTERS, ...[...CHARACTERS].map((c) => `##${c}`), ...PUNCTUATION])];
  const random = mulberry32(20240601);
  const uniform = (count: number, scale: number): Float32Array => Float32Array.from({ length: count }, () => (random() * 2 - 1) * scale);

  const model: OnnxModel = {
    opset: 13,
    graphName: 'tiny-bert',
    inputs: [
      { name: 'input_ids', type: ElementType.int64, dims: ['batch_size', 'sequence_length'] },
      { name: 'attention_mask', type: ElementType.int64, dims: ['batch_size', 'sequence_length'] },
      { name: 'token_type_ids', type: ElementType.int64, dims: ['batch_size', 'sequence_length'] },
    ],
    outputs: [
      { name: 'last_hidden_state', type: ElementType.float, dims: ['batch_size', 'sequence_length', hidden] },
      { name: 'logits', type: ElementType.float, dims: ['batch_size', labels.length] },
    ],
    initializers: [
      { name: 'word_embeddings', type: ElementType.float, dims: [vocabulary.length, hidden], data: uniform(vocabulary.length * hidden, 1.5) },
      { name: 'token_type_embeddings', type: ElementType.float, dims: [2, hidden], data: uniform(2 * hidden, 0.5) },
      { name: 'classifier_weight', type: ElementType.float, dims: [hidden, labels.length], data: uniform(hidden * labels.length, 2) },
      { name: 'classifier_bias', type: ElementType.float, dims: [labels.length], data: uniform(labels.length, 0.1) },
      { name: 'sequence_axis', type: ElementType.int64, dims: [1], data: BigInt64Array.from([1n]) },
      { name: 'feature_axis', type: ElementType.int64, dims: [1], data: BigInt64Array.from([2n]) },
    ],
    nodes: [
      { op: 'Gather', inputs: ['word_embeddings', 'input_ids'], outputs: ['word_vectors'] },
      { op: 'Gather', inputs: ['token_type_embeddings', 'token_type_ids'], outputs: ['type_vectors'] },
      { op: 'Add', inputs: ['word_vectors', 'type_vectors'], outputs: ['embedded'] },
      { op: 'Tanh', inputs: ['embedded'], outputs: ['last_hidden_state'] },
      { op: 'Cast', inputs: ['attention_mask'], outputs: ['mask'], attributes: [{ name: 'to', int: ElementType.float }] },
      { op: 'Unsqueeze', inputs: ['mask', 'feature_axis'], outputs: ['mask_3d'] },
      { op: 'Mul', inputs: ['last_hidden_state', 'mask_3d'], outputs: ['masked_hidden'] },
      { op: 'ReduceSum', inputs: ['masked_hidden', 'sequence_axis'], outputs: ['hidden_sum'], attributes: [{ name: 'keepdims', int: 0 }] },
      { op: 'ReduceSum', inputs: ['mask_3d', 'sequence_axis'], outputs: ['token_count'], attributes: [{ name: 'keepdims', int: 0 }] },
      { op: 'Div', inputs: ['hidden_sum', 'token_count'], outputs: ['pooled'] },
      { op: 'MatMul', inputs: ['pooled', 'classifier_weight'], outputs: ['projected'] },
      { op: 'Add', inputs: ['projected', 'classifier_bias'], outputs: ['logits'] },
    ],
  };

  const id2label = Object.fromEntries(labels.map((label, index) => [String(index), label]));
  const label2id = Object.fromEntries(labels.map((label, index) => [label, index]));
  const config = {
    model_type: 'bert',
    architectures: ['BertForSequenceClassification'],
    hidden_size: hidden,
    vocab_size: vocabulary.length,
    num_hidden_layers: 0,
    num_attention_heads: 1,
    max_position_embeddings: 512,
    type_vocab_size: 2,
    pad_token_id: 0,
    id2label,
    label2id,
  };
  return {
    'config.json': json(config),
    'tokenizer.json': json(tokenizerJson(vocabulary)),
    'tokenizer_config.json': json({
      tokenizer_class: 'BertTokenizer',
      do_lower_case: true,
      model_max_length: 512,
      cls_token: '[CLS]',
      sep_token: '[SEP]',
      pad_token: '[PAD]',
      unk_token: '[UNK]',
      mask_token: '[MASK]',
    }),
    'onnx/model.onnx': encodeOnnxModel(model),
  };
}

function tokenizerJson(vocabulary: readonly string[]): unknown {
  const vocab = Object.fromEntries(vocabulary.map((token, id) => [token, id]));
  const special = (token: string, typeId: number) => ({ SpecialToken: { id: token, type_id: typeId } });
  const sequence = (id: 'A' | 'B', typeId: number) => ({ Sequence: { id, type_id: typeId } });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((content, id) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true })),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [special('[CLS]', 0), sequence('A', 0), special('[SEP]', 0)],
      pair: [special('[CLS]', 0), sequence('A', 0), special('[SEP]', 0), sequence('B', 1), special('[SEP]', 1)],
      special_tokens: Object.fromEntries(['[CLS]', '[SEP]'].map((token) => [token, { id: token, ids: [vocab[token]], tokens: [token] }])),
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab },
  };
}

function json(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
}

/** A small seeded generator, so the weights are the same bytes on every machine. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
