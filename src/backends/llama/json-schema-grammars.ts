import type { GbnfJsonSchema, Llama, LlamaGrammar } from 'node-llama-cpp';
import { canonicalJson } from '../../util/canonical-json.js';
import { grammarSchemaProblems } from './check-grammar-schema.js';

const grammars = new WeakMap<Llama, Map<string, Promise<LlamaGrammar>>>();

/**
 * The grammar constraining output to a JSON schema, built once per schema
 * (keyed by its canonical JSON) and runtime: agents send the same schema on
 * every turn. Rejects schemas the converter would misread (see
 * `grammarSchemaProblems`).
 */
export function grammarForJsonSchema(llama: Llama, schema: Record<string, unknown>): Promise<LlamaGrammar> {
  let cache = grammars.get(llama);
  if (cache === undefined) {
    cache = new Map();
    grammars.set(llama, cache);
  }
  const key = canonicalJson(schema);
  let grammar = cache.get(key);
  if (grammar === undefined) {
    const problems = grammarSchemaProblems(schema);
    if (problems.length > 0) return Promise.reject(new Error(problems.join('; ')));
    const owner = cache;
    // node-llama-cpp types the schema precisely; quorum's schemas are plain JSON, checked just above.
    grammar = llama.createGrammarForJsonSchema<GbnfJsonSchema>(schema as unknown as GbnfJsonSchema);
    grammar.catch(() => owner.delete(key));
    owner.set(key, grammar);
  }
  return grammar;
}
