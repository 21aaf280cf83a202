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
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    // A schema JSON Schema cannot express: validate and stringify with zod.
    return zodSerializerCompiler(route) as (data: unknown) => string;
  }
}
