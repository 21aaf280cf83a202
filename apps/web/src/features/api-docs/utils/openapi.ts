import { z } from 'zod';

/** The parts of an OpenAPI 3.1 document this page reads (everything else is ignored). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string().optional() }),
  servers: z.array(z.looseObject({ url: z.string() })).optional(),
  tags: z.array(z.looseObject({ name: z.string(), description: z.string().optional() })).optional(),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.record(z.string(), z.unknown()).optional(),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface ApiField {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

export interface ApiParameter extends ApiField {
  in: 'path' | 'query' | 'header';
}

export interface ApiExample {
  name: string;
  summary: string;
  params: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: unknown;
  status: number;
  /** The answer's body as text (JSON pretty-printed), when the document shows one. */
  response?: string;
}

export interface ApiOperation {
  id: string;
  method: string;
  path: string;
  tag: string;
  summary: string;
  description: string;
  /** Who may call it: an API key (and the web app), only a signed-in session of the web app, or anyone. */
  access: 'api_key' | 'session' | 'public';
  parameters: ApiParameter[];
  body: ApiField[];
  responses: Array<{ status: string; description: string }>;
  examples: ApiExample[];
}

export interface ApiGroup {
  tag: string;
  description: string;
  operations: ApiOperation[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Follows a local `$ref` (`#/components/...`), once. */
function resolve(document: OpenApiDocument, value: unknown): unknown {
  if (!isObject(value) || typeof value.$ref !== 'string') return value;
  const parts = value.$ref.replace(/^#\//, '').split('/');
  let target: unknown = document;
  for (const part of parts) target = isObject(target) ? target[part] : undefined;
  return target;
}

/** A short, readable type: "string", "integer or null", "one of a, b", "array of object". */
export function typeLabel(schema: unknown): string {
  if (!isObject(schema)) return 'any';
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map(String).join(', ')}`;
  const variants = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(variants)) return [...new Set(variants.map(typeLabel))].join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type;
  if (type === 'array') return `array of ${typeLabel(schema.items)}`;
  if (type === 'string' && typeof schema.format === 'string') return `string (${schema.format})`;
  return typeof type === 'string' ? type : 'object';
}

function fieldsOf(schema: unknown): ApiField[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    type: typeLabel(property),
    required: required.has(name),
    description: isObject(property) && typeof property.description === 'string' ? property.description : '',
  }));
}

const pretty = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

function examplesOf(document: OpenApiDocument, operation: Json): ApiExample[] {
  const shared = new Set(
    Object.keys(isObject(document.components?.examples) ? document.components.examples : {}),
  );
  const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).filter(isObject);
  const requestMedia =
    isObject(operation.requestBody) && isObject(operation.requestBody.content)
      ? operation.requestBody.content['application/json']
      : undefined;
  const bodyExamples = isObject(requestMedia) && isObject(requestMedia.examples) ? requestMedia.examples : {};
  const responses = isObject(operation.responses) ? operation.responses : {};
  const names = new Set<string>();
  for (const parameter of parameters) {
    if (isObject(parameter.examples)) for (const name of Object.keys(parameter.examples)) names.add(name);
  }
  for (const name of Object.keys(bodyExamples)) names.add(name);
  const answers = new Map<string, { status: number; value: unknown; summary?: string }>();
  for (const [status, answer] of Object.entries(responses)) {
    if (!isObject(answer) || !isObject(answer.content)) continue;
    for (const media of Object.values(answer.content)) {
      if (!isObject(media) || !isObject(media.examples)) continue;
      for (const [name, example] of Object.entries(media.examples)) {
        if (shared.has(name)) continue;
        const resolved = resolve(document, example);
        if (!isObject(resolved)) continue;
        names.add(name);
        answers.set(name, {
          status: Number(status),
          value: resolved.value,
          summary: typeof resolved.summary === 'string' ? resolved.summary : undefined,
        });
      }
    }
  }
  return [...names].map((name) => {
    const pick = (location: string) =>
      Object.fromEntries(
        parameters
          .filter((p) => p.in === location && isObject(p.examples) && isObject(p.examples[name]))
          .map((p) => [String(p.name), String(((p.examples as Json)[name] as Json).value)]),
      );
    const request = bodyExamples[name];
    const parts = [
      request,
      ...parameters.map((p) => (isObject(p.examples) ? p.examples[name] : undefined)),
    ].filter(isObject);
    const answer = answers.get(name);
    const summary =
      answer?.summary ??
      parts.map((part) => part.summary).find((text): text is string => typeof text === 'string');
    const status = answer?.status ?? Number(parts.find((part) => part['x-status'])?.['x-status'] ?? 200);
    return {
      name,
      summary: summary ?? name,
      params: pick('path'),
      query: pick('query'),
      headers: pick('header'),
      ...(isObject(request) && 'value' in request ? { body: request.value } : {}),
      status,
      ...(answer && answer.value !== undefined ? { response: pretty(answer.value) } : {}),
    };
  });
}

/** Every operation of the document, in its order. */
export function readOperations(document: OpenApiDocument): ApiOperation[] {
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const security = Array.isArray(operation.security) ? operation.security.filter(isObject) : [];
      const parameters = (Array.isArray(operation.parameters) ? operation.parameters : [])
        .filter(isObject)
        .map((parameter) => ({
          name: String(parameter.name),
          in: parameter.in as ApiParameter['in'],
          type: typeLabel(parameter.schema),
          required: parameter.required === true,
          description: typeof parameter.description === 'string' ? parameter.description : '',
        }));
      const requestBody = isObject(operation.requestBody) ? operation.requestBody : undefined;
      const media =
        requestBody && isObject(requestBody.content) ? requestBody.content['application/json'] : undefined;
      const responses = isObject(operation.responses) ? operation.responses : {};
      operations.push({
        id: typeof operation.operationId === 'string' ? operation.operationId : `${method}-${path}`,
        method: method.toUpperCase(),
        path,
        tag:
          Array.isArray(operation.tags) && typeof operation.tags[0] === 'string'
            ? operation.tags[0]
            : 'other',
        summary: typeof operation.summary === 'string' ? operation.summary : '',
        description: typeof operation.description === 'string' ? operation.description : '',
        access: security.some((scheme) => 'apiKey' in scheme)
          ? 'api_key'
          : security.length > 0
            ? 'session'
            : 'public',
        parameters,
        body: isObject(media) ? fieldsOf(media.schema) : [],
        responses: Object.entries(responses).map(([status, answer]) => ({
          status,
          description: isObject(answer) && typeof answer.description === 'string' ? answer.description : '',
        })),
        examples: examplesOf(document, operation),
      });
    }
  }
  return operations;
}

/** The operations open to API keys, grouped by tag in the document's tag order. */
export function groupOperations(document: OpenApiDocument, operations: ApiOperation[]): ApiGroup[] {
  const groups = new Map<string, ApiGroup>();
  for (const tag of document.tags ?? []) {
    groups.set(tag.name, { tag: tag.name, description: tag.description ?? '', operations: [] });
  }
  for (const operation of operations) {
    if (operation.access !== 'api_key') continue;
    let group = groups.get(operation.tag);
    if (!group) {
      group = { tag: operation.tag, description: '', operations: [] };
      groups.set(operation.tag, group);
    }
    group.operations.push(operation);
  }
  return [...groups.values()].filter((group) => group.operations.length > 0);
}

/** Where requests go: the document's server (the product's public address) and the /v1 paths under it. */
export function serverUrl(document: OpenApiDocument): string {
  return (document.servers?.[0]?.url ?? window.location.origin).replace(/\/$/, '');
}
