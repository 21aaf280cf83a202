import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PageCache } from '../http/page-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pages of GET /v1/calls answered to API keys, kept for a second (see the plugin). */
    callPages: PageCache;
  }
}

/** How long a page of the call list may be served again without reading the database. */
export const CALL_PAGE_TTL_MS = 1000;

/**
 * Integrators poll the call list. Its pages, as answered to API keys, are kept per account and address, fresh for
 * a second, and dropped at once when the account's calls change: on every change announced by the database (from
 * any process: creation, dispatch, status, outcome), and when this process answers any write of the account (so
 * a client always sees its own writes). A change nobody announces (a deleted contact's calls losing their
 * contact_id) shows within the second plus one read. The web app's requests are never cached.
 */
export default fp(async function callPages(fastify: FastifyInstance) {
  const cache = new PageCache({ ttlMs: CALL_PAGE_TTL_MS, maxEntries: 2000 });
  fastify.decorate('callPages', cache);
  const off = fastify.services.events.onAccountChanged((accountId) => cache.invalidate(accountId));
  fastify.addHook('onClose', async () => off());
  fastify.addHook('onSend', (request: FastifyRequest, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.auth) {
      cache.invalidate(request.auth.accountId);
    }
    done(null, payload);
  });
});
