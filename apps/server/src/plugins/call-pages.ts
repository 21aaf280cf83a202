import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Integrators poll the call list. Its pages, as answered to API keys, are kept per account and address, fresh for
 * a second, and dropped at once when the account's calls change: on every change announced by the database (from
 * any process: creation, dispatch, status, outcome), and when this process answers any write of the account (so
 * a client always sees its own writes). A change nobody announces (a deleted contact's calls losing their
 * contact_id) shows within the second plus one read. The web app's requests are never cached. This plugin
 * drops them on this process's writes.
 */
export default fp(async function callPages(fastify: FastifyInstance) {
  // The cache is built with the services, which drop an account's pages on the database's notices.
  const cache = fastify.services.callPages;
  fastify.addHook('onSend', (request: FastifyRequest, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.auth) {
      cache.invalidate(request.auth.accountId);
    }
    done(null, payload);
  });
});
