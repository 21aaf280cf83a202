import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import type { DatabaseHandle } from '@callwise/db/client';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type PgBoss from 'pg-boss';
import type { Config } from './config.ts';
import simulatorRoutes from './engine/carriers/simulator.routes.ts';
import { documentAudience, openApiOptions } from './http/openapi.ts';
import { createSerializerCompiler } from './http/serializer.ts';
import { logSerializers } from './infra/logger.ts';
import callingRulesRoutes from './modules/account/calling-rules.routes.ts';
import apiKeysRoutes from './modules/api-keys/api-keys.routes.ts';
import appointmentsRoutes from './modules/appointments/appointments.routes.ts';
import appointmentsImportRoutes from './modules/appointments/appointments-import.routes.ts';
import bookingRoutes from './modules/appointments/booking.routes.ts';
import selfServiceRoutes from './modules/appointments/self-service.routes.ts';
import calcomWebhookRoutes from './modules/appointments/sources/calcom-webhook.routes.ts';
import calendarConnectionsRoutes from './modules/appointments/sources/calendar-connections.routes.ts';
import googleCallbackRoutes from './modules/appointments/sources/google-callback.routes.ts';
import waitlistRoutes from './modules/appointments/waitlist.routes.ts';
import assistantRoutes from './modules/assistant/assistant.routes.ts';
import businessNumberRoutes from './modules/assistant/business-number.routes.ts';
import testCallsRoutes from './modules/assistant/test-calls.routes.ts';
import auditLogRoutes from './modules/audit-log/audit-log.routes.ts';
import authRoutes from './modules/auth/auth.routes.ts';
import billingRoutes, { billingEstimateRoutes } from './modules/billing/billing.routes.ts';
import callsRoutes from './modules/calls/calls.routes.ts';
import campaignsRoutes from './modules/campaigns/campaigns.routes.ts';
import consentRoutes from './modules/consent/consent.routes.ts';
import unsubscribeRoutes, { oneClickUnsubscribeRoutes } from './modules/consent/unsubscribe.routes.ts';
import contactsRoutes from './modules/contacts/contacts.routes.ts';
import contactsImportRoutes from './modules/contacts/contacts-import.routes.ts';
import dashboardRoutes from './modules/dashboard/dashboard.routes.ts';
import demoRoutes from './modules/demo/demo.routes.ts';
import doNotCallRoutes from './modules/do-not-call/do-not-call.routes.ts';
import eventsRoutes from './modules/events/events.routes.ts';
import healthRoutes from './modules/health/health.routes.ts';
import devMailRoutes from './modules/mail/dev-mail.routes.ts';
import meRoutes from './modules/me/me.routes.ts';
import messagesRoutes from './modules/messages/messages.routes.ts';
import textSettingsRoutes from './modules/messages/text-settings.routes.ts';
import scriptsRoutes from './modules/scripts/scripts.routes.ts';
import supportRoutes from './modules/support/support.routes.ts';
import invitationRoutes from './modules/team/invitation.routes.ts';
import teamRoutes from './modules/team/team.routes.ts';
import voicesRoutes from './modules/voices/voices.routes.ts';
import {
  webhookDeliveriesRoutes,
  webhookEndpointRoutes,
  webhookSecretRoutes,
} from './modules/webhooks/webhooks.routes.ts';
import auditLog from './plugins/audit.ts';
import authenticate from './plugins/authenticate.ts';
import callPages from './plugins/call-pages.ts';
import errors, { clientErrorHandler, frameworkErrors } from './plugins/errors.ts';
import idempotency from './plugins/idempotency.ts';
import inputGuard from './plugins/input-guard.ts';
import securityHeaders from './plugins/security-headers.ts';
import spa from './plugins/spa.ts';
import type { Services } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    queue: PgBoss;
    services: Services;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  queue: PgBoss;
  services: Services;
  /** The built web app to serve; null to serve none. Defaults to apps/web/dist. */
  webDist?: string | null;
}

