import type { FastifyPluginAsync } from 'fastify';

/**
 * Stripe's webhooks (decision 036), outside /v1 like Twilio's and Cal.com's: `POST /hooks/stripe`, each request
 * verified with its Stripe-Signature by the official library's `constructEvent` over the raw body. Checkout,
 * subscription and invoice events set the plan and the payment status from the subscription as Stripe has it
 * now, and paid invoices go into the billing history; an event delivered again changes nothing (stripe_events).
 * Registered only when STRIPE_SECRET_KEY is set.
 */
const stripeWebhookRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 512 * 1024 },
    (_request, body, done) => done(null, body),
  );

  fastify.post('/hooks/stripe', { schema: { hide: true } }, async (request) => {
    const header = request.headers['stripe-signature'];
    const signature = Array.isArray(header) ? header[0] : header;
    const raw = typeof request.body === 'string' ? request.body : '';
    const event = fastify.services.billing.readWebhook(raw, signature);
    const result = await fastify.services.billing.applyEvent(event);
    request.log.info(
      { stripeEvent: event.id, type: event.type, accountId: result.accountId, applied: result.applied },
      'stripe webhook',
    );
    return { received: true, duplicate: !result.applied };
  });
};

export default stripeWebhookRoutes;
