import { insertAuditEvents, type NewAuditEvent } from '@callwise/db/queries/audit-log';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditEntry } from '../http/audit.ts';

function toRow(request: FastifyRequest, entry: AuditEntry): NewAuditEvent | null {
  const auth = request.auth;
  const actor = entry.actor
    ? {
        accountId: entry.actor.accountId,
        actorType: 'user' as const,
        actorId: entry.actor.userId,
        actor: entry.actor.email,
      }
    : auth?.kind === 'session'
      ? { accountId: auth.accountId, actorType: 'user' as const, actorId: auth.userId, actor: auth.email }
      : auth?.kind === 'api_key'
        ? {
            accountId: auth.accountId,
            actorType: 'api_key' as const,
            actorId: auth.apiKeyId,
            actor: auth.apiKeyName,
          }
        : null;
  if (!actor) return null;
  return {
    ...actor,
    action: entry.action,
    summary: entry.summary,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    details: entry.details ?? {},
    ip: request.ip,
  };
}

/**
 * The audit log's writer: what a route noted with `audit()` is written when its answer is a success, before the
 * answer is sent, so no successful answer goes out without its event (a failed write fails the answer). A request
 * that failed records nothing; an idempotent replay runs no handler and records nothing again.
 */
export default fp(async function auditLog(fastify: FastifyInstance) {
  fastify.decorateRequest('auditEntries', null);
  // Callback style: the requests that noted nothing (nearly all) pass without a promise of their own.
  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    const entries = request.auditEntries;
    request.auditEntries = null;
    if (!entries || reply.statusCode >= 400) return done(null, payload);
    const rows = entries.map((entry) => toRow(request, entry)).filter((row) => row !== null);
    insertAuditEvents(fastify.database.db, rows).then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
});
