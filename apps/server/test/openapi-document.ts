import { Validator } from '@seriousme/openapi-schema-validator';

/** The parts of our OpenAPI document the tests read, its operations one by one, and the examples of each. */
export type Json = Record<string, unknown>;
export type ExampleObject = { summary?: string; value?: unknown; 'x-status'?: number };
export type Parameter = {
  name: string;
  in: string;
  description?: string;
  required?: boolean;
  schema?: Json;
  examples?: Record<string, ExampleObject>;
};
export type Media = { schema?: Json; examples?: Record<string, ExampleObject> };
export type Operation = {
  summary?: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description: string; content?: Record<string, Media>; headers?: Json }>;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of a document: its path, method, and a name such as `POST /v1/calls`. */
export function operationsOf(document: { paths: Record<string, Record<string, Operation>> }) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      path,
      method,
      operation: item[method] as Operation,
      name: `${method.toUpperCase()} ${path}`,
    })),
  );
}

/** The document with its $refs resolved. */
export type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { examples: Record<string, ExampleObject> };
};

/** A server's /v1/openapi.json: as served (`raw`, valid OpenAPI 3.1) and with its $refs resolved. */
export async function fetchDocument(baseUrl: string): Promise<{ raw: Json; document: Document }> {
  const res = await fetch(`${baseUrl}/v1/openapi.json`);
  if (res.status !== 200) throw new Error(`/v1/openapi.json answered ${res.status}`);
  const raw = (await res.json()) as Json;
  const validator = new Validator();
  const result = await validator.validate(structuredClone(raw));
  if (!result.valid) throw new Error(`invalid OpenAPI document: ${JSON.stringify(result.errors, null, 2)}`);
  return { raw, document: validator.resolveRefs() as Document };
}

/** An operation that needs a caller (an API key or a session). */
export const secured = (operation: Operation) => (operation.security ?? []).length > 0;
/** An operation of the integrator API: an API key may call it. */
export const integrator = (operation: Operation) => (operation.security ?? []).some((s) => 'apiKey' in s);

export interface RunnableExample {
  name: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
  status: number;
  response?: { type: string; value: unknown; schema?: Json };
}

/** The examples of an operation, reassembled from where the document puts their parts. */
export function examplesOf(document: Document, operation: Operation): RunnableExample[] {
  const names = new Set<string>();
  const shared = new Set(Object.keys(document.components.examples));
  for (const parameter of operation.parameters ?? [])
    for (const name of Object.keys(parameter.examples ?? {})) names.add(name);
  for (const media of Object.values(operation.requestBody?.content ?? {})) {
    for (const name of Object.keys(media.examples ?? {})) names.add(name);
  }
  for (const response of Object.values(operation.responses)) {
    for (const media of Object.values(response.content ?? {})) {
      for (const name of Object.keys(media.examples ?? {})) if (!shared.has(name)) names.add(name);
    }
  }
  return [...names].map((name) => {
    const pick = (location: string) =>
      Object.fromEntries(
        (operation.parameters ?? [])
          .filter((p) => p.in === location && p.examples?.[name])
          .map((p) => [p.name, p.examples?.[name]?.value]),
      );
    const bodyExample = operation.requestBody?.content['application/json']?.examples?.[name];
    let status: number | undefined;
    let response: RunnableExample['response'];
    for (const [code, answer] of Object.entries(operation.responses)) {
      for (const [type, media] of Object.entries(answer.content ?? {})) {
        const example = media.examples?.[name];
        if (example) {
          status = Number(code);
          response = { type, value: example.value, schema: media.schema };
        }
      }
    }
    const requestParts = [bodyExample, ...(operation.parameters ?? []).map((p) => p.examples?.[name])].filter(
      Boolean,
    ) as ExampleObject[];
    status ??= requestParts.find((part) => part['x-status'])?.['x-status'];
    if (status === undefined) throw new Error(`example ${name}: no status`);
    return {
      name,
      params: pick('path'),
      query: pick('query'),
      headers: pick('header'),
      body: bodyExample?.value,
      status,
      response,
    };
  });
}
