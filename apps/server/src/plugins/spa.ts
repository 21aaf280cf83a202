import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Paths that belong to the API or to machines: never answered with the web app. */
const MACHINE_PREFIXES = ['/v1/', '/auth/v1/', '/telephony/', '/_dev/'];
const isMachinePath = (url: string) =>
  MACHINE_PREFIXES.some((prefix) => url.startsWith(prefix) || `${url}/` === prefix);

export interface SpaOptions {
  /** The built web app (Vite's dist); null when the web app is served elsewhere (development). */
  webDist: string | null;
}

/**
 * Serves the built web app: hashed assets cached for a year (precompressed .br/.gz when present), every other
 * GET of an unknown path answered with index.html so the client router renders it (or its 404 page).
 */
export default fp(async function spa(fastify: FastifyInstance, options: SpaOptions) {
  const indexFile = options.webDist ? path.join(options.webDist, 'index.html') : null;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile) : null;

  if (options.webDist && indexHtml) {
    await fastify.register(fastifyStatic, {
      root: options.webDist,
      prefix: '/',
      wildcard: false,
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
    return reply
      .status(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
});
