import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  // The web app's own favicon, as the build copies it from apps/web/public.
  copyFileSync(
    path.resolve(import.meta.dirname, '../../../web/public/favicon.ico'),
    path.join(webDist, 'favicon.ico'),
  );
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

describe('paths that are no page of the app', () => {
  it('answer 404 with the app, which shows its 404 page', async () => {
    for (const url of ['/no/such/page', '/pricingx', '/contacts/123', '/settings/nope', '/index.php?x=1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/no/such/page' });
    expect(head.statusCode).toBe(404);
    const gzip = await t.app.inject({ url: '/no/such/page', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.statusCode).toBe(404);
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<title>Callwise</title>');
  });

  it('leave every page of the app at 200, deep links and query strings too', async () => {
    for (const url of [
      '/settings',
      '/settings?tab=billing',
      '/settings/billing',
      '/settings/webhooks/',
      '/contacts?tag=vip',
      '/campaigns/new',
      '/campaigns/6f1c2a7e-3b4d-4c5e-8f90-123456789abc',
      '/call-history/',
      '/api',
      '/status',
      '/Pricing',
    ]) {
      expect((await t.app.inject(url)).statusCode, url).toBe(200);
    }
  });
});

describe('files for browsers and robots', () => {
  it('/favicon.ico is a real icon', async () => {
    const res = await t.app.inject('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // An ICO header: reserved 0, type 1 (icon), then how many images.
    expect(res.rawPayload.readUInt16LE(0)).toBe(0);
    expect(res.rawPayload.readUInt16LE(2)).toBe(1);
    expect(res.rawPayload.readUInt16LE(4)).toBeGreaterThan(0);
  });

  it('/robots.txt keeps robots out of the workspace and the API, and names the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/^User-agent: \*$/m);
    for (const prefix of [
      '/dashboard',
      '/contacts',
      '/campaigns',
      '/settings',
      '/v1/',
      '/auth/v1/',
      '/hooks/',
      '/a/',
      '/u/',
      '/invite',
    ]) {
      expect(res.body).toContain(`Disallow: ${prefix}\n`);
    }
    expect(res.body).not.toContain('Disallow: /campaigns/');
    expect(res.body).not.toMatch(/Disallow: \/(pricing|about|help|api)\b/);
    expect(res.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  it('/sitemap.xml lists the public pages at PUBLIC_URL', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        'http://localhost:3000/',
        'http://localhost:3000/pricing',
        'http://localhost:3000/about',
        'http://localhost:3000/demo',
        'http://localhost:3000/help',
        'http://localhost:3000/api',
        'http://localhost:3000/terms',
        'http://localhost:3000/privacy',
      ]),
    );
    expect(locs.some((loc) => /dashboard|settings|contacts|login/.test(loc ?? ''))).toBe(false);
  });
});
