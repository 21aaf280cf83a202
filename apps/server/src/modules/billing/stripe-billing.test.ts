import { claimDueCalls } from '@callwise/db/queries/call-dispatch';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';
import { EXTRA_CALLS_METER, planLookupKey, StripeBillingProvider } from './stripe-billing-provider.ts';
import { type FakeStripe, startFakeStripe } from './stripe-test-server.ts';

// Real payments through Stripe (decision 036), at the boundary: the real `stripe` library against a local fake of
// Stripe's documented API, and Stripe's signed webhooks sent to the server over HTTP.
const SECRET_KEY = 'sk_test_callwiseBillingBoundary';
const WEBHOOK_SECRET = 'whsec_callwiseBillingBoundarySecret';

let stripe: FakeStripe;
let t: TestApp & { baseUrl: string };
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  stripe = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  t = await listenTestApp({
    env: {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE_URL: stripe.url,
    },
  });
  stripe.setWebhookUrl(`${t.baseUrl}/hooks/stripe`);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/** How many times the server asked the fake Stripe to create something at this path. */
const posted = (path: string) => stripe.requests.filter((r) => r.method === 'POST' && r.path === path).length;
const call = (user: User, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: user.headers, payload });
const billing = async (user: User) => {
  const res = await call(user, 'GET', '/v1/billing');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const charges = async (user: User) =>
  (await call(user, 'GET', '/v1/billing/charges')).json().data as Array<{
    kind: string;
    amount_usd: number;
    provider_ref: string | null;
    description: string;
  }>;
const accountRow = async (user: User) =>
  (
    await t.database.executeSql(
      'SELECT plan, payment_status, stripe_customer_id, stripe_subscription_id FROM accounts WHERE id = $1',
      [user.accountId],
    )
  ).rows[0] as {
    plan: string;
    payment_status: string;
    stripe_customer_id: string | null;
    stripe_subscription_id: string | null;
  };

/** Checkout of `plan` through the API, paid at the fake Stripe: answers the session and the subscription's id. */
async function subscribe(user: User, plan: string) {
  const res = await call(user, 'POST', '/v1/billing/checkout', { plan });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().url);
  const session = [...stripe.sessions.values()].find((s) => url.pathname.endsWith(s.id));
  if (!session) throw new Error(`no session for ${url}`);
  await stripe.completeCheckout(session.id);
  const subscriptionId = stripe.sessions.get(session.id)?.subscription as string;
  return { session, subscriptionId };
}

let numbers = 0;
const schedule = (user: User, scheduledAt = new Date(Date.now() + 86_400_000)) =>
  call(user, 'POST', '/v1/calls', {
    phone: `+1202555${String(2000 + ++numbers).padStart(4, '0')}`,
    recipient_name: 'Maria',
    message: 'Your order is ready.',
    scheduled_at: scheduledAt.toISOString(),
  });

