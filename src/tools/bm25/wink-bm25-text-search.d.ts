/** The part of wink-bm25-text-search 3.1 that quorum uses (the package ships no types). */
declare module 'wink-bm25-text-search' {
  interface WinkBm25Engine {
    defineConfig(config: { fldWeights: Record<string, number>; bm25Params?: { k1?: number; b?: number; k?: number } }): boolean;
    definePrepTasks(tasks: Array<(input: string) => string[]>, field?: string): number;
    addDoc(doc: Record<string, string>, id: string | number): number;
    consolidate(precision?: number): boolean;
    /** `[id, score]` pairs, best first. */
    search(text: string, limit?: number): Array<[string, number]>;
  }
  function bm25(): WinkBm25Engine;
  export default bm25;
}
