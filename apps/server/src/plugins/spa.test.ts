import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
const webDist = mkdtempSync(path.join(tmpdir(), 'callwise-web-pages-'));
const page = (title: string, url: string) =>
  `<!doctype html><title>${title}</title><meta property="og:url" content="%CALLWISE_PUBLIC_URL%${url}" /><div id="root"></div>`;

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'pages'));
  writeFileSync(path.join(webDist, 'index.html'), page('Callwise', '/'));
  writeFileSync(path.join(webDist, 'pages', 'index.html'), page('Home · Callwise', '/'));
  writeFileSync(path.join(webDist, 'pages', 'pricing.html'), page('Pricing · Callwise', '/pricing'));
  t = await buildTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the public pages’ own HTML', () => {
  it('answers a public page with its own HTML, with absolute Open Graph addresses', async () => {
    for (const url of ['/pricing', '/pricing/', '/pricing?plan=pro']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Pricing · Callwise</title>');
      expect(res.body).toContain('content="http://localhost:3000/pricing"');
    }
    expect((await t.app.inject('/')).body).toContain('<title>Home · Callwise</title>');
  });

  it('compresses the page when the browser accepts it', async () => {
    const br = await t.app.inject({ url: '/pricing', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<title>Pricing · Callwise</title>');
    const gzip = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<title>Home · Callwise</title>');
  });

  it('answers every other page with the generic index.html', async () => {
    const res = await t.app.inject('/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Callwise</title>');
    expect(res.body).not.toContain('%CALLWISE_PUBLIC_URL%');
  });
});