describe('Stripe Checkout', () => {
  it('sells the first paid plan through checkout, applied from the signed webhooks once', async () => {
    const owner = await signedInUser(t);
    const before = await billing(owner);
    expect(before).toMatchObject({ plan: 'trial', provider: 'stripe', payment_status: 'ok' });
    expect(before.manage_billing).toBe(false);
    // No card yet: nothing to manage, and a plan is bought through checkout, not changed.
    expect((await call(owner, 'POST', '/v1/billing/portal')).json().error.code).toBe('no_billing_account');
    const direct = await call(owner, 'POST', '/v1/billing/plan', { plan: 'professional' });
    expect(direct.statusCode).toBe(409);
    expect(direct.json().error.code).toBe('checkout_required');

    const pricesBefore = posted('/v1/prices');
    const { session, subscriptionId } = await subscribe(owner, 'professional');
    // The session: our account, the plan's monthly price and the metered extra calls, back to Settings → Billing.
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: owner.accountId,
      success_url: `${t.baseUrl}/settings/billing?checkout=success`,
      cancel_url: `${t.baseUrl}/settings/billing?checkout=canceled`,
      metadata: { account_id: owner.accountId, plan: 'professional' },
    });
    const byKey = new Map([...stripe.prices.values()].map((p) => [p.lookup_key, p]));
    expect(byKey.get(planLookupKey('professional'))).toMatchObject({ unit_amount: 7900 });
    expect(byKey.get(EXTRA_CALLS_METER)).toMatchObject({ recurring: { usage_type: 'metered' } });
    // The prices are made with the first checkout (three plans and the extra calls, on one meter), not per checkout.
    expect(posted('/v1/prices') - pricesBefore).toBe(pricesBefore === 0 ? 4 : 0);
    expect(posted('/v1/billing/meters')).toBe(1);

    const after = await billing(owner);
    expect(after).toMatchObject({ plan: 'professional', payment_status: 'ok', manage_billing: true });
    expect(await accountRow(owner)).toMatchObject({ stripe_subscription_id: subscriptionId });
    // Every delivery was accepted; the paid invoice is in the history, with Stripe's id.
    expect(stripe.deliveries.every((d) => d.status === 200)).toBe(true);
    const paid = (await charges(owner)).filter((c) => c.kind === 'subscription');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ amount_usd: 79, provider_ref: expect.stringMatching(/^in_/) });

    // Delivered again (Stripe retries), every event changes nothing.
    const mine = stripe.events.filter((e) => JSON.stringify(e.data.object).includes(subscriptionId));
    for (const event of mine) {
      const again = await stripe.redeliver(event.id);
      expect(again.status).toBe(200);
    }
    expect((await charges(owner)).filter((c) => c.kind === 'subscription')).toHaveLength(1);

    // Invoices and the portal come from Stripe.
    const invoices = await call(owner, 'GET', '/v1/billing/invoices');
    expect(invoices.statusCode, invoices.body).toBe(200);
    expect(invoices.json().data).toEqual([
      expect.objectContaining({ status: 'paid', amount_usd: 79, amount_paid_usd: 79 }),
    ]);
    const portal = await call(owner, 'POST', '/v1/billing/portal');
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().url).toMatch(new RegExp(`^${stripe.url}/`));
    // Already subscribed: a second checkout is refused.
    expect((await call(owner, 'POST', '/v1/billing/checkout', { plan: 'enterprise' })).statusCode).toBe(409);
  });

  it('refuses a webhook without Stripe’s signature, and applies nothing from it', async () => {
    const owner = await signedInUser(t);
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { object: 'checkout.session', client_reference_id: owner.accountId } },
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
    for (const signature of [undefined, forged]) {
      const res = await fetch(`${t.baseUrl}/hooks/stripe`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
        body: payload,
      });
      expect(res.status).toBe(401);
    }
    const seen = await t.database.executeSql("SELECT 1 FROM stripe_events WHERE id = 'evt_forged'");
    expect(seen.rows).toHaveLength(0);
  });

  it('answers 502 payment_provider_error with Stripe’s refusal, and keeps the trial', async () => {
    const owner = await signedInUser(t);
    stripe.failNext('POST', '/v1/checkout/sessions', 400, {
      type: 'invalid_request_error',
      message: 'This account cannot currently make live charges.',
    });
    const res = await call(owner, 'POST', '/v1/billing/checkout', { plan: 'starter' });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().error.code).toBe('payment_provider_error');
    expect((await billing(owner)).plan).toBe('trial');
  });
  it('makes the same customer once, when a checkout that failed is tried again after the business was renamed', async () => {
    const owner = await signedInUser(t);
    stripe.failNext('POST', '/v1/checkout/sessions', 400, {
      type: 'invalid_request_error',
      message: 'This account cannot currently make live charges.',
    });
    expect((await call(owner, 'POST', '/v1/billing/checkout', { plan: 'starter' })).statusCode).toBe(502);
    // The customer was made before Stripe refused the session; the account does not know it yet.
    expect((await accountRow(owner)).stripe_customer_id).toBeNull();
    await t.database.executeSql("UPDATE accounts SET name = 'Harbor Dental Group' WHERE id = $1", [
      owner.accountId,
    ]);

    const { session } = await subscribe(owner, 'starter');
    const customers = [...stripe.customers.values()].filter(
      (customer) => (customer.metadata as Record<string, string>).account_id === owner.accountId,
    );
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({
      id: session.customer,
      name: 'Harbor Dental Group',
      email: owner.email,
    });
    expect((await accountRow(owner)).stripe_customer_id).toBe(session.customer);
  });
});

