import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { isAppPath, SITEMAP_PATHS, WORKSPACE_PATHS } from '@callwise/shared/routes';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Paths that belong to the API or to machines: never answered with the web app. */
const MACHINE_PREFIXES = ['/v1/', '/auth/v1/', '/telephony/', '/hooks/', '/_dev/'];
/**
 * Pages of one person (a customer's own appointment, the page that stops a business's messages to them, an
 * invitation to join a business; each reached by its link): never for robots.
 */
const PRIVATE_PAGE_PREFIXES = ['/a/', '/u/', '/invite'];
const isMachinePath = (url: string) =>
  MACHINE_PREFIXES.some((prefix) => url.startsWith(prefix) || `${url}/` === prefix);

export interface SpaOptions {
  /** The built web app (Vite's dist); null when the web app is served elsewhere (development). */
  webDist: string | null;
}

const compressedCache = new WeakMap<Buffer, Partial<Record<'br' | 'gzip', Buffer>>>();

/** The page compressed once with the encoding, then kept. */
function compressed(html: Buffer, encoding: 'br' | 'gzip'): Buffer {
  const known = compressedCache.get(html) ?? {};
  compressedCache.set(html, known);
  known[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } })
      : gzipSync(html, { level: 9 });
  return known[encoding];
}

function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/** The address the product is reached at, in the pages' Open Graph tags (absolute URLs). */
const PUBLIC_URL_TOKEN = /%CALLWISE_PUBLIC_URL%/g;

/**
 * The public pages' own HTML (`pages/*.html` of the build: each page's title, description, Open Graph tags and
 * preloaded chunks), by path: "/" from pages/index.html, "/pricing" from pages/pricing.html, and so on.
 */
function readPages(webDist: string, publicUrl: string): Map<string, Buffer> {
  const pages = new Map<string, Buffer>();
  const dir = path.join(webDist, 'pages');
  if (!existsSync(dir)) return pages;
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.html')) continue;
    const name = file.slice(0, -'.html'.length);
    const html = readFileSync(path.join(dir, file), 'utf8').replace(PUBLIC_URL_TOKEN, publicUrl);
    pages.set(name === 'index' ? '/' : `/${name}`, Buffer.from(html));
  }
  return pages;
}

/** robots.txt: every page but the workspace's, a customer's own and the API, then where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  const prefixes = [...new Set(WORKSPACE_PATHS.map((page) => page.split('/:')[0] as string))];
  // "Disallow: /campaigns" covers /campaigns/new too: only the shortest prefixes are listed.
  const disallowed = prefixes.filter(
    (prefix) => !prefixes.some((other) => other !== prefix && prefix.startsWith(`${other}/`)),
  );
  return [
    'User-agent: *',
    ...disallowed.map((prefix) => `Disallow: ${prefix}`),
    ...MACHINE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    ...PRIVATE_PAGE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? '&apos;',
  );

/** sitemap.xml: the public pages, at the address the product is reached at. */
export function sitemapXml(publicUrl: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...SITEMAP_PATHS.map((page) => `  <url><loc>${escapeXml(`${publicUrl}${page}`)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * Serves the built web app: hashed assets cached for a year (precompressed .br/.gz when present), each page of
 * the app (packages/shared/src/routes.ts) with its HTML, and any other GET with the app too but a 404 status, so
 * the client router shows its 404 page to people and the status tells machines. Also robots.txt and sitemap.xml.
 */
export default fp(async function spa(fastify: FastifyInstance, options: SpaOptions) {
  const indexFile = options.webDist ? path.join(options.webDist, 'index.html') : null;
  const publicUrl = fastify.config.PUBLIC_URL;
  const indexHtml =
    indexFile && existsSync(indexFile)
      ? Buffer.from(readFileSync(indexFile, 'utf8').replace(PUBLIC_URL_TOKEN, publicUrl))
      : null;
  const pages =
    options.webDist && indexHtml ? readPages(options.webDist, publicUrl) : new Map<string, Buffer>();

  // Routes (not files): they carry PUBLIC_URL, and the compression plugin sees them.
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl);
  const siteFile = { schema: { hide: true }, logLevel: 'warn' } as const;
  fastify.get('/robots.txt', siteFile, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots),
  );
  fastify.get('/sitemap.xml', siteFile, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(sitemap),
  );

  if (options.webDist && indexHtml) {
    await fastify.register(fastifyStatic, {
      root: options.webDist,
      prefix: '/',
      // One route for the files (a path that is no file goes on to the handler below): a route for each file of
      // the build took a twentieth of a first start. A directory is never listed or served.
      wildcard: true,
      allowedPath: (pathname) => !pathname.endsWith('/'),
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const relative = path.relative(options.webDist as string, filePath);
        reply.header(
          'cache-control',
          relative.startsWith(`assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
        );
      },
    });
  }

  fastify.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isMachinePath(url) || !wantsPage) {
      return reply
        .status(404)
        .send({ error: { code: 'not_found', message: `No route for ${request.method} ${url}` } });
    }
    if (!indexHtml) {
      return reply
        .status(404)
        .type('text/plain')
        .send('The web app is not built. Run "npm run build" (or "npm start", which builds it).');
    }
    const html = pages.get(url.length > 1 ? url.replace(/\/+$/, '') : url) ?? indexHtml;
    // Not a page of the app: the same app (it renders its 404 page), with the status that says so.
    reply
      .status(isAppPath(url) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    reply.type('text/html; charset=utf-8');
    // The 404 handler is not a route, so the compression plugin does not see it: compress here (kept per page).
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(compressed(html, encoding));
  });
});
