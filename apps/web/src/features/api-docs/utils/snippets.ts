import {
  CALL_STATUS_CHANGED_EVENT,
  WEBHOOK_RETRY_STEPS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TOLERANCE_SECONDS,
  WEBHOOK_VERIFY_SNIPPET,
} from '@callwise/shared/schemas/webhooks';
import type { ApiExample, ApiOperation } from '@/features/api-docs/utils/openapi';

export const LANGUAGES = [
  { id: 'curl', label: 'cURL' },
  { id: 'javascript', label: 'JavaScript' },
  { id: 'python', label: 'Python' },
] as const;
export type Language = (typeof LANGUAGES)[number]['id'];

/** The environment variable the examples read the API key from (never pasted into code). */
export const KEY_VARIABLE = 'CALLWISE_API_KEY';

export interface SnippetRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** The request of one of an operation's examples, against `server`. */
export function requestOf(server: string, operation: ApiOperation, example: ApiExample): SnippetRequest {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(example.params[name] ?? name),
  );
  const query = new URLSearchParams(example.query).toString();
  return {
    method: operation.method,
    url: `${server}${path}${query ? `?${query}` : ''}`,
    headers: example.headers,
    body: example.body,
  };
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function curlSnippet(request: SnippetRequest): string {
  const lines = [`curl ${request.method === 'GET' ? '' : `-X ${request.method} `}${shellQuote(request.url)}`];
  lines.push(`  -H "Authorization: Bearer $${KEY_VARIABLE}"`);
  for (const [name, value] of Object.entries(request.headers))
    lines.push(`  -H ${shellQuote(`${headerName(name)}: ${value}`)}`);
  if (request.body !== undefined) {
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d ${shellQuote(JSON.stringify(request.body, null, 2))}`);
  }
  return lines.join(' \\\n');
}

/** "idempotency-key" → "Idempotency-Key" */
const headerName = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());

const indent = (text: string, spaces: number) => text.replace(/\n/g, `\n${' '.repeat(spaces)}`);

export function fetchSnippet(request: SnippetRequest): string {
  const headers = [`    Authorization: \`Bearer \${process.env.${KEY_VARIABLE}}\`,`];
  for (const [name, value] of Object.entries(request.headers)) {
    headers.push(`    '${headerName(name)}': ${JSON.stringify(value)},`);
  }
  if (request.body !== undefined) headers.push(`    'Content-Type': 'application/json',`);
  const options = [`  method: '${request.method}',`, '  headers: {', ...headers, '  },'];
  if (request.body !== undefined) {
    options.push(`  body: JSON.stringify(${indent(JSON.stringify(request.body, null, 2), 2)}),`);
  }
  return [
    `const response = await fetch('${request.url}', {`,
    ...options,
    '});',
    request.method === 'DELETE'
      ? 'console.log(response.status);'
      : 'console.log(response.status, await response.json());',
  ].join('\n');
}

/** A JSON value as a Python literal (True, False, None). */
export function pythonLiteral(value: unknown, depth = 0): string {
  const pad = '    '.repeat(depth + 1);
  const end = '    '.repeat(depth);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${pad}${pythonLiteral(item, depth + 1)},`).join('\n')}\n${end}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${pythonLiteral(v, depth + 1)},`).join('\n')}\n${end}}`;
}

export function pythonSnippet(request: SnippetRequest): string {
  const headers = [`        "Authorization": f"Bearer {os.environ['${KEY_VARIABLE}']}",`];
  for (const [name, value] of Object.entries(request.headers)) {
    headers.push(`        ${JSON.stringify(headerName(name))}: ${JSON.stringify(value)},`);
  }
  const lines = [
    'import os',
    'import requests',
    '',
    `response = requests.${request.method.toLowerCase()}(`,
    `    ${JSON.stringify(request.url)},`,
    '    headers={',
    ...headers,
    '    },',
  ];
  if (request.body !== undefined) lines.push(`    json=${pythonLiteral(request.body, 1)},`);
  lines.push(')');
  lines.push(
    request.method === 'DELETE'
      ? 'print(response.status_code)'
      : 'print(response.status_code, response.json())',
  );
  return lines.join('\n');
}

export const SNIPPETS: Record<Language, (request: SnippetRequest) => string> = {
  curl: curlSnippet,
  javascript: fetchSnippet,
  python: pythonSnippet,
};

/** Reading every page of a list: follow next_cursor until it is null. */
export function paginationSnippet(language: Language, server: string, path: string): string {
  const url = `${server}${path}`;
  if (language === 'curl') {
    return [
      `# The first page; then repeat with &cursor=<next_cursor> until next_cursor is null.`,
      `curl '${url}?limit=100' \\`,
      `  -H "Authorization: Bearer $${KEY_VARIABLE}"`,
    ].join('\n');
  }
  if (language === 'javascript') {
    return [
      'const items = [];',
      'let cursor = null;',
      'do {',
      `  const url = new URL('${url}');`,
      "  url.searchParams.set('limit', '100');",
      "  if (cursor) url.searchParams.set('cursor', cursor);",
      '  const response = await fetch(url, {',
      `    headers: { Authorization: \`Bearer \${process.env.${KEY_VARIABLE}}\` },`,
      '  });',
      '  const page = await response.json();',
      '  items.push(...page.data);',
      '  cursor = page.next_cursor;',
      '} while (cursor);',
      'console.log(items.length);',
    ].join('\n');
  }
  return [
    'import os',
    'import requests',
    '',
    'items, cursor = [], None',
    'while True:',
    '    params = {"limit": 100}',
    '    if cursor:',
    '        params["cursor"] = cursor',
    '    page = requests.get(',
    `        ${JSON.stringify(url)},`,
    `        headers={"Authorization": f"Bearer {os.environ['${KEY_VARIABLE}']}"},`,
    '        params=params,',
    '    ).json()',
    '    items.extend(page["data"])',
    '    cursor = page["next_cursor"]',
    '    if not cursor:',
    '        break',
    'print(len(items))',
  ].join('\n');
}

