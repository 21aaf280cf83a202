import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENTS_EXAMPLES } from './events.examples.ts';

/** How often an idle stream sends a comment, so that proxies and browsers keep it open. */
const PING_MS = 15_000;

/**
 * GET /v1/events: the caller's account's call changes as server-sent events (`event: call`, data
 * `{id, status, outcome, version}`), from whichever process made them.
 */
const eventsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const open = new Set<ServerResponse>();
  fastify.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  fastify.get(
    '/events',
    {
      schema: {
        tags: ['calls'],
        summary: 'Live call changes (server-sent events)',
        description:
          'A text/event-stream of the account\'s call changes: `event: call` with data `{"id","status","outcome","version"}`, ' +
          'and of its text messages: `event: message` with data `{"id","status"}`; ' +
          'a `: ping` comment every 15 seconds. Reconnect when it ends; fetch the calls again after a reconnect.',
        response: {
          200: z.any().meta({
            description: 'A stream of server-sent events (text/event-stream), open until the client leaves.',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          }),
        },
        examples: EVENTS_EXAMPLES.liveCallChanges,
      },
    },
    async (request, reply) => {
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      stream.write('retry: 3000\n: connected\n\n');
      open.add(stream);
      const offCalls = fastify.services.events.subscribe(request.auth.accountId, (event) => {
        stream.write(`event: call\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const offMessages = fastify.services.events.subscribeMessages(request.auth.accountId, (event) => {
        stream.write(`event: message\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const unsubscribe = () => {
        offCalls();
        offMessages();
      };
      const ping = setInterval(() => stream.write(': ping\n\n'), PING_MS);
      const done = () => {
        clearInterval(ping);
        unsubscribe();
        open.delete(stream);
      };
      stream.on('close', done);
      stream.on('error', done);
    },
  );
};

export default eventsRoutes;
