import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type TestApp } from './helper.ts';
import {
  type Document,
  examplesOf,
  fetchDocument,
  integrator,
  type Json,
  operationsOf,
  secured,
} from './openapi-document.ts';

/**
 * The OpenAPI document at /v1/openapi.json: a valid OpenAPI 3.1 document that describes every operation of the
 * authenticated API completely, with an example of success for each (openapi-examples.test.ts executes them).
 */
let t: TestApp & { baseUrl: string };
let raw: Json;
let document: Document;

const operations = () => operationsOf(document);

beforeAll(async () => {
  t = await listenTestApp();
  ({ raw, document } = await fetchDocument(t.baseUrl));
});
afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    expect(raw.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(raw));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('lists the /v1 API only, with the integrator resources open to API keys', () => {
    const paths = Object.keys(document.paths);
    expect(paths.every((path) => path.startsWith('/v1/'))).toBe(true);
    const byKey = operations().filter(({ operation }) => integrator(operation));
    const routes = byKey.map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    for (const expected of [
      'POST /v1/calls',
      'GET /v1/calls',
      'GET /v1/calls/{id}',
      'POST /v1/calls/{id}/cancel',
      'POST /v1/calls/batch',
      'POST /v1/contacts',
      'GET /v1/contacts',
      'GET /v1/contacts/{id}',
      'PATCH /v1/contacts/{id}',
      'DELETE /v1/contacts/{id}',
      'GET /v1/scripts',
      'GET /v1/voices',
    ]) {
      expect(routes).toContain(expected);
    }
    for (const sessionOnly of ['GET /v1/me', 'GET /v1/api-keys', 'POST /v1/api-keys', 'GET /v1/dashboard']) {
      const [method = '', path = ''] = sessionOnly.split(' ');
      expect(document.paths[path]?.[method.toLowerCase()]?.security).toEqual([{ session: [] }]);
    }
  });

  it('describes every operation, parameter and field, and every answer', () => {
    const problems: string[] = [];
    const walk = (schema: Json | undefined, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
        for (const [i, part] of ((schema[key] as Json[] | undefined) ?? []).entries())
          walk(part, `${where}/${key}${i}`);
      }
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      for (const [name, property] of Object.entries(properties)) {
        const described =
          typeof property.description === 'string' ||
          ((property.anyOf as Json[] | undefined) ?? []).some((part) => typeof part.description === 'string');
        if (!described) problems.push(`${where}.${name} has no description`);
        walk(property, `${where}.${name}`);
      }
      if (schema.items) walk(schema.items as Json, `${where}[]`);
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        walk(schema.additionalProperties as Json, `${where}{}`);
      }
    };
    for (const { path, method, operation } of operations()) {
      if (!secured(operation)) continue;
      const name = `${method.toUpperCase()} ${path}`;
      if (!operation.summary) problems.push(`${name} has no summary`);
      if (!operation.description) problems.push(`${name} has no description`);
      for (const parameter of operation.parameters ?? []) {
        if (!parameter.description) problems.push(`${name} parameter ${parameter.name} has no description`);
      }
      for (const media of Object.values(operation.requestBody?.content ?? {}))
        walk(media.schema, `${name} body`);
      for (const status of ['401', '403', '429']) {
        if (!operation.responses[status]) problems.push(`${name} does not list ${status}`);
      }
      const takesInput = (operation.parameters ?? []).some((p) => p.in !== 'header') || operation.requestBody;
      if (takesInput && !operation.responses['400']) problems.push(`${name} does not list 400`);
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!response.description || response.description === 'Default Response') {
          problems.push(`${name} ${status} has no description`);
        }
        if (!response.headers?.['RateLimit-Remaining'])
          problems.push(`${name} ${status} lacks RateLimit headers`);
        for (const media of Object.values(response.content ?? {})) walk(media.schema, `${name} ${status}`);
      }
      if (!Object.keys(operation.responses).some((status) => status.startsWith('2'))) {
        problems.push(`${name} has no success answer`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents Idempotency-Key on the POSTs that create', () => {
    for (const path of [
      '/v1/calls',
      '/v1/calls/batch',
      '/v1/contacts',
      '/v1/scripts',
      '/v1/contacts/imports',
      '/v1/appointments/batch',
    ]) {
      const operation = document.paths[path]?.post;
      expect(
        operation?.parameters?.map((p) => `${p.in}:${p.name}`),
        path,
      ).toContain('header:idempotency-key');
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['409', '422']));
    }
  });

  it('gives every operation of the authenticated API an example of success', () => {
    const missing = operations()
      .filter(({ operation }) => secured(operation))
      .filter(({ operation }) =>
        examplesOf(document, operation).every((example) => !String(example.status).startsWith('2')),
      )
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
  });
});
