import { z } from 'zod';
import {
  type Document,
  examplesOf,
  type Json,
  type Operation,
  type RunnableExample,
} from './openapi-document.ts';

/** Sending an example of the document to a server, and what in the answer differs from the example. */

/** The same shape: the same keys, and values of the same JSON type (null matches anything nullable). */
function shapeProblems(actual: unknown, example: unknown, where = '$'): string[] {
  if (example === null || actual === null) return [];
  if (Array.isArray(example)) {
    if (!Array.isArray(actual)) return [`${where}: expected an array`];
    if (example.length === 0 || actual.length === 0) return [];
    return shapeProblems(actual[0], example[0], `${where}[0]`);
  }
  if (typeof example === 'object') {
    if (typeof actual !== 'object' || Array.isArray(actual)) return [`${where}: expected an object`];
    const a = Object.keys(actual as Json).sort();
    const e = Object.keys(example as Json).sort();
    if (JSON.stringify(a) !== JSON.stringify(e))
      return [`${where}: keys ${a.join(',')} vs example ${e.join(',')}`];
    return e.flatMap((key) =>
      shapeProblems((actual as Json)[key], (example as Json)[key], `${where}.${key}`),
    );
  }
  return typeof actual === typeof example ? [] : [`${where}: ${typeof actual} vs example ${typeof example}`];
}

function urlOf(base: string, path: string, params: Record<string, unknown>, query: Record<string, unknown>) {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`no example value for {${name}} in ${path}`);
    return encodeURIComponent(String(params[name]));
  });
  const search = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return `${base}${filled}${search ? `?${search}` : ''}`;
}

export async function send(
  base: string,
  method: string,
  path: string,
  example: Pick<RunnableExample, 'params' | 'query' | 'headers' | 'body'>,
  authorization: string,
) {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  for (const [name, value] of Object.entries(example.headers)) headers[name] = String(value);
  if (example.body !== undefined) headers['content-type'] = 'application/json';
  const controller = new AbortController();
  const response = await fetch(urlOf(base, path, example.params, example.query), {
    method: method.toUpperCase(),
    headers,
    body: example.body === undefined ? undefined : JSON.stringify(example.body),
    signal: controller.signal,
  });
  const type = response.headers.get('content-type') ?? '';
  let text: string;
  if (type.startsWith('text/event-stream')) {
    // A stream stays open: its first chunk is enough.
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    text = new TextDecoder().decode((await reader.read()).value);
    controller.abort();
  } else if (type.startsWith('audio/')) {
    text = `${(await response.arrayBuffer()).byteLength} bytes`;
  } else {
    text = await response.text();
  }
  return { response, type, text };
}

/** Runs one example against a server; what differs from the document. */
export async function checkExample(
  base: string,
  method: string,
  path: string,
  example: RunnableExample,
  authorization: string,
  where: string,
): Promise<string[]> {
  const failures: string[] = [];
  const { response, type, text } = await send(base, method, path, example, authorization);
  if (response.status !== example.status) {
    return [`${where}: answered ${response.status}, documented ${example.status}: ${text.slice(0, 300)}`];
  }
  const documented = example.response;
  if (!documented) {
    if (response.status !== 204 && !/^audio\//.test(type))
      failures.push(`${where}: undocumented ${type} answer`);
    return failures;
  }
  if (!type.startsWith(documented.type))
    failures.push(`${where}: content type ${type}, documented ${documented.type}`);
  if (documented.type === 'application/json') {
    const body = JSON.parse(text) as unknown;
    failures.push(...shapeProblems(body, documented.value).map((problem) => `${where}: ${problem}`));
    // The example itself fits the documented schema.
    const check = z
      .fromJSONSchema(documented.schema as Parameters<typeof z.fromJSONSchema>[0])
      .safeParse(documented.value);
    if (!check.success)
      failures.push(`${where}: the example does not fit its schema: ${check.error.message}`);
    if (example.status >= 400) {
      const error = (body as { error: { code: string; message: string } }).error;
      const expected = (documented.value as { error: { code: string; message: string } }).error;
      if (error.code !== expected.code || error.message !== expected.message) {
        failures.push(`${where}: ${JSON.stringify(error)} vs documented ${JSON.stringify(expected)}`);
      }
    }
  } else {
    // Text (CSV, an event stream): the first line is the documented one.
    const firstLine = (value: string) => value.split(/\r?\n/)[0];
    if (firstLine(text) !== firstLine(String(documented.value))) {
      failures.push(
        `${where}: first line ${JSON.stringify(firstLine(text))}, documented ${JSON.stringify(firstLine(String(documented.value)))}`,
      );
    }
  }
  return failures;
}

/** A request each operation answers before looking at its input: the first example's, or nothing. */
export const anyRequest = (document: Document, operation: Operation) => {
  const [first] = examplesOf(document, operation);
  return { params: first?.params ?? {}, query: {}, headers: {}, body: first?.body };
};
