import { connect } from 'node:net';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, listenTestApp, signedInUser, type TestApp } from './helper.ts';
import { type Json, type Operation, operationsOf } from './openapi-document.ts';

/**
 * Bad input never gives a 5xx, never a truncated file. Every operation of the OpenAPI document is walked: a NUL
 * character (which PostgreSQL cannot store) in each string field of its body, each query parameter and each path
 * parameter is answered 400 validation_failed naming that field, completely, in the documented error shape.
 * Then Fastify's own errors (414, 413), empty JSON bodies, the CSV uploads and exports, and the auth routes.
 */
const NUL = 'a\u0000b';
const NUL_MESSAGE = 'must not contain a NUL character';
const UUID = '0b0b0b0b-0000-4000-8000-000000000404';

let t: TestApp & { baseUrl: string };
let document: { paths: Record<string, Record<string, Operation>> };
let owner: Awaited<ReturnType<typeof signedInUser>>;
let apiKey: string;

const operations = () => operationsOf(document);

beforeAll(async () => {
  t = await listenTestApp({
    env: { API_RATE_LIMIT_PER_MINUTE: '100000', SESSION_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  owner = await signedInUser(t, { plan: 'professional' });
  apiKey = (await createApiKey(t, owner, 'Walk')).key;
  const res = await fetch(`${t.baseUrl}/v1/openapi.json`);
  expect(res.status).toBe(200);
  const validator = new Validator();
  const result = await validator.validate((await res.json()) as Json);
  if (!result.valid) throw new Error(`invalid OpenAPI document: ${JSON.stringify(result.errors)}`);
  document = validator.resolveRefs() as typeof document;
});
afterAll(async () => {
  await t?.close();
});

/** The caller an operation needs: an API key for the integrator API, a session for the web app's, or nobody. */
function authorizationFor(operation: Operation): Record<string, string> {
  const security = operation.security ?? [];
  if (security.length === 0) return {};
  if (security.some((s) => 'apiKey' in s)) return { authorization: `Bearer ${apiKey}` };
  return owner.headers;
}

/** The values of an operation's first example (a success if it has one): a request it otherwise accepts. */
function exampleOf(operation: Operation) {
  const names = new Set<string>();
  for (const parameter of operation.parameters ?? [])
    for (const n of Object.keys(parameter.examples ?? {})) names.add(n);
  const media = operation.requestBody?.content['application/json'];
  for (const n of Object.keys(media?.examples ?? {})) names.add(n);
  const [name] = [...names];
  const pick = (location: string) =>
    Object.fromEntries(
      (operation.parameters ?? [])
        .filter((p) => p.in === location)
        .map((p) => [p.name, name ? p.examples?.[name]?.value : undefined])
        .filter(([, value]) => value !== undefined),
    ) as Record<string, unknown>;
  return {
    params: pick('path'),
    query: pick('query'),
    body: (name ? media?.examples?.[name]?.value : undefined) ?? (operation.requestBody ? {} : undefined),
  };
}

/** A place in a JSON body that takes text: a value at a path, or the name of a key in a map at a path. */
type Place = { path: Array<string | number>; key: boolean };

/** Every place of a body schema that a string can take (values of any type count: they take a string too). */
function stringPlaces(schema: Json | undefined, path: Array<string | number> = [], depth = 0): Place[] {
  if (!schema || typeof schema !== 'object' || depth > 8) return [];
  const places: Place[] = [];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const part of (schema[key] as Json[] | undefined) ?? [])
      places.push(...stringPlaces(part, path, depth + 1));
  }
  const types = [schema.type].flat().filter(Boolean);
  const untyped =
    types.length === 0 &&
    !schema.properties &&
    !schema.items &&
    !schema.additionalProperties &&
    !schema.anyOf &&
    !schema.oneOf &&
    !schema.allOf &&
    !('const' in schema) &&
    !schema.enum &&
    !schema.not;
  if (types.includes('string') || untyped) places.push({ path, key: false });
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
    places.push(...stringPlaces(property, [...path, name], depth + 1));
  }
  if (schema.items && typeof schema.items === 'object')
    places.push(...stringPlaces(schema.items as Json, [...path, 0], depth + 1));
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    places.push({ path, key: true });
    places.push(...stringPlaces(schema.additionalProperties as Json, [...path, 'name'], depth + 1));
  }
  const seen = new Set<string>();
  return places.filter((place) => {
    const id = JSON.stringify(place);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** The body with a NUL at a place (creating the objects and arrays on the way), and the field it is named by. */
function withNul(body: unknown, place: Place): { body: unknown; field: string } {
  const copy = structuredClone(body ?? {}) as Json;
  let node: Json | unknown[] = copy;
  const { path } = place;
  for (let i = 0; i < path.length; i++) {
    const step = path[i] as string | number;
    const last = i === path.length - 1;
    const container = node as Record<string | number, unknown>;
    if (last && !place.key) {
      container[step] = NUL;
      break;
    }
    const nextIsIndex = typeof path[i + 1] === 'number';
    const existing = container[step];
    const fits = nextIsIndex
      ? Array.isArray(existing)
      : existing && typeof existing === 'object' && !Array.isArray(existing);
    if (!fits) container[step] = nextIsIndex ? [] : {};
    node = container[step] as Json;
  }
  if (place.key) (node as Json)[NUL] = 'value';
  const field = [...path.map(String), ...(place.key ? ['a\\u0000b'] : [])].join('.') || 'body';
  return { body: path.length === 0 && !place.key ? NUL : copy, field };
}

function urlOf(path: string, params: Record<string, unknown>, query: Record<string, unknown>) {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? UUID)),
  );
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const text = search.toString();
  return `${t.baseUrl}${filled}${text ? `?${text}` : ''}`;
}

