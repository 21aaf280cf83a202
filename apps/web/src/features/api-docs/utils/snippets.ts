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

/** The webhook signature scheme the page documents: `X-Callwise-Signature: t=<unix>,v1=<hex HMAC-SHA256>`. */
export const WEBHOOK_HEADER = 'X-Callwise-Signature';

export const WEBHOOK_VERIFY_SNIPPETS: Record<Exclude<Language, 'curl'>, string> = {
  javascript: `import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Checks a webhook from Callwise: the ${WEBHOOK_HEADER} header is "t=<unix seconds>,v1=<hex>", where
 * <hex> is the HMAC-SHA256 of "<t>.<raw request body>" with your webhook secret. Use the raw body, not
 * parsed and re-serialised JSON; refuse deliveries older than five minutes.
 */
export function verifyCallwiseSignature(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().split('=')),
  );
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  if (Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'));
}`,
  python: `import hashlib
import hmac
import time


def verify_callwise_signature(raw_body: bytes, header: str, secret: str, tolerance_seconds: int = 300) -> bool:
    """Checks a webhook from Callwise: the ${WEBHOOK_HEADER} header is "t=<unix seconds>,v1=<hex>",
    where <hex> is the HMAC-SHA256 of "<t>.<raw request body>" with your webhook secret."""
    parts = dict(part.strip().split("=", 1) for part in (header or "").split(",") if "=" in part)
    try:
        timestamp = int(parts["t"])
        signature = parts["v1"]
    except (KeyError, ValueError):
        return False
    if abs(time.time() - timestamp) > tolerance_seconds:
        return False
    signed = str(timestamp).encode() + b"." + raw_body
    expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, signature)`,
};
