import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /** Send Strict-Transport-Security (only when the product is served over https). */
  hsts: boolean;
}

const contentSecurityPolicy = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob: data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
].join(';');

/**
 * The security headers helmet sends by default (plus our content security policy), computed once and set with
 * one call per response. See docs/decisions/004-security-headers.md for why this replaces @fastify/helmet.
 */
export function securityHeaders(options: SecurityHeadersOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(options.hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export default fp(async function securityHeadersPlugin(
  fastify: FastifyInstance,
  options: SecurityHeadersOptions,
) {
  const headers = securityHeaders(options);
  fastify.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
});