/** A JSON answer of the API: an error, or a list. */
const answerOf = async (res: Response) =>
  (await res.json()) as { error: { code: string; message: string; details?: unknown }; data: unknown[] };

/** Sends a request and reads its whole answer: a body cut short throws here. */
async function send(method: string, url: string, headers: Record<string, string>, body?: string) {
  const response = await fetch(url, {
    method: method.toUpperCase(),
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body,
  });
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  return { status: response.status, type, text };
}

describe('a NUL character anywhere in a /v1 request', () => {
  it('is answered 400 validation_failed naming the field, for every field of every operation', async () => {
    const failures: string[] = [];
    let sent = 0;
    const check = async (
      where: string,
      operation: Operation,
      request: { method: string; url: string; body?: string },
      field: string,
      message: RegExp,
    ) => {
      sent++;
      let answer: Awaited<ReturnType<typeof send>>;
      try {
        answer = await send(request.method, request.url, authorizationFor(operation), request.body);
      } catch (error) {
        failures.push(`${where}: the answer was cut short (${(error as Error).message})`);
        return;
      }
      if (answer.status >= 500) failures.push(`${where}: ${answer.status} ${answer.text.slice(0, 200)}`);
      if (!operation.responses[String(answer.status)])
        failures.push(`${where}: undocumented ${answer.status}`);
      let body: { error?: { code?: string; message?: string; details?: Array<{ field: string }> } } = {};
      try {
        body = JSON.parse(answer.text);
      } catch {
        failures.push(`${where}: ${answer.status} ${answer.type}, not JSON: ${answer.text.slice(0, 200)}`);
        return;
      }
      const error = body.error;
      if (
        answer.status !== 400 ||
        error?.code !== 'validation_failed' ||
        error.details?.[0]?.field !== field ||
        !message.test(error.message ?? '')
      ) {
        failures.push(
          `${where}: expected 400 naming ${field}, got ${answer.status} ${answer.text.slice(0, 300)}`,
        );
      }
    };

    for (const { path, method, operation, name } of operations()) {
      const example = exampleOf(operation);
      const plain = (field: string) =>
        new RegExp(`^${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: ${NUL_MESSAGE}$`);
      // Path parameters.
      for (const parameter of (operation.parameters ?? []).filter((p) => p.in === 'path')) {
        const url = urlOf(path, { ...example.params, [parameter.name]: NUL }, example.query);
        const body = example.body === undefined ? undefined : JSON.stringify(example.body);
        await check(
          `${name} path ${parameter.name}`,
          operation,
          { method, url, body },
          parameter.name,
          plain(parameter.name),
        );
      }
      // Query parameters.
      for (const parameter of (operation.parameters ?? []).filter((p) => p.in === 'query')) {
        const url = urlOf(path, example.params, { ...example.query, [parameter.name]: NUL });
        await check(
          `${name} query ${parameter.name}`,
          operation,
          { method, url },
          parameter.name,
          plain(parameter.name),
        );
      }
      // Every string of the JSON body.
      const schema = operation.requestBody?.content['application/json']?.schema;
      for (const place of stringPlaces(schema)) {
        const { body, field } = withNul(example.body, place);
        const url = urlOf(path, example.params, example.query);
        const message =
          field === 'csv'
            ? new RegExp(`^csv: line \\d+, column \\d+: ${NUL_MESSAGE}$`)
            : place.key
              ? new RegExp(`${NUL_MESSAGE}$`)
              : plain(field);
        await check(
          `${name} body ${field}`,
          operation,
          { method, url, body: JSON.stringify(body) },
          field,
          message,
        );
      }
    }
    expect(failures).toEqual([]);
    // The walk reached the fields the issue names (a document that lost its schemas would pass vacuously).
    expect(sent).toBeGreaterThan(100);
  }, 240_000);

  it('finds the fields the issue names in the walk', () => {
    const walked = new Set<string>();
    for (const { path, method, operation } of operations()) {
      const schema = operation.requestBody?.content['application/json']?.schema;
      for (const place of stringPlaces(schema))
        walked.add(`${method.toUpperCase()} ${path} ${withNul({}, place).field}`);
      for (const p of operation.parameters ?? [])
        if (p.in !== 'header') walked.add(`${method.toUpperCase()} ${path} ${p.name}`);
    }
    for (const expected of [
      'POST /v1/contacts name',
      'GET /v1/contacts q',
      'GET /v1/contacts tag',
      'GET /v1/contacts/export.csv tag',
      'GET /v1/do-not-call/export q',
      'GET /v1/calls/export.csv q',
      'POST /v1/scripts content',
      'POST /v1/calls script',
      'POST /v1/campaigns name',
      'POST /v1/do-not-call note',
      'POST /v1/do-not-call/import csv',
      'POST /v1/contacts/imports csv',
      'POST /v1/contacts/imports file_name',
      'POST /v1/api-keys name',
      'PATCH /v1/account/calling-rules disclosure',
      'POST /v1/voices/preview text',
      'GET /v1/contacts/{id} id',
    ]) {
      expect(walked, expected).toContain(expected);
    }
  });

  it('in the query of a CSV export answers a complete JSON 400 before any byte of the file, whatever the encoding', async () => {
    for (const url of [
      '/v1/contacts/export.csv?tag=%00',
      '/v1/do-not-call/export?q=%00',
      '/v1/calls/export.csv?q=a%00b',
    ]) {
      for (const encoding of ['identity', 'gzip', 'br']) {
        const res = await fetch(`${t.baseUrl}${url}`, {
          headers: { authorization: `Bearer ${apiKey}`, 'accept-encoding': encoding },
        });
        const text = await res.text();
        expect(`${url} ${encoding} ${res.status} ${res.headers.get('content-type')}`).toBe(
          `${url} ${encoding} 400 application/json; charset=utf-8`,
        );
        expect(res.headers.get('content-disposition')).toBeNull();
        expect(JSON.parse(text).error).toMatchObject({
          code: 'validation_failed',
          details: [{ field: /^(q|tag)$/ }],
        });
      }
    }
  });

  it('in an uploaded CSV file names the line and column, and nothing is imported', async () => {
    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    const contacts = await fetch(`${t.baseUrl}/v1/contacts/imports`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        file_name: 'people.csv',
        csv: 'name,phone,email,company\r\nAda,+12025550143,ada@example.com,Acme\r\nBob,+1202555\u00000144,bob@example.com,Acme\r\n',
        mapping: { name: 'name', phone: 'phone', email: 'email', company: 'company' },
      }),
    });
    expect(contacts.status).toBe(400);
    expect((await answerOf(contacts)).error).toEqual({
      code: 'validation_failed',
      message: `csv: line 3, column 2: ${NUL_MESSAGE}`,
      details: [{ field: 'csv', message: `line 3, column 2: ${NUL_MESSAGE}` }],
    });
    const imports = await fetch(`${t.baseUrl}/v1/contacts/imports`, { headers });
    expect((await answerOf(imports)).data).toEqual([]);

    // The do-not-call list, as a file (text/csv) and as JSON.
    const file = await fetch(`${t.baseUrl}/v1/do-not-call/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'text/csv' },
      body: 'phone,note\n+12025550143,ok\n+12025550144,bad\u0000note\n',
    });
    expect(file.status).toBe(400);
    expect((await answerOf(file)).error.message).toBe(`csv: line 3, column 2: ${NUL_MESSAGE}`);
    const json = await fetch(`${t.baseUrl}/v1/do-not-call/import`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ csv: '+12025550143\n\u0000+12025550144\n' }),
    });
    expect(json.status).toBe(400);
    expect((await answerOf(json)).error.message).toBe(`csv: line 2, column 1: ${NUL_MESSAGE}`);
    const list = await fetch(`${t.baseUrl}/v1/do-not-call`, { headers });
    expect((await answerOf(list)).data).toEqual([]);
  });

  it('in a header is refused: by Node for a real connection (in our error shape), by the rule otherwise', async () => {
    // An HTTP client cannot even send one (fetch refuses); a raw connection gets Node's parse error, answered
    // by our client error handler.
    const raw = await new Promise<string>((resolve, reject) => {
      const url = new URL(t.baseUrl);
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(`GET /v1/contacts HTTP/1.1\r\nHost: x\r\nIdempotency-Key: a\u0000b\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString();
      });
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'bad_request', message: 'The request is not valid HTTP.' },
    });
    // In process (no HTTP parser in between), the rule itself answers.
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/contacts',
      headers: { authorization: `Bearer ${apiKey}`, 'idempotency-key': 'key\u0000one' },
      payload: { name: 'Ada', phone: '+12025550143', email: 'ada@example.com', company: 'Acme' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ field: 'idempotency-key', message: NUL_MESSAGE }]);
  });
});

