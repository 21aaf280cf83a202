import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = FastifySerializerCompiler<z.ZodType>;

/**
 * Responses in production: fast-json-stringify compiled from the JSON Schema of the route's zod response schema
 * (the same schema the OpenAPI document shows). Only declared fields are written, as with zod, at a fraction of
 * the cost of validating every answer. In development and tests every answer is validated with zod instead, so
 * that a response that does not match its schema fails loudly. See docs/decisions/007-response-serialization.md.
 */
export function createSerializerCompiler(validateResponses: boolean): SerializerCompiler {
  if (validateResponses) return zodSerializerCompiler as SerializerCompiler;
  return (route) => {
    const schema = route.schema;
    if (!(schema instanceof z.ZodType)) return zodSerializerCompiler(route);
    // Compiled on first use: compiling every route's answers at start took a tenth of the start time, and most
    // routes of a process never answer.
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => {
      serialize ??= compile(route, schema);
      return serialize(data);
    };
  };
}

function compile(route: Parameters<SerializerCompiler>[0], schema: z.ZodType): (data: unknown) => string {
  try {
    const jsonSchema = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
    });
    return fastJson(nullableAsTypeList(jsonSchema) as Parameters<typeof fastJson>[0]);
  } catch {
    // A schema JSON Schema cannot express: validate and stringify with zod.
    return zodSerializerCompiler(route) as (data: unknown) => string;
  }
}

type JsonSchemaNode = { [key: string]: unknown };
const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * `anyOf: [{ type: "string", … }, { type: "null" }]` (how zod writes a nullable string, number or boolean) as
 * `{ type: ["string", "null"], … }`. fast-json-stringify writes the second form with a `typeof` test; for the
 * first it runs Ajv on every value to pick the branch, and a page of 50 calls ran its date-time pattern 300 times
 * (a tenth of the page's serialization). The output is the same: the serializer validates neither form.
 */
export function nullableAsTypeList(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableAsTypeList);
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node as JsonSchemaNode).map(([key, value]) => [
    key,
    nullableAsTypeList(value),
  ]);
  const out = Object.fromEntries(entries) as JsonSchemaNode;
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((branch) => (branch as JsonSchemaNode)?.type === 'null');
    const other = anyOf[1 - nullIndex] as JsonSchemaNode | undefined;
    if (nullIndex !== -1 && other && typeof other.type === 'string' && PRIMITIVES.has(other.type)) {
      const { anyOf: _anyOf, ...rest } = out;
      const merged: JsonSchemaNode = { ...rest, ...other, type: [other.type, 'null'] };
      if (Array.isArray(other.enum)) merged.enum = [...other.enum, null];
      return merged;
    }
  }
  return out;
}
