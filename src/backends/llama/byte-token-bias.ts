import { TokenBias, type LlamaModel, type Token } from 'node-llama-cpp';

const BYTE_TOKEN_TYPE = 6;
const HIGH_BYTE_PIECE = /^<0x[89A-F][0-9A-F]>$/i;

/**
 * A token bias forbidding the byte-fallback tokens 0x80–0xFF. A model that
 * emits them out of order (the random test model does) produces invalid UTF-8,
 * which JavaScript turns into replacement characters that break schema limits
 * like `maxLength`. A grammar can still force them where it needs them.
 */
export function byteTokenBias(model: LlamaModel): TokenBias {
  const bias = new TokenBias(model.tokenizer);
  const tokenizer = model.fileInfo.metadata.tokenizer?.ggml;
  const pieces = tokenizer?.tokens ?? [];
  const types = tokenizer?.token_type ?? [];
  pieces.forEach((piece, id) => {
    if (types[id] === BYTE_TOKEN_TYPE && HIGH_BYTE_PIECE.test(piece)) bias.set(id as Token, 'never');
  });
  return bias;
}

/**
 * The generated test model's bias: no high byte tokens (above), and a logit
 * boost for tokens that contain a double quote. With random weights every
 * allowed token is about equally likely, so a JSON string only ends when a
 * quote happens to win — strings then run to their `maxLength` and a GDP
 * reply costs thousands of tokens. The boost makes strings end after a few
 * tokens, like a real model's, which keeps test runs short.
 */
export function testModelTokenBias(model: LlamaModel): TokenBias {
  const bias = byteTokenBias(model);
  const pieces = model.fileInfo.metadata.tokenizer?.ggml?.tokens ?? [];
  pieces.forEach((piece, id) => {
    if (piece.includes('"')) bias.set(id as Token, { logit: QUOTE_BOOST });
  });
  return bias;
}

const QUOTE_BOOST = 6;
