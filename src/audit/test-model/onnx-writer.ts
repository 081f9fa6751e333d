/**
 * The few ONNX protobuf messages a tiny test graph needs, encoded by hand
 * (field numbers from onnx.proto), so the project can generate a model
 * without Python or a protobuf library.
 */

/** Accumulates the fields of one protobuf message. */
class Message {
  private readonly parts: Buffer[] = [];

  varint(field: number, value: number | bigint): this {
    this.parts.push(key(field, 0), varint(value));
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.parts.push(key(field, 2), varint(value.length), Buffer.from(value));
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, Buffer.from(value, 'utf8'));
  }

  message(field: number, value: Message): this {
    return this.bytes(field, value.encode());
  }

  encode(): Buffer {
    return Buffer.concat(this.parts);
  }
}

function key(field: number, wireType: number): Buffer {
  return varint((field << 3) | wireType);
}

function varint(value: number | bigint): Buffer {
  // Negative int64s are ten bytes of two's complement.
  let rest = BigInt.asUintN(64, BigInt(value));
  const bytes: number[] = [];
  do {
    const low = Number(rest & 0x7fn);
    rest >>= 7n;
    bytes.push(rest === 0n ? low : low | 0x80);
  } while (rest !== 0n);
  return Buffer.from(bytes);
}

/** ONNX TensorProto.DataType values used here. */
export const ElementType = { float: 1, int64: 7 } as const;
export type ElementTypeValue = (typeof ElementType)[keyof typeof ElementType];

/** A constant tensor (initializer). */
export interface OnnxTensor {
  name: string;
  dims: readonly number[];
  type: ElementTypeValue;
  /** Float32Array for float, BigInt64Array for int64. */
  data: Float32Array | BigInt64Array;
}

/** A graph input or output; string dims are symbolic ("batch"). */
export interface OnnxValueInfo {
  name: string;
  type: ElementTypeValue;
  dims: ReadonlyArray<number | string>;
}

/** A node attribute: an int or a list of ints. */
export type OnnxAttribute = { name: string; int: number } | { name: string; ints: readonly number[] };

/** One operator application. */
export interface OnnxNode {
  op: string;
  inputs: readonly string[];
  outputs: readonly string[];
  attributes?: readonly OnnxAttribute[];
}

/** A whole single-graph model. */
export interface OnnxModel {
  opset: number;
  graphName: string;
  nodes: readonly OnnxNode[];
  initializers: readonly OnnxTensor[];
  inputs: readonly OnnxValueInfo[];
  outputs: readonly OnnxValueInfo[];
}

// ONNX IR version 7 goes with opset 13.
const IR_VERSION = 7;

/** Encodes a model as the bytes of a `.onnx` file. */
export function encodeOnnxModel(model: OnnxModel): Buffer {
  const graph = new Message();
  model.nodes.forEach((node, index) => graph.message(1, encodeNode(node, `${node.op.toLowerCase()}_${index}`)));
  graph.string(2, model.graphName);
  for (const tensor of model.initializers) graph.message(5, encodeTensor(tensor));
  for (const input of model.inputs) graph.message(11, encodeValueInfo(input));
  for (const output of model.outputs) graph.message(12, encodeValueInfo(output));
  return new Message()
    .varint(1, IR_VERSION)
    .string(2, 'quorum-test-model')
    .message(7, graph)
    .message(8, new Message().string(1, '').varint(2, model.opset))
    .encode();
}

function encodeNode(node: OnnxNode, name: string): Message {
  const message = new Message();
  for (const input of node.inputs) message.string(1, input);
  for (const output of node.outputs) message.string(2, output);
  message.string(3, name).string(4, node.op);
  for (const attribute of node.attributes ?? []) {
    const encoded = new Message().string(1, attribute.name);
    if ('int' in attribute) encoded.varint(3, attribute.int).varint(20, 2);
    else {
      for (const value of attribute.ints) encoded.varint(8, value);
      encoded.varint(20, 7);
    }
    message.message(5, encoded);
  }
  return message;
}

function encodeTensor(tensor: OnnxTensor): Message {
  const message = new Message();
  for (const dim of tensor.dims) message.varint(1, dim);
  message.varint(2, tensor.type).string(8, tensor.name);
  // raw_data is little-endian; typed arrays are in platform order, little-endian on every supported platform.
  return message.bytes(9, new Uint8Array(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
}

function encodeValueInfo(info: OnnxValueInfo): Message {
  const shape = new Message();
  for (const dim of info.dims) shape.message(1, typeof dim === 'number' ? new Message().varint(1, dim) : new Message().string(2, dim));
  const tensorType = new Message().varint(1, info.type).message(2, shape);
  return new Message().string(1, info.name).message(2, new Message().message(1, tensorType));
}
