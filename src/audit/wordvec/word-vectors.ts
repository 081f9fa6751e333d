/**
 * A table of word vectors: words in frequency order (row = frequency rank)
 * and their values, row-major.
 */
export class WordVectors {
  private readonly rows: Map<string, number>;

  constructor(
    readonly words: readonly string[],
    readonly values: Float32Array,
    readonly dimensions: number,
  ) {
    this.rows = new Map();
    for (let row = 0; row < words.length; row++) this.rows.set(words[row]!, row);
  }

  /** Number of words. */
  get size(): number {
    return this.words.length;
  }

  /** Row (frequency rank, 0 = most frequent) of a word, or undefined when unknown. */
  rowOf(word: string): number | undefined {
    return this.rows.get(word);
  }

  /** Adds `weight × vector(row)` into `target`. */
  addRow(target: Float64Array, row: number, weight: number): void {
    const start = row * this.dimensions;
    for (let k = 0; k < this.dimensions; k++) target[k]! += weight * this.values[start + k]!;
  }
}