describe('the auth API (GoTrue) with a NUL character', () => {
  const gotrue = async (method: string, url: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${t.baseUrl}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };

  it('answers sign-up metadata, the profile and the password grant with 400 validation_failed', async () => {
    const signUp = await gotrue('POST', '/auth/v1/signup', {
      email: 'nul-metadata@example.com',
      password: 'Harbor-Lantern-64-x',
      data: { first_name: 'Ada\u0000', business_name: 'Acme' },
    });
    expect(signUp).toEqual({
      status: 400,
      body: { code: 400, error_code: 'validation_failed', msg: `data.first_name: ${NUL_MESSAGE}` },
    });
    const keyed = await gotrue(
      'POST',
      '/auth/v1/signup',
      { email: 'nul-key@example.com', password: 'Harbor-Lantern-64-x', data: { 'first\u0000name': 'Ada' } },
      { 'x-supabase-api-version': '2024-01-01' },
    );
    expect(keyed.status).toBe(400);
    expect(keyed.body).toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining(NUL_MESSAGE),
    });

    const profile = await gotrue(
      'PUT',
      '/auth/v1/user',
      { data: { last_name: 'Lovelace\u0000' } },
      owner.headers,
    );
    expect(profile).toEqual({
      status: 400,
      body: { code: 400, error_code: 'validation_failed', msg: `data.last_name: ${NUL_MESSAGE}` },
    });
    const grant = await gotrue('POST', '/auth/v1/token?grant_type=password', {
      email: owner.email,
      password: 'Harbor\u0000',
    });
    expect(grant.status).toBe(400);
    expect(grant.body.error_code).toBe('validation_failed');
    // The profile is unchanged and still readable.
    const user = await fetch(`${t.baseUrl}/auth/v1/user`, { headers: owner.headers });
    expect(user.status).toBe(200);
  });
});

