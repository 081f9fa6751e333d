/**
 * The SentencePiece (SPM) vocabulary of the generated test model: special
 * tokens, the 256 byte-fallback tokens, `▁` (SPM's space), printable ASCII and
 * a few merged pieces so that JSON and common words take fewer tokens.
 */

/** GGUF token types (llama.cpp `llama_token_type`). */
export const TOKEN_TYPE = { normal: 1, unknown: 2, control: 3, byte: 6 } as const;

/** A tokenizer vocabulary in the three parallel arrays GGUF stores. */
export interface TestVocabulary {
  tokens: string[];
  scores: number[];
  types: number[];
  unknownId: number;
  bosId: number;
  eosId: number;
  /** Id of the byte-fallback token `<0x00>`; byte b is `firstByteId + b`. */
  firstByteId: number;
}

/** SPM writes spaces as U+2581. */
export const SPM_SPACE = '\u2581';

// Words and JSON fragments the protocols' prompts and schemas use a lot. Each
// is added with all its prefixes so that SPM's pairwise merges can reach it.
const MERGED_PIECES = [
  '{"', '":', '",', '"}', '"]', '":"', '":[', '":{', '},{', '}]', '"answer"', '"steps"', '"claim"', '"ground"',
  '"stance"', '"rationale"', 'answer', 'steps', 'claim', 'ground', 'stance', 'rationale', 'peer', 'AGREE',
  'DISAGREE', 'EXTEND', 'Answer', 'Question', 'Agent',
  `${SPM_SPACE}the`, `${SPM_SPACE}a`, `${SPM_SPACE}is`, `${SPM_SPACE}of`, `${SPM_SPACE}and`, `${SPM_SPACE}to`,
  `${SPM_SPACE}in`, `${SPM_SPACE}that`, `${SPM_SPACE}it`, `${SPM_SPACE}for`, `${SPM_SPACE}The`, `${SPM_SPACE}answer`,
  `${SPM_SPACE}because`, `${SPM_SPACE}not`, `${SPM_SPACE}with`, `${SPM_SPACE}are`, `${SPM_SPACE}be`,
  'th', 'he', 'in', 'er', 'an', 're', 'on', 'at', 'en', 'nd', 'ti', 'es', 'or', 'te', 'of', 'ed', 'is', 'it',
  'al', 'ar', 'st', 'to', 'nt', 'ng', 'se', 'ha', 'as', 'ou', 'io', 'le', 've', 'co', 'me', 'de', 'hi', 'ri',
  'ro', 'ic', 'ne', 'ea', 'ra', 'ce', 'ing', 'ion', 'tion', 'ent', 'ate',
];

/** Builds the vocabulary; the same every time. */
export function buildTestVocabulary(): TestVocabulary {
  const tokens: string[] = [];
  const scores: number[] = [];
  const types: number[] = [];
  const seen = new Set<string>();
  const add = (piece: string, score: number, type: number): void => {
    if (seen.has(piece)) return;
    seen.add(piece);
    tokens.push(piece);
    scores.push(score);
    types.push(type);
  };

  add('<unk>', 0, TOKEN_TYPE.unknown);
  add('<s>', 0, TOKEN_TYPE.control);
  add('</s>', 0, TOKEN_TYPE.control);
  const firstByteId = tokens.length;
  for (let byte = 0; byte < 256; byte++) {
    add(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`, 0, TOKEN_TYPE.byte);
  }
  add(SPM_SPACE, -1, TOKEN_TYPE.normal);
  for (let code = 0x21; code <= 0x7e; code++) add(String.fromCharCode(code), -1, TOKEN_TYPE.normal);

  // Longer pieces score higher, so SPM prefers them when several merges compete.
  for (const piece of MERGED_PIECES) {
    const characters = [...piece];
    for (let length = 2; length <= characters.length; length++) {
      add(characters.slice(0, length).join(''), length, TOKEN_TYPE.normal);
    }
  }

  return { tokens, scores, types, unknownId: 0, bosId: 1, eosId: 2, firstByteId };
}
