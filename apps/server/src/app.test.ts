import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../test/helper.ts';

let t: TestApp;
const webDist = mkdtempSync(path.join(tmpdir(), 'callwise-web-'));
const bigScript = `console.log(${JSON.stringify('x'.repeat(5000))});`;

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), bigScript);
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.gz'), gzipSync(bigScript));
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('health', () => {
  it('answers /healthz', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz once migrations are applied', async () => {
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: t.database.kind });
  });
});

describe('unknown paths', () => {
  it('answers JSON 404 under /v1, never the web app', async () => {
    const res = await t.app.inject('/v1/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      error: { code: 'not_found', message: 'No route for GET /v1/does-not-exist' },
    });
  });

  it('answers JSON 404 for an unknown POST anywhere', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/contacts', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it.each([
    ['/', 200],
    ['/dashboard', 200],
    ['/call-history?status=failed', 200],
    ['/some/unknown/page?x=1', 404],
  ])('serves the web app for %s with %i', async (url, status) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });
});

describe('compressed answers', () => {
  it('compresses a list page in one go, with its exact length, for brotli and gzip clients alike', async () => {
    const user = await signedInUser(t);
    await t.database.executeSql(
      `INSERT INTO contacts (account_id, name, phone, email, company)
       SELECT $1, 'Contact ' || g, '+1202555' || lpad(g::text, 4, '0'), 'c' || g || '@example.com', 'Company ' || g
       FROM generate_series(1, 100) AS g`,
      [user.accountId],
    );
    const plain = await t.app.inject({ url: '/v1/contacts?limit=100', headers: user.headers });
    // Over the compression plugin's 8 KB default for streaming on a two-core machine.
    expect(plain.rawPayload.length).toBeGreaterThan(16 * 1024);
    for (const [encoding, decompress] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        url: '/v1/contacts?limit=100',
        headers: { ...user.headers, 'accept-encoding': encoding },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      // A streamed answer has no length; one compressed at once states it.
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(decompress(res.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });
});

describe('static assets', () => {
  it('caches hashed assets for a year and serves them precompressed', async () => {
    const res = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(bigScript.length / 10);
  });

  it('caches other files briefly', async () => {
    const res = await t.app.inject('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('security headers', () => {
  it('sends a content security policy and friends', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('OpenAPI', () => {
  it('publishes an OpenAPI 3.1 document', async () => {
    const res = await t.app.inject('/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toBe('3.1.0');
    expect(res.json().info.title).toBe('Callwise API');
  });
});