/** When the wait before the first retry is this many seconds (the server's default), retries follow the steps. */
export const WEBHOOK_FIRST_RETRY_SECONDS = 30;

const duration = (seconds: number) => {
  const [amount, unit] =
    seconds % 3600 === 0
      ? [seconds / 3600, 'hour']
      : seconds % 60 === 0
        ? [seconds / 60, 'minute']
        : [seconds, 'second'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
};

/** The waits before each retry, in words: "30 seconds, 2 minutes, … and 24 hours". */
export function webhookRetrySchedule(firstRetrySeconds = WEBHOOK_FIRST_RETRY_SECONDS): string {
  const waits = WEBHOOK_RETRY_STEPS.map((step) => duration(step * firstRetrySeconds));
  return waits.length > 1 ? `${waits.slice(0, -1).join(', ')} and ${waits.at(-1)}` : (waits[0] ?? '');
}

/**
 * One delivery as the page shows it: the example call's last change (the `data` keys are those the
 * `queue_call_webhook` trigger builds; the test checks them against the migration).
 */
export const WEBHOOK_EXAMPLE = {
  id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a01',
  timestamp: 1772463631,
  body: {
    type: CALL_STATUS_CHANGED_EVENT,
    timestamp: '2026-03-02T15:00:31.180Z',
    data: {
      id: '8f3a2b1c-5d4e-4f6a-9b7c-0d1e2f3a4b01',
      status: 'completed',
      previous_status: 'in-progress',
      outcome: 'confirmed',
      phone: '+12025550143',
      recipient_name: 'Maria Garcia',
      call_type: 'appointment-reminder',
      contact_id: '3f6c1a52-8e0d-4b7a-9c21-5d4e7f8a9b01',
      campaign_id: null,
      attempts: 1,
      scheduled_at: '2026-03-02T15:00:00+00:00',
      started_at: '2026-03-02T15:00:04+00:00',
      ended_at: '2026-03-02T15:00:31+00:00',
      duration: 27,
      cost: 0.05,
      answered_by: 'human',
      failure_reason: null,
      changed_at: '2026-03-02T15:00:31.180412+00:00',
    },
  },
} as const;

/** The example delivery as an HTTP request: the request line, the headers and the body (indented to read). */
export function webhookDeliveryExample(): string {
  return [
    'POST <your callback_url>',
    'content-type: application/json',
    `webhook-id: ${WEBHOOK_EXAMPLE.id}`,
    `webhook-timestamp: ${WEBHOOK_EXAMPLE.timestamp}`,
    'webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">',
    '',
    JSON.stringify(WEBHOOK_EXAMPLE.body, null, 2),
  ].join('\n');
}

/**
 * Code that checks a delivery (Standard Webhooks): JavaScript is the shared snippet Settings shows and the
 * server's tests run against real deliveries; Python does the same (this file's test runs both).
 */
export const WEBHOOK_VERIFY_SNIPPETS: Record<Exclude<Language, 'curl'>, string> = {
  javascript: WEBHOOK_VERIFY_SNIPPET,
  python: `import base64
import hashlib
import hmac
import time


# secret: your whsec_… secret; headers: the request's headers (e.g. Flask's or Django's request.headers);
# body: the raw request body, as received (bytes).
def verify_webhook(secret: str, headers, body: bytes) -> bool:
    msg_id = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp") or ""
    if not msg_id or not timestamp.isdecimal():
        return False
    if abs(time.time() - int(timestamp)) > ${WEBHOOK_TOLERANCE_SECONDS}:  # refuse replays of old deliveries
        return False
    key = base64.b64decode(secret.removeprefix("${WEBHOOK_SECRET_PREFIX}"))
    signed = f"{msg_id}.{timestamp}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest())
    for entry in (headers.get("webhook-signature") or "").split(" "):
        version, _, signature = entry.partition(",")
        if version == "v1" and hmac.compare_digest(signature.encode(), expected):
            return True
    return False`,
};
