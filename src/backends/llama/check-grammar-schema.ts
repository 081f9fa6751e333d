/**
 * Finds the parts of a JSON schema that node-llama-cpp's grammar converter
 * does not understand. The converter does not fail on them: it silently turns
 * an unknown schema (`anyOf`, `{}`, `type: ['object', 'null']`) into "null",
 * so a request would get `null` back instead of an error.
 */
export function grammarSchemaProblems(schema: unknown): string[] {
  const problems: string[] = [];
  visit(schema, '(root)', problems);
  return problems;
}

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
const UNSUPPORTED_KEYWORDS = ['anyOf', 'allOf', 'not', 'if', 'then', 'else', 'pattern', 'patternProperties', 'dependentSchemas', 'propertyNames'];

function visit(node: unknown, path: string, problems: string[]): void {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) {
    problems.push(`${path}: a schema must be an object`);
    return;
  }
  const schema = node as Record<string, unknown>;
  for (const keyword of UNSUPPORTED_KEYWORDS) {
    if (keyword in schema) problems.push(`${path}: "${keyword}" is not supported${keyword === 'anyOf' ? ' (use "oneOf")' : ''}`);
  }
  if (isRecord(schema.$defs)) {
    for (const [name, definition] of Object.entries(schema.$defs)) visit(definition, `${path}.$defs.${name}`, problems);
  }

  if ('$ref' in schema) {
    if (typeof schema.$ref !== 'string' || !schema.$ref.startsWith('#/$defs/')) problems.push(`${path}: "$ref" must point into "#/$defs/"`);
    return;
  }
  if (Array.isArray(schema.oneOf)) {
    schema.oneOf.forEach((alternative, index) => visit(alternative, `${path}.oneOf.${index}`, problems));
    return;
  }
  if ('const' in schema || Array.isArray(schema.enum)) return;

  const type = schema.type;
  if (type === 'object') {
    if (isRecord(schema.properties)) {
      for (const [name, property] of Object.entries(schema.properties)) visit(property, `${path}.properties.${name}`, problems);
    }
    if (isRecord(schema.additionalProperties)) visit(schema.additionalProperties, `${path}.additionalProperties`, problems);
    return;
  }
  if (type === 'array') {
    if (schema.items !== undefined) visit(schema.items, `${path}.items`, problems);
    if (Array.isArray(schema.prefixItems)) schema.prefixItems.forEach((item, index) => visit(item, `${path}.prefixItems.${index}`, problems));
    return;
  }
  if (typeof type === 'string' && SCALAR_TYPES.has(type)) return;
  if (Array.isArray(type) && type.length > 0 && type.every((each) => typeof each === 'string' && SCALAR_TYPES.has(each))) return;
  if (type === undefined) {
    problems.push(`${path}: needs "type", "enum", "const", "oneOf" or "$ref"`);
  } else {
    problems.push(`${path}: type ${JSON.stringify(type)} is not supported (a list of types may only hold scalar types; use "oneOf" for objects and arrays)`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