/** apps/web/dist, found from this module whether it runs from src/ or from the dist/ bundle. */
export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** The whole HTTP application as a plugin: external plugins, then ours, then routes. Tests load it as is. */
export const app = fp(async function callwiseApp(fastify: FastifyInstance, options: AppOptions) {
  fastify.decorate('config', options.config);
  fastify.decorate('database', options.database);
  fastify.decorate('queue', options.queue);
  fastify.decorate('services', options.services);
  // The offline speech engine starts its thread and warms up once the server listens (not in tests).
  if (options.config.NODE_ENV !== 'test') {
    fastify.addHook('onListen', async () => void options.services.speech.warmUp().catch(() => undefined));
  }

  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(createSerializerCompiler(options.config.NODE_ENV !== 'production'));

  await fastify.register(securityHeaders, { hsts: options.config.PUBLIC_URL.startsWith('https://') });
  // Before compression: it stores the plain answers of POSTs with an Idempotency-Key.
  await fastify.register(idempotency);
  await fastify.register(compress, {
    global: true,
    threshold: 1024,
    // Answers up to 128 KB (every list page) are compressed in one synchronous call (a 42 KB page of calls takes
    // brotli 0.2 ms) instead of through a stream, whose setup and hand-offs cost more than the compression: on
    // two cores the plugin's own default sends everything over 8 KB through a stream.
    syncThreshold: 128 * 1024,
    encodings: ['br', 'gzip'],
    // Brotli's default quality (11) costs milliseconds per JSON answer; 4 compresses nearly as well, far faster.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await fastify.register(swagger, openApiOptions(options.config));

  await fastify.register(errors);
  // A NUL character anywhere in a request is refused here, for every route (PostgreSQL cannot store one).
  await fastify.register(inputGuard);
  await fastify.register(healthRoutes);
  await fastify.register(authenticate);
  // What routes note with audit() is written to the account's audit log with their successful answer.
  await fastify.register(auditLog);
  await fastify.register(callPages);
  await fastify.register(authRoutes, {
    prefix: '/auth/v1',
    auth: options.services.auth,
    mfa: options.services.mfa,
    rateLimitPer5Min: options.config.AUTH_RATE_LIMIT_PER_5_MIN,
  });
  if (!options.config.SMTP_URL) await fastify.register(devMailRoutes);
  // Twilio's webhooks (each request signature-checked), only when Twilio places the calls.
  if (options.config.TELEPHONY_PROVIDER === 'twilio') {
    await fastify.register(import('./engine/carriers/twilio/twilio.routes.ts'));
  }
  // Stripe's webhooks (each request signature-checked), only when Stripe takes the payments (decision 036).
  if (options.config.STRIPE_SECRET_KEY) {
    await fastify.register(import('./modules/billing/stripe-webhook.routes.ts'));
  }
  // Cal.com's booking webhooks (each request signature-checked with its connection's secret).
  await fastify.register(calcomWebhookRoutes);
  // Google's return from its consent page (the one-time state names the account).
  await fastify.register(googleCallbackRoutes);
  // A mail client's one-click unsubscribe, posted to the unsubscribe page's own address.
  await fastify.register(oneClickUnsubscribeRoutes);

  await fastify.register(
    async (v1) => {
      v1.get('/openapi.json', { schema: { hide: true } }, async () => fastify.swagger());
      // The public site's demo and contact form: no caller needed, rate-limited per client address.
      await v1.register(demoRoutes);
      await v1.register(supportRoutes);
      // The customer's page of an appointment: the signed link is the credential, rate-limited per address.
      await v1.register(selfServiceRoutes);
      // The unsubscribe link of a customer's e-mails: the signed link is the credential, rate-limited per address.
      await v1.register(unsubscribeRoutes);
      // An invitation's page and joining through it: the link's token is the credential, rate-limited per address.
      await v1.register(invitationRoutes);
      // Everything else under /v1 needs a caller. The integrator API: an API key or a signed-in session.
      await v1.register(async (privateV1) => {
        privateV1.addHook('onRoute', documentAudience('integrator'));
        privateV1.addHook('onRequest', fastify.authenticate);
        await privateV1.register(contactsRoutes);
        await privateV1.register(contactsImportRoutes);
        await privateV1.register(doNotCallRoutes);
        await privateV1.register(consentRoutes);
        await privateV1.register(messagesRoutes);
        await privateV1.register(scriptsRoutes);
        await privateV1.register(appointmentsRoutes);
        await privateV1.register(appointmentsImportRoutes);
        await privateV1.register(bookingRoutes);
        await privateV1.register(assistantRoutes);
        await privateV1.register(businessNumberRoutes);
        await privateV1.register(simulatorRoutes);
        await privateV1.register(waitlistRoutes);
        await privateV1.register(callsRoutes);
        await privateV1.register(webhookDeliveriesRoutes);
        await privateV1.register(campaignsRoutes);
        await privateV1.register(eventsRoutes);
        await privateV1.register(voicesRoutes);
        await privateV1.register(billingEstimateRoutes);
      });
      // The web app's own: a signed-in session only (API keys get 403).
      await v1.register(async (sessionV1) => {
        sessionV1.addHook('onRoute', documentAudience('session'));
        sessionV1.addHook('onRequest', fastify.authenticateSession);
        await sessionV1.register(meRoutes);
        await sessionV1.register(callingRulesRoutes);
        await sessionV1.register(textSettingsRoutes);
        await sessionV1.register(dashboardRoutes);
        await sessionV1.register(apiKeysRoutes);
        await sessionV1.register(billingRoutes);
        await sessionV1.register(webhookSecretRoutes);
        await sessionV1.register(webhookEndpointRoutes);
        await sessionV1.register(calendarConnectionsRoutes);
        await sessionV1.register(testCallsRoutes);
        await sessionV1.register(auditLogRoutes);
        await sessionV1.register(teamRoutes);
      });
    },
    { prefix: '/v1' },
  );
  await fastify.register(spa, { webDist: options.webDist === undefined ? defaultWebDist : options.webDist });
});

/** A Fastify instance with our logging and limits, and the app registered. */
export async function buildApp(
  options: AppOptions,
  serverOptions: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const { logger, ...rest } = serverOptions;
  const fastify = Fastify({
    // Our serializers (no query values or personal data in logs) whatever level or destination a caller picks.
    logger:
      logger === false
        ? false
        : {
            level: options.config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]'],
            ...(typeof logger === 'object' ? logger : {}),
            serializers: logSerializers,
          },
    // Fastify's own errors (a path parameter over 100 characters, malformed HTTP) in our error shape.
    frameworkErrors,
    clientErrorHandler,
    // X-Forwarded-For is believed only from the proxies named (by default one on this machine): anyone else could
    // set it to dodge the per-IP limits. (A boolean, a hop count or addresses: Fastify takes each, but its
    // overloads do not take their union.)
    trustProxy: options.config.TRUST_PROXY as string,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: false,
    return503OnClosing: true,
    ...rest,
  });
  await fastify.register(app, options);
  return fastify;
}