describe('a subscription’s life', () => {
  it('charges the card on file for a new plan, holds calls while past due, and returns to the trial when canceled', async () => {
    const owner = await signedInUser(t);
    const { subscriptionId } = await subscribe(owner, 'starter');
    expect((await billing(owner)).plan).toBe('starter');

    // A bigger plan: the subscription's price changes and a full month is invoiced at once.
    const changed = await call(owner, 'POST', '/v1/billing/plan', { plan: 'enterprise' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ plan: 'enterprise', provider: 'stripe' });
    await stripe.settled();
    const item =
      (
        stripe.subscriptions.get(subscriptionId)?.items as
          | { data: Array<{ price: { lookup_key: string } }> }
          | undefined
      )?.data ?? [];
    expect(item.map((i) => i.price.lookup_key)).toContain(planLookupKey('enterprise'));
    const update = stripe.requests.find(
      (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`,
    );
    expect(update?.form).toMatchObject({ proration_behavior: 'none' });
    expect((await charges(owner)).filter((c) => c.kind === 'subscription')).toHaveLength(2);

    // A declined card on the next change: the plan stays, and the API says why.
    stripe.failNext('POST', `/v1/subscriptions/${subscriptionId}`, 402, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    const declined = await call(owner, 'POST', '/v1/billing/plan', { plan: 'professional' });
    expect(declined.statusCode, declined.body).toBe(502);
    expect(declined.json().error.message).toBe('Your card was declined: Your card has insufficient funds.');
    expect((await billing(owner)).plan).toBe('enterprise');

    // A call due now, then the renewal fails: no new call is taken, and the due one is held.
    const due = await schedule(owner, new Date(Date.now() + 1500));
    expect(due.statusCode, due.body).toBe(201);
    await stripe.failPayment(subscriptionId);
    expect(await billing(owner)).toMatchObject({ plan: 'enterprise', payment_status: 'past_due' });
    // Stripe's doing is in the audit log, as Stripe's: the plan bought and the failed payment.
    const log = await call(owner, 'GET', '/v1/audit-log');
    expect(log.statusCode, log.body).toBe(200);
    const byStripe = (
      log.json().data as Array<{ action: string; actor_type: string; actor: string; summary: string }>
    )
      .filter((event) => event.actor_type === 'provider')
      .map((event) => [event.actor, event.action, event.summary]);
    expect(byStripe).toEqual([
      ['Stripe', 'payment.failed', 'A payment failed: calls are held until it is paid'],
      ['Stripe', 'plan.changed', 'Changed the plan from Free Trial to Starter'],
    ]);
    const refused = await schedule(owner);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toMatchObject({
      code: 'payment_past_due',
      details: { settings_url: '/settings/billing' },
    });
    expect(refused.json().error.message).toMatch(/last payment did not go through/);
    const estimate = await call(owner, 'GET', '/v1/billing/estimate?calls=1');
    expect(estimate.json()).toMatchObject({ allowed: false });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const claimedWhileDue = await claimDueCalls(t.database.db, { limit: 1000, claimSeconds: 1 });
    expect(claimedWhileDue.map((c) => c.id)).not.toContain(due.json().id);

    // Paid: the held call goes out again, and calls are taken.
    await stripe.payOpenInvoice(subscriptionId);
    expect((await billing(owner)).payment_status).toBe('ok');
    const claimed = await claimDueCalls(t.database.db, { limit: 1000, claimSeconds: 1 });
    expect(claimed.map((c) => c.id)).toContain(due.json().id);
    expect((await schedule(owner)).statusCode).toBe(201);

    // Canceled in the portal: back to the trial's state, nothing lost, and checkout is open again.
    const contactsBefore = await t.database.executeSql(
      'SELECT count(*)::int AS n FROM calls WHERE account_id = $1',
      [owner.accountId],
    );
    await stripe.cancelSubscription(subscriptionId);
    expect(await billing(owner)).toMatchObject({ plan: 'trial', payment_status: 'ok', manage_billing: true });
    expect(await accountRow(owner)).toMatchObject({ stripe_subscription_id: null });
    const contactsAfter = await t.database.executeSql(
      'SELECT count(*)::int AS n FROM calls WHERE account_id = $1',
      [owner.accountId],
    );
    expect(contactsAfter.rows).toEqual(contactsBefore.rows);
    expect((await call(owner, 'POST', '/v1/billing/checkout', { plan: 'starter' })).statusCode).toBe(200);
  });

  it('writes a plan change the owner makes once, as the owner’s, whether Stripe’s webhook comes before or after its answer', async () => {
    for (const webhooksFirst of [true, false]) {
      const owner = await signedInUser(t);
      await subscribe(owner, 'starter');
      stripe.webhooksBeforeAnswer = webhooksFirst;
      try {
        const changed = await call(owner, 'POST', '/v1/billing/plan', { plan: 'enterprise' });
        expect(changed.statusCode, changed.body).toBe(200);
        await stripe.settled();
      } finally {
        stripe.webhooksBeforeAnswer = false;
      }
      // Stripe's events of the change name our request's key, which is how the server knows the change as ours.
      const keys = stripe.events
        .filter((event) => event.type === 'customer.subscription.updated')
        .filter(
          (event) =>
            (event.data.object as { metadata: { account_id?: string } }).metadata.account_id ===
            owner.accountId,
        )
        .map((event) => event.request.idempotency_key);
      expect(keys.at(-1), String(webhooksFirst)).toMatch(/^callwise-plan-change-/);
      expect((await billing(owner)).plan).toBe('enterprise');
      const log = await call(owner, 'GET', '/v1/audit-log?action=plan.changed');
      expect(log.statusCode, log.body).toBe(200);
      const changes = (log.json().data as Array<{ actor: string; summary: string }>).map((event) => [
        event.actor,
        event.summary,
      ]);
      expect(changes, `webhooks ${webhooksFirst ? 'before' : 'after'} the answer`).toEqual([
        [owner.email, 'Changed the plan from Starter to Enterprise'],
        ['Stripe', 'Changed the plan from Free Trial to Starter'],
      ]);
    }
  });

  it('follows a plan changed in the Customer Portal', async () => {
    const owner = await signedInUser(t);
    const { subscriptionId } = await subscribe(owner, 'professional');
    const starter = [...stripe.prices.values()].find((p) => p.lookup_key === planLookupKey('starter'));
    if (!starter) throw new Error('no starter price');
    await stripe.changePlanInPortal(subscriptionId, starter.id);
    expect((await billing(owner)).plan).toBe('starter');
  });

  it('finds the prices by lookup key in another process instead of making them again', async () => {
    const owner = await signedInUser(t);
    await subscribe(owner, 'starter');
    const prices = posted('/v1/prices');
    const another = new StripeBillingProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiBaseUrl: stripe.url,
    });
    // The account's customer, as the row keeps it.
    const customerId = (await accountRow(owner)).stripe_customer_id;
    const page = await another.checkout(
      {
        id: owner.accountId,
        name: 'Harbor Dental',
        email: owner.email,
        stripeCustomerId: customerId,
        stripeSubscriptionId: null,
      },
      'enterprise',
      { success: `${t.baseUrl}/ok`, cancel: `${t.baseUrl}/no` },
    );
    expect(page.url).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    expect(posted('/v1/prices')).toBe(prices);
    expect(posted('/v1/billing/meters')).toBe(1);
  });
});

describe('extra calls as metered usage', () => {
  it('reports each extra call once, takes back a cancelled one, and counts a report repeated after a crash once', async () => {
    const owner = await signedInUser(t);
    await subscribe(owner, 'starter');
    const customerId = (await accountRow(owner)).stripe_customer_id as string;
    // The month's 100 included calls, made earlier, straight into the table; then three extra calls.
    await t.database.executeSql(
      `INSERT INTO calls (account_id, recipient_name, phone, message, voice, status, scheduled_at)
       SELECT $1, 'Earlier', '+1303555' || lpad(g::text, 4, '0'), 'Hello', 'aria', 'completed', now()
       FROM generate_series(1, 100) g`,
      [owner.accountId],
    );
    const extra = [];
    for (let i = 0; i < 3; i++) {
      const res = await schedule(owner);
      expect(res.statusCode, res.body).toBe(201);
      extra.push(res.json().id as string);
    }
    expect(await t.services.billing.reportUsage()).toBe(3);
    expect(stripe.usage(EXTRA_CALLS_METER, customerId)).toBe(3);
    expect(await t.services.billing.reportUsage()).toBe(0);

    // Cancelled, an extra call is refunded, and its usage cancelled at Stripe.
    const cancel = await call(owner, 'POST', `/v1/calls/${extra[0]}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await t.services.billing.reportUsage()).toBe(1);
    expect(stripe.usage(EXTRA_CALLS_METER, customerId)).toBe(2);

    // A worker stopped after Stripe took the events but before they were marked: sent again, counted once.
    await t.database.executeSql(
      "UPDATE billing_charges SET usage_reported_at = NULL WHERE account_id = $1 AND kind = 'overage'",
      [owner.accountId],
    );
    expect(await t.services.billing.reportUsage()).toBe(3);
    expect(stripe.usage(EXTRA_CALLS_METER, customerId)).toBe(2);
    const sent = stripe.meterEvents.filter(
      (e) => (e.payload as { stripe_customer_id: string }).stripe_customer_id === customerId,
    );
    expect(sent).toHaveLength(3);
  });
});