describe("Fastify's own errors on /v1", () => {
  it('a path parameter over 100 characters answers 414 uri_too_long, documented on every operation with one', async () => {
    const failures: string[] = [];
    for (const { path, method, operation, name } of operations()) {
      const params = (operation.parameters ?? []).filter((p) => p.in === 'path');
      if (params.length === 0) continue;
      if (!operation.responses['414']?.content?.['application/json'])
        failures.push(`${name}: 414 not documented`);
      const url = urlOf(path, Object.fromEntries(params.map((p) => [p.name, 'a'.repeat(101)])), {});
      const answer = await send(method, url, authorizationFor(operation));
      const expected = JSON.stringify({
        error: { code: 'uri_too_long', message: 'A path parameter is longer than 100 characters.' },
      });
      if (answer.status !== 414 || answer.text !== expected)
        failures.push(`${name}: ${answer.status} ${answer.text}`);
    }
    expect(failures).toEqual([]);
  });

  it('a body over the limit answers 413 payload_too_large, documented on every operation that takes a body', async () => {
    const undocumented = operations()
      .filter(
        ({ operation }) =>
          operation.requestBody && !operation.responses['413']?.content?.['application/json'],
      )
      .map(({ name }) => name);
    expect(undocumented).toEqual([]);
    const answer = await send(
      'POST',
      `${t.baseUrl}/v1/contacts`,
      { authorization: `Bearer ${apiKey}` },
      JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({
      error: { code: 'payload_too_large', message: 'The request body is too large.' },
    });
  });

  it('Content-Type: application/json with an empty body is no body on every operation that takes none', async () => {
    const failures: string[] = [];
    for (const { path, method, operation, name } of operations()) {
      if (method === 'get' || operation.requestBody) continue;
      const example = exampleOf(operation);
      const url = urlOf(path, example.params, example.query);
      const headers = authorizationFor(operation);
      const withType = await send(method, url, headers, '');
      const without = await send(method, url, headers);
      if (withType.status !== without.status || withType.status === 400 || withType.status >= 500) {
        failures.push(`${name}: ${withType.status} ${withType.text} (without the header: ${without.status})`);
      }
    }
    expect(failures).toEqual([]);
    // An operation that needs a body still says so, naming it.
    const answer = await send('POST', `${t.baseUrl}/v1/contacts`, { authorization: `Bearer ${apiKey}` }, '');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).error).toMatchObject({
      code: 'validation_failed',
      details: [{ field: 'body' }],
    });
  });
});
