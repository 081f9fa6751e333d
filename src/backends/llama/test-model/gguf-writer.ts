/**
 * A minimal GGUF v3 writer: metadata key/values and F32 tensors, little-endian,
 * 32-byte aligned. Enough to write small models that llama.cpp loads; it does
 * not quantise.
 */

/** A metadata value. Arrays hold one element kind each. */
export type GgufValue =
  | { type: 'uint32'; value: number }
  | { type: 'int32'; value: number }
  | { type: 'float32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'string[]'; value: readonly string[] }
  | { type: 'float32[]'; value: readonly number[] }
  | { type: 'int32[]'; value: readonly number[] };

/** One F32 tensor; `dims` in ggml order (first dimension contiguous). */
export interface GgufTensor {
  name: string;
  dims: readonly number[];
  data: Float32Array;
}

const GGUF_MAGIC = 'GGUF';
const GGUF_VERSION = 3;
const ALIGNMENT = 32;
const GGML_TYPE_F32 = 0;

const VALUE_TYPE = { uint32: 4, int32: 5, float32: 6, bool: 7, string: 8, array: 9 } as const;

/** Serialises metadata and tensors into the bytes of a GGUF v3 file. */
export function writeGguf(metadata: ReadonlyArray<readonly [string, GgufValue]>, tensors: readonly GgufTensor[]): Buffer {
  const out = new ByteSink();
  out.raw(Buffer.from(GGUF_MAGIC, 'ascii'));
  out.u32(GGUF_VERSION);
  out.u64(tensors.length);
  out.u64(metadata.length);
  for (const [key, value] of metadata) {
    out.string(key);
    writeValue(out, value);
  }

  let offset = 0;
  for (const tensor of tensors) {
    const elements = tensor.dims.reduce((product, dim) => product * dim, 1);
    if (elements !== tensor.data.length) {
      throw new RangeError(`tensor ${tensor.name}: dims ${tensor.dims.join('x')} need ${elements} values, got ${tensor.data.length}`);
    }
    out.string(tensor.name);
    out.u32(tensor.dims.length);
    for (const dim of tensor.dims) out.u64(dim);
    out.u32(GGML_TYPE_F32);
    out.u64(offset);
    offset = alignUp(offset + tensor.data.byteLength);
  }

  out.pad();
  for (const tensor of tensors) {
    const bytes = Buffer.alloc(tensor.data.length * 4);
    // Explicit little-endian writes: GGUF is little-endian whatever the host is.
    for (let i = 0; i < tensor.data.length; i++) bytes.writeFloatLE(tensor.data[i]!, i * 4);
    out.raw(bytes);
    out.pad();
  }
  return out.toBuffer();
}

function writeValue(out: ByteSink, value: GgufValue): void {
  switch (value.type) {
    case 'uint32':
      out.u32(VALUE_TYPE.uint32);
      out.u32(value.value);
      return;
    case 'int32':
      out.u32(VALUE_TYPE.int32);
      out.i32(value.value);
      return;
    case 'float32':
      out.u32(VALUE_TYPE.float32);
      out.f32(value.value);
      return;
    case 'bool':
      out.u32(VALUE_TYPE.bool);
      out.raw(Buffer.from([value.value ? 1 : 0]));
      return;
    case 'string':
      out.u32(VALUE_TYPE.string);
      out.string(value.value);
      return;
    case 'string[]':
      out.u32(VALUE_TYPE.array);
      out.u32(VALUE_TYPE.string);
      out.u64(value.value.length);
      for (const item of value.value) out.string(item);
      return;
    case 'float32[]':
      out.u32(VALUE_TYPE.array);
      out.u32(VALUE_TYPE.float32);
      out.u64(value.value.length);
      for (const item of value.value) out.f32(item);
      return;
    case 'int32[]':
      out.u32(VALUE_TYPE.array);
      out.u32(VALUE_TYPE.int32);
      out.u64(value.value.length);
      for (const item of value.value) out.i32(item);
      return;
  }
}

function alignUp(offset: number): number {
  return Math.ceil(offset / ALIGNMENT) * ALIGNMENT;
}

/** Collects little-endian fields into one buffer. */
class ByteSink {
  private readonly chunks: Buffer[] = [];
  private length = 0;

  raw(bytes: Buffer): void {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }

  u32(value: number): void {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32LE(value);
    this.raw(bytes);
  }

  i32(value: number): void {
    const bytes = Buffer.alloc(4);
    bytes.writeInt32LE(value);
    this.raw(bytes);
  }

  u64(value: number): void {
    const bytes = Buffer.alloc(8);
    bytes.writeBigUInt64LE(BigInt(value));
    this.raw(bytes);
  }

  f32(value: number): void {
    const bytes = Buffer.alloc(4);
    bytes.writeFloatLE(value);
    this.raw(bytes);
  }

  string(text: string): void {
    const bytes = Buffer.from(text, 'utf8');
    this.u64(bytes.length);
    this.raw(bytes);
  }

  /** Zero bytes up to the next alignment boundary. */
  pad(): void {
    const padding = alignUp(this.length) - this.length;
    if (padding > 0) this.raw(Buffer.alloc(padding));
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.chunks, this.length);
  }
}
