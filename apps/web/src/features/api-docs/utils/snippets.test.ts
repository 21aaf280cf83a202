import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ApiOperation, readOperations, typeLabel } from './openapi';
import {
  curlSnippet,
  fetchSnippet,
  pythonLiteral,
  pythonSnippet,
  requestOf,
  WEBHOOK_VERIFY_SNIPPETS,
} from './snippets';

const secret = 'whsec_test_secret';
const body = '{"id":"8f3a2b1c","status":"completed"}';
const sign = (t: number, raw = body, key = secret) =>
  `t=${t},v1=${createHmac('sha256', key).update(`${t}.${raw}`).digest('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

describe('the webhook verification code on the /api page', () => {
  it('JavaScript: accepts a good signature, refuses a tampered, foreign or stale one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'callwise-snippet-'));
    const file = path.join(dir, 'verify.mjs');
    writeFileSync(file, WEBHOOK_VERIFY_SNIPPETS.javascript);
    const { verifyCallwiseSignature: verify } = (await import(pathToFileURL(file).href)) as {
      verifyCallwiseSignature: (raw: string, header: string | undefined, key: string) => boolean;
    };
    expect(verify(body, sign(now()), secret)).toBe(true);
    expect(verify(`${body} `, sign(now()), secret)).toBe(false);
    expect(verify(body, sign(now(), body, 'another-secret'), secret)).toBe(false);
    expect(verify(body, sign(now() - 600), secret)).toBe(false);
    expect(verify(body, 't=abc,v1=00', secret)).toBe(false);
    expect(verify(body, undefined, secret)).toBe(false);
  });

  const python = spawnSync('python3', ['--version']).status === 0;
  it.skipIf(!python)('Python: the same answers', () => {
    const cases = [
      [body, sign(now()), true],
      [`${body} `, sign(now()), false],
      [body, sign(now() - 600), false],
      [body, 't=abc,v1=00', false],
    ] as const;
    const program = `${WEBHOOK_VERIFY_SNIPPETS.python}

import json, sys
cases = json.loads(sys.argv[1])
print(json.dumps([verify_callwise_signature(raw.encode(), header, ${JSON.stringify(secret)}) for raw, header, _ in cases]))
`;
    const result = spawnSync('python3', ['-c', program, JSON.stringify(cases)], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual(cases.map((c) => c[2]));
  });
});

const document = {
  openapi: '3.1.0',
  info: { title: 'Callwise API', version: '1.0.0' },
  servers: [{ url: 'https://app.example.com' }],
  components: { examples: { unauthorized: { value: { error: { code: 'unauthorized', message: 'No' } } } } },
  paths: {
    '/v1/calls/{id}/cancel': {
      post: {
        operationId: 'cancel',
        tags: ['calls'],
        summary: 'Cancel a call',
        security: [{ apiKey: [] }, { session: [] }],
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            description: 'The call’s id',
            schema: { type: 'string', format: 'uuid' },
            examples: { cancel: { summary: 'Cancel it', value: 'abc' } },
          },
          {
            name: 'idempotency-key',
            in: 'header',
            schema: { type: 'string' },
            examples: { cancel: { value: 'k-1' } },
          },
        ],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['reason'],
                properties: {
                  reason: { type: 'string', description: 'Why' },
                  notify: { anyOf: [{ type: 'boolean' }, { type: 'null' }] },
                },
              },
              examples: { cancel: { value: { reason: "Patient's request", notify: true, note: null } } },
            },
          },
        },
        responses: {
          '200': {
            description: 'Cancelled',
            content: { 'application/json': { examples: { cancel: { value: { status: 'canceled' } } } } },
          },
          '401': {
            description: 'No',
            content: {
              'application/json': {
                examples: { unauthorized: { $ref: '#/components/examples/unauthorized' } },
              },
            },
          },
        },
      },
    },
    '/v1/me': {
      get: { summary: 'Me', security: [{ session: [] }], responses: { '200': { description: 'Me' } } },
    },
  },
};

describe('reading the OpenAPI document', () => {
  const [cancel, me] = readOperations(document) as [ApiOperation, ApiOperation];

  it('reads operations, their fields, answers and examples (not the shared error examples)', () => {
    expect(cancel).toMatchObject({
      id: 'cancel',
      method: 'POST',
      path: '/v1/calls/{id}/cancel',
      access: 'api_key',
      body: [
        { name: 'reason', type: 'string', required: true, description: 'Why' },
        { name: 'notify', type: 'boolean or null', required: false, description: '' },
      ],
      responses: [
        { status: '200', description: 'Cancelled' },
        { status: '401', description: 'No' },
      ],
    });
    expect(cancel.examples).toEqual([
      {
        name: 'cancel',
        summary: 'Cancel it',
        params: { id: 'abc' },
        query: {},
        headers: { 'idempotency-key': 'k-1' },
        body: { reason: "Patient's request", notify: true, note: null },
        status: 200,
        response: '{\n  "status": "canceled"\n}',
      },
    ]);
    expect(me.access).toBe('session');
    expect(typeLabel({ type: 'array', items: { enum: ['a', 'b'] } })).toBe('array of one of a, b');
  });

  it('turns an example into cURL, fetch and Python that send the same request', () => {
    const example = cancel.examples[0];
    if (!example) throw new Error('no example');
    const request = requestOf('https://app.example.com', cancel, example);
    expect(request.url).toBe('https://app.example.com/v1/calls/abc/cancel');
    const curl = curlSnippet(request);
    expect(curl).toContain("curl -X POST 'https://app.example.com/v1/calls/abc/cancel'");
    expect(curl).toContain('-H "Authorization: Bearer $CALLWISE_API_KEY"');
    expect(curl).toContain("-H 'Idempotency-Key: k-1'");
    // A quote inside the body survives the shell's quoting.
    expect(curl).toContain(`"reason": "Patient'\\''s request"`);
    expect(fetchSnippet(request)).toContain('\'Idempotency-Key\': "k-1",');
    const python = pythonSnippet(request);
    expect(python).toContain('response = requests.post(');
    expect(python).toContain('"notify": True,');
    expect(python).toContain('"note": None,');
    expect(pythonLiteral({ a: [1, false] })).toBe('{\n    "a": [\n        1,\n        False,\n    ],\n}');
  });
});
