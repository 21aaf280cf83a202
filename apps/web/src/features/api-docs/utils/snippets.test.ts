import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { WEBHOOK_VERIFY_SNIPPET } from '@callwise/shared/schemas/webhooks';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type ApiOperation, readOperations, typeLabel } from './openapi';
import {
  curlSnippet,
  fetchSnippet,
  pythonLiteral,
  pythonSnippet,
  requestOf,
  WEBHOOK_EXAMPLE,
  WEBHOOK_VERIFY_SNIPPETS,
  webhookDeliveryExample,
  webhookRetrySchedule,
} from './snippets';

// Signed here independently of the snippets, per Standard Webhooks: v1,<base64 HMAC-SHA256 of "id.timestamp.body">
// keyed with the base64-decoded part of the whsec_ secret.
const secret = `whsec_${randomBytes(32).toString('base64')}`;
const otherSecret = `whsec_${randomBytes(32).toString('base64')}`;
const body = JSON.stringify(WEBHOOK_EXAMPLE.body);
const id = WEBHOOK_EXAMPLE.id;
const now = () => Math.floor(Date.now() / 1000);
const signature = (t: number, raw = body, key = secret) =>
  `v1,${createHmac('sha256', Buffer.from(key.slice('whsec_'.length), 'base64'))
    .update(`${id}.${t}.${raw}`)
    .digest('base64')}`;
const headers = (t: number, sig = signature(t), msgId: string = id) => ({
  'webhook-id': msgId,
  'webhook-timestamp': String(t),
  'webhook-signature': sig,
});

/** [raw body, headers, accepted] */
const cases = () =>
  [
    ['good', body, headers(now()), true],
    [
      'one of several signatures (during a rotation)',
      body,
      headers(now(), `v1,AAAA ${signature(now())}`),
      true,
    ],
    ['a tampered body', `${body} `, headers(now()), false],
    ['another account’s secret', body, headers(now(), signature(now(), body, otherSecret)), false],
    ['another delivery’s id', body, headers(now(), signature(now()), 'a-different-id'), false],
    ['a stale timestamp', body, headers(now() - 600, signature(now() - 600)), false],
    ['another scheme version', body, headers(now(), signature(now()).replace('v1,', 'v2,')), false],
    ['no signature', body, { 'webhook-id': id, 'webhook-timestamp': String(now()) }, false],
    ['no timestamp', body, { 'webhook-id': id, 'webhook-signature': signature(now()) }, false],
  ] as const;

describe('the webhook section of the /api page', () => {
  it('JavaScript (the shared snippet Settings shows): accepts good deliveries only', async () => {
    expect(WEBHOOK_VERIFY_SNIPPETS.javascript).toBe(WEBHOOK_VERIFY_SNIPPET);
    const dir = mkdtempSync(path.join(tmpdir(), 'callwise-snippet-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'verify.mjs');
    writeFileSync(file, `${WEBHOOK_VERIFY_SNIPPETS.javascript}\nexport { verifyWebhook };\n`);
    const { verifyWebhook } = (await import(pathToFileURL(file).href)) as {
      verifyWebhook: (key: string, headers: Record<string, string>, raw: string) => boolean;
    };
    for (const [name, raw, given, accepted] of cases()) {
      expect(verifyWebhook(secret, given, raw), name).toBe(accepted);
    }
  });

  const python = spawnSync('python3', ['-c', 'import sys; assert sys.version_info >= (3, 9)']).status === 0;
  it.skipIf(!python)('Python: the same answers', () => {
    const all = cases();
    const program = `${WEBHOOK_VERIFY_SNIPPETS.python}

import json, sys
secret, cases = json.loads(sys.argv[1])
print(json.dumps([verify_webhook(secret, headers, raw.encode()) for _, raw, headers, _ in cases]))
`;
    const result = spawnSync('python3', ['-c', program, JSON.stringify([secret, all])], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    const answers = JSON.parse(result.stdout) as boolean[];
    expect(Object.fromEntries(all.map((c, i) => [c[0], answers[i]]))).toEqual(
      Object.fromEntries(all.map((c) => [c[0], c[3]])),
    );
  });

  it('shows a delivery whose data has exactly the fields the queue_call_webhook trigger sends', () => {
    const migration = readFileSync(
      fileURLToPath(
        new URL('../../../../../../packages/db/migrations/0007_calling_rules.sql', import.meta.url),
      ),
      'utf8',
    );
    const trigger = /FUNCTION "queue_call_webhook"[\s\S]*?jsonb_build_object\(([\s\S]*?)\)\);/.exec(
      migration,
    )?.[1];
    const keys = [...(trigger ?? '').matchAll(/^\s*'(\w+)',/gm)].map((m) => m[1]);
    expect(keys.length).toBeGreaterThan(10);
    expect(Object.keys(WEBHOOK_EXAMPLE.body.data)).toEqual(keys);
    expect(migration).toContain(`'${WEBHOOK_EXAMPLE.body.type}'`);

    const shown = webhookDeliveryExample();
    expect(shown).toContain(`webhook-id: ${id}`);
    expect(shown).toContain(
      'webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">',
    );
    expect(JSON.parse(shown.slice(shown.indexOf('\n{')))).toEqual(WEBHOOK_EXAMPLE.body);
  });

  it('spells out the retry schedule from the shared steps', () => {
    expect(webhookRetrySchedule()).toBe(
      '30 seconds, 2 minutes, 10 minutes, 1 hour, 6 hours, 12 hours and 24 hours',
    );
    expect(webhookRetrySchedule(1)).toBe(
      '1 second, 4 seconds, 20 seconds, 2 minutes, 12 minutes, 24 minutes and 48 minutes',
    );
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
