import { migrationsApplied } from '@callwise/db/migrate';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const statusSchema = z.object({ status: z.string(), database: z.string().optional() });

/** `/healthz`: the process answers. `/readyz`: the database answers and every migration is applied. */
const healthRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/healthz',
    // Probes are hit often: no response schema, logging or compression on this route.
    { schema: { hide: true }, logLevel: 'warn', compress: false },
    async () => ({ status: 'ok' }),
  );

  fastify.get(
    '/readyz',
    { schema: { hide: true, response: { 200: statusSchema, 503: statusSchema } }, logLevel: 'warn' },
    async (request, reply) => {
      try {
        const ready = await migrationsApplied(fastify.database);
        if (!ready)
          return reply.status(503).send({ status: 'migrations pending', database: fastify.database.kind });
        return { status: 'ready', database: fastify.database.kind };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send({ status: 'database unreachable', database: fastify.database.kind });
      }
    },
  );
};

export default healthRoutes;
