/** The parts of our OpenAPI document the tests read, and its operations one by one. */
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
