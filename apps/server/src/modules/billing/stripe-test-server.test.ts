import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_VERSION, type FakeStripe, startFakeStripe } from './stripe-test-server.ts';

const SECRET_KEY = 'sk_test_callwise_0123456789';
const WEBHOOK_SECRET = 'whsec_callwise_test';

/** A webhook receiver: keeps every POST (raw body and signature), answers with the next queued status or 200. */
const received: Array<{ body: string; signature: string }> = [];
const answers: number[] = [];
let receiver: Server;
let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const signature = String(req.headers['stripe-signature']);
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature });
      res.writeHead(answers.shift() ?? 200);
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  fake = await startFakeStripe({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: hookUrl(),
  });
  stripe = clientWith(SECRET_KEY);
});

afterAll(async () => {
  await fake.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
  answers.length = 0;
});

const hookUrl = () => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`;
function clientWith(key: string) {
  return new Stripe(key, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 1 });
}

/** What a promise rejects with. */
const failure = (promise: Promise<unknown>) => promise.catch((e: unknown) => e);

/** The events the receiver got, each checked with the library's constructEvent. */
const verifiedEvents = () =>
  received.map((r) => stripe.webhooks.constructEvent(r.body, r.signature, WEBHOOK_SECRET));

let meterName = 0;
async function setUpPrices() {
  const eventName = `callwise_extra_calls_${++meterName}`;
  const meter = await stripe.billing.meters.create({
    display_name: 'Extra calls',
    event_name: eventName,
    default_aggregation: { formula: 'sum' },
    customer_mapping: { event_payload_key: 'stripe_customer_id', type: 'by_id' },
    value_settings: { event_payload_key: 'value' },
  });
  const plan = (name: string, cents: number, key: string) =>
    stripe.prices.create({
      currency: 'usd',
      unit_amount: cents,
      recurring: { interval: 'month' },
      product_data: { name },
      lookup_key: `${key}_${meterName}`,
      transfer_lookup_key: true,
    });
  const starter = await plan('Callwise Starter', 2900, 'starter');
  const pro = await plan('Callwise Pro', 9900, 'pro');
  const extra = await stripe.prices.create({
    currency: 'usd',
    unit_amount: 25,
    recurring: { interval: 'month', usage_type: 'metered', meter: meter.id },
    product_data: { name: 'Callwise extra calls' },
    lookup_key: `extra_${meterName}`,
  });
  return { meter, eventName, starter, pro, extra };
}

/** A subscriber: Checkout for the starter plan and extra calls, completed; the webhooks cleared. */
async function subscribe() {
  const prices = await setUpPrices();
  const customer = await stripe.customers.create({
    email: 'o@bakery.test',
    metadata: { account_id: 'acc_1' },
  });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: prices.starter.id, quantity: 1 }, { price: prices.extra.id }],
    success_url: 'http://app.test/billing?done=1',
    subscription_data: { metadata: { account_id: 'acc_1' } },
  });
  await fake.completeCheckout(session.id);
  received.length = 0;
  const subscriptionId = String(fake.sessions.get(session.id)?.subscription);
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  return { ...prices, customer, session, subscription };
}

describe('fake Stripe: requests', () => {
  it('refuses a wrong secret key with 401, as Stripe does', async () => {
    const error = await failure(clientWith('sk_test_wrong_key_000000').customers.create({}));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, rawType: 'invalid_request_error' });
    expect((error as Error).message).toMatch(/^Invalid API Key provided: sk_test_/);
  });

  it('creates and fetches customers; an unknown id is a 404 resource_missing naming the resource', async () => {
    const created = await stripe.customers.create({ email: 'a@b.test', name: 'Ann', metadata: { id: 'x1' } });
    expect(created).toMatchObject({ object: 'customer', email: 'a@b.test', name: 'Ann', livemode: false });
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(created.metadata).toEqual({ id: 'x1' });
    expect(Math.abs(created.created - Date.now() / 1000)).toBeLessThan(5);
    expect((await stripe.customers.retrieve(created.id)).id).toBe(created.id);
    const error = await failure(stripe.customers.retrieve('cus_missing'));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
      message: "No such customer: 'cus_missing'",
    });
  });

  it('keeps every request: method, path, parsed query and form, idempotency key', async () => {
    await stripe.prices.list({ lookup_keys: ['a', 'b'], active: true, expand: ['data.product'] });
    await stripe.customers.create({ metadata: { account_id: 'acc_9' } }, { idempotencyKey: 'log-key-1' });
    const [list, create] = fake.requests.slice(-2);
    expect(list).toMatchObject({ method: 'GET', path: '/v1/prices' });
    expect(list?.query).toEqual({ lookup_keys: ['a', 'b'], active: 'true', expand: ['data.product'] });
    expect(create).toMatchObject({ method: 'POST', path: '/v1/customers', idempotencyKey: 'log-key-1' });
    expect(create?.form).toEqual({ metadata: { account_id: 'acc_9' } });
    expect(create?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });

  it('answers a repeated Idempotency-Key with the stored answer, and refuses it with other parameters', async () => {
    const before = fake.customers.size;
    const first = await stripe.customers.create({ email: 'same@x.test' }, { idempotencyKey: 'idem-1' });
    const again = await stripe.customers.create({ email: 'same@x.test' }, { idempotencyKey: 'idem-1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(fake.customers.size).toBe(before + 1);
    const other = { email: 'other@x.test' };
    const error = await failure(stripe.customers.create(other, { idempotencyKey: 'idem-1' }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ statusCode: 400, rawType: 'idempotency_error' });
    expect(fake.customers.size).toBe(before + 1);
  });

  it('answers an unknown URL with 404 invalid_request_error', async () => {
    const error = await failure(stripe.rawRequest('GET', '/v1/nothing_here'));
    expect(error).toMatchObject({ statusCode: 404, rawType: 'invalid_request_error' });
  });
});

describe('fake Stripe: failNext', () => {
  it('answers a queued 402 card_error once', async () => {
    const declined = { code: 'card_declined', decline_code: 'insufficient_funds' };
    fake.failNext('POST', '/v1/customers', 402, { type: 'card_error', ...declined, message: 'No funds.' });
    const error = await failure(stripe.customers.create({}));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, ...declined });
    expect((await stripe.customers.create({})).object).toBe('customer');
  });

  it('answers a queued 429 (not retried by the client)', async () => {
    const tooMany = { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests.' };
    fake.failNext('GET', '/v1/billing/meters', 429, tooMany);
    const error = await failure(stripe.billing.meters.list());
    expect(error).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
    expect((await stripe.billing.meters.list()).object).toBe('list');
  });

  it('answers a queued 500 once: the client retries with the same Idempotency-Key and succeeds', async () => {
    const before = fake.requests.length;
    fake.failNext('POST', '/v1/customers', 500, { type: 'api_error', message: 'Something went wrong.' });
    const customer = await stripe.customers.create({ email: 'retry@x.test' });
    const attempts = fake.requests.slice(before).filter((r) => r.path === '/v1/customers');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]?.idempotencyKey).toBeTruthy();
    expect(attempts[1]?.idempotencyKey).toBe(attempts[0]?.idempotencyKey);
    expect(fake.customers.get(customer.id)?.email).toBe('retry@x.test');
  });
});

describe('fake Stripe: prices and meters', () => {
  it('creates meters, lists them, refuses a second meter for an event name and missing params', async () => {
    const { meter, eventName } = await setUpPrices();
    expect(meter).toMatchObject({
      object: 'billing.meter',
      event_name: eventName,
      display_name: 'Extra calls',
      status: 'active',
      default_aggregation: { formula: 'sum' },
    });
    expect(meter.id).toMatch(/^mtr_/);
    expect((await stripe.billing.meters.list()).data.map((m) => m.id)).toContain(meter.id);
    const again = {
      display_name: 'Again',
      event_name: eventName,
      default_aggregation: { formula: 'sum' as const },
    };
    await expect(stripe.billing.meters.create(again)).rejects.toMatchObject({
      statusCode: 400,
      param: 'event_name',
    });
    const params = { display_name: 'x', event_name: 'x_none' } as Stripe.Billing.MeterCreateParams;
    const missing = await failure(stripe.billing.meters.create(params));
    expect(missing).toMatchObject({ code: 'parameter_missing', param: 'default_aggregation[formula]' });
  });

  it('creates licensed and metered prices; a metered price needs an existing meter', async () => {
    const { starter, extra, meter } = await setUpPrices();
    expect(starter).toMatchObject({
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: 2900,
      recurring: { interval: 'month', usage_type: 'licensed', meter: null },
    });
    expect(starter.id).toMatch(/^price_/);
    expect(String(starter.product)).toMatch(/^prod_/);
    expect(extra.recurring).toMatchObject({ usage_type: 'metered', meter: meter.id });
    const noMeter = { currency: 'usd', unit_amount: 1, product_data: { name: 'x' } };
    await expect(
      stripe.prices.create({ ...noMeter, recurring: { interval: 'month', usage_type: 'metered' } }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'recurring[meter]' });
    await expect(
      stripe.prices.create({
        ...noMeter,
        recurring: { interval: 'month', usage_type: 'metered', meter: 'mtr_x' },
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'recurring[meter]' });
  });

  it('lists prices by lookup key, active, with the product expanded; a lookup key moves only when told', async () => {
    const { starter, pro } = await setUpPrices();
    const keys = [starter.lookup_key ?? '', pro.lookup_key ?? ''];
    const found = await stripe.prices.list({ lookup_keys: keys, active: true, expand: ['data.product'] });
    expect(found).toMatchObject({ object: 'list', has_more: false, url: '/v1/prices' });
    expect(found.data.map((p) => p.id).sort()).toEqual([starter.id, pro.id].sort());
    expect(found.data.find((p) => p.id === pro.id)?.product).toMatchObject({
      object: 'product',
      name: 'Callwise Pro',
    });
    const plain = await stripe.prices.list({ lookup_keys: [keys[0] ?? ''] });
    expect(plain.data[0]?.product).toBe(starter.product);
    const taken = { currency: 'usd', unit_amount: 1, product: String(starter.product), lookup_key: keys[0] };
    await expect(stripe.prices.create(taken)).rejects.toMatchObject({ statusCode: 400, param: 'lookup_key' });
    const moved = await stripe.prices.create({ ...taken, transfer_lookup_key: true });
    expect(fake.prices.get(starter.id)?.lookup_key).toBeNull();
    expect(moved.lookup_key).toBe(keys[0]);
  });
});

describe('fake Stripe: Checkout and the Customer Portal', () => {
  it('creates a Checkout session on its own host, with the licensed total; checks prices and params', async () => {
    const { starter, extra } = await setUpPrices();
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'new@shop.test',
      client_reference_id: 'acc_42',
      line_items: [{ price: starter.id, quantity: 2 }, { price: extra.id }],
      success_url: 'http://app.test/ok',
      cancel_url: 'http://app.test/cancel',
      metadata: { account_id: 'acc_42' },
    });
    expect(session).toMatchObject({
      object: 'checkout.session',
      url: `${fake.url}/c/pay/${session.id}`,
      status: 'open',
      payment_status: 'unpaid',
      mode: 'subscription',
      customer: null,
      customer_email: 'new@shop.test',
      client_reference_id: 'acc_42',
      metadata: { account_id: 'acc_42' },
      subscription: null,
      amount_total: 5800,
      currency: 'usd',
      success_url: 'http://app.test/ok',
      cancel_url: 'http://app.test/cancel',
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect((await stripe.checkout.sessions.retrieve(session.id)).id).toBe(session.id);
    const base = { mode: 'subscription' as const, success_url: 'http://app.test/ok' };
    await expect(
      stripe.checkout.sessions.create({ ...base, line_items: [{ price: 'price_nope', quantity: 1 }] }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'line_items[0][price]' });
    const noSuccessUrl = { mode: 'subscription' as const, line_items: [{ price: starter.id, quantity: 1 }] };
    const missing = stripe.checkout.sessions.create(noSuccessUrl);
    await expect(missing).rejects.toMatchObject({ code: 'parameter_missing', param: 'success_url' });
    await expect(stripe.checkout.sessions.retrieve('cs_x')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('completeCheckout: customer, subscription, paid invoice; three signed webhooks in order', async () => {
    const { starter, extra } = await setUpPrices();
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'walkin@shop.test',
      line_items: [{ price: starter.id, quantity: 1 }, { price: extra.id }],
      success_url: 'http://app.test/ok',
      subscription_data: { metadata: { account_id: 'acc_7', plan: 'starter' } },
    });
    const sent = await fake.completeCheckout(session.id);
    expect(sent.map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    const events = verifiedEvents();
    expect(events.map((e) => e.id)).toEqual(sent.map((e) => e.id));
    expect(events[0]).toMatchObject({
      object: 'event',
      api_version: API_VERSION,
      livemode: false,
      pending_webhooks: 1,
    });
    expect(events[0]?.request).toEqual({ id: null, idempotency_key: null });
    expect(fake.deliveries.slice(-3).map((d) => d.status)).toEqual([200, 200, 200]);

    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const customer = await stripe.customers.retrieve(String(done.customer));
    expect(customer).toMatchObject({ email: 'walkin@shop.test' });
    const subscription = await stripe.subscriptions.retrieve(String(done.subscription));
    expect(subscription).toMatchObject({
      object: 'subscription',
      customer: done.customer,
      status: 'active',
      cancel_at_period_end: false,
      metadata: { account_id: 'acc_7', plan: 'starter' },
    });
    expect(subscription.id).toMatch(/^sub_/);
    const [licensed, metered] = subscription.items.data;
    expect(licensed).toMatchObject({ object: 'subscription_item', quantity: 1, price: { id: starter.id } });
    expect(licensed?.id).toMatch(/^si_/);
    expect(licensed?.current_period_end).toBeGreaterThan(licensed?.current_period_start ?? Infinity);
    expect(metered?.price.recurring?.usage_type).toBe('metered');
    expect(events[2]?.data.object).toMatchObject({ object: 'invoice', status: 'paid', amount_paid: 2900 });
    await expect(fake.completeCheckout(session.id)).rejects.toThrow(/complete/);
  });

  it('creates a Customer Portal session for a customer; needs a known customer', async () => {
    const customer = await stripe.customers.create({ email: 'p@x.test' });
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.test/b',
    });
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: 'http://app.test/b',
      url: `${fake.url}/p/session/${portal.id}`,
    });
    expect(portal.id).toMatch(/^bps_/);
    await expect(stripe.billingPortal.sessions.create({ customer: 'cus_nope' })).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'customer',
    });
  });
});

describe('fake Stripe: subscriptions and invoices', () => {
  it('lists invoices newest first, by customer, status and limit, with lines and URLs on its host', async () => {
    const { subscription, customer } = await subscribe();
    await fake.failPayment(subscription.id);
    const invoices = await stripe.invoices.list({ customer: customer.id, limit: 10 });
    expect(invoices.data.map((i) => i.status)).toEqual(['open', 'paid']);
    const [open, paid] = invoices.data;
    expect(paid).toMatchObject({
      object: 'invoice',
      customer: customer.id,
      currency: 'usd',
      total: 2900,
      amount_due: 2900,
      amount_paid: 2900,
      description: null,
      hosted_invoice_url: `${fake.url}/i/${paid?.id}`,
      invoice_pdf: `${fake.url}/i/${paid?.id}/pdf`,
      parent: { subscription_details: { subscription: subscription.id } },
    });
    expect(paid?.number).toMatch(/^CW-\d{4}$/);
    expect(Number(open?.number?.slice(3))).toBe(Number(paid?.number?.slice(3)) + 1);
    expect(paid?.lines.data).toEqual([
      expect.objectContaining({
        object: 'line_item',
        amount: 2900,
        description: '1 × Callwise Starter (at $29.00 / month)',
      }),
    ]);
    expect((await stripe.invoices.list({ customer: customer.id, status: 'paid' })).data).toHaveLength(1);
    const one = await stripe.invoices.list({ customer: customer.id, limit: 1 });
    expect(one).toMatchObject({ has_more: true, data: [{ id: open?.id }] });
  });

  it('swaps a price with billing_cycle_anchor now: a paid invoice, then invoice.paid and subscription.updated', async () => {
    const { subscription, starter, pro } = await subscribe();
    const item = subscription.items.data.find((i) => i.price.id === starter.id);
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item?.id, price: pro.id }],
      proration_behavior: 'none',
      billing_cycle_anchor: { type: 'now' },
      metadata: { plan: 'pro' },
    });
    expect(updated.items.data.find((i) => i.id === item?.id)?.price.id).toBe(pro.id);
    expect(updated.metadata).toEqual({ account_id: 'acc_1', plan: 'pro' });
    const invoice = fake.invoices.get(String(updated.latest_invoice));
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 9900 });
    await fake.settled();
    const events = verifiedEvents();
    expect(events.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect(events[0]?.request?.idempotency_key).toBeTruthy();
    expect(events[1]?.data.previous_attributes).toHaveProperty('items');
  });

  it('keeps the period when the anchor is unchanged (no invoice), and sets cancel_at_period_end', async () => {
    const { subscription, starter, pro } = await subscribe();
    const before = fake.invoices.size;
    const item = subscription.items.data.find((i) => i.price.id === starter.id);
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item?.id, price: pro.id }],
      billing_cycle_anchor: 'unchanged',
      cancel_at_period_end: true,
    } as unknown as Stripe.SubscriptionUpdateParams);
    expect(updated.cancel_at_period_end).toBe(true);
    expect(fake.invoices.size).toBe(before);
    await fake.settled();
    expect(verifiedEvents().map((e) => e.type)).toEqual(['customer.subscription.updated']);
    await expect(stripe.subscriptions.update('sub_nope', {})).rejects.toMatchObject({ statusCode: 404 });
  });

  it('deletes a subscription: canceled, customer.subscription.deleted', async () => {
    const { subscription } = await subscribe();
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled.status).toBe('canceled');
    await fake.settled();
    expect(verifiedEvents().map((e) => [e.type, (e.data.object as { status: string }).status])).toEqual([
      ['customer.subscription.deleted', 'canceled'],
    ]);
  });

  it('failPayment then payOpenInvoice: past_due and back to active, with their events', async () => {
    const { subscription } = await subscribe();
    const failed = await fake.failPayment(subscription.id);
    expect(failed.map((e) => e.type)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    expect(failed[1]?.data.previous_attributes).toEqual({ status: 'active' });
    const paid = await fake.payOpenInvoice(subscription.id);
    expect(paid.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect(paid[0]?.data.object).toMatchObject({
      id: failed[0]?.data.object.id,
      status: 'paid',
      amount_paid: 2900,
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect(verifiedEvents()).toHaveLength(4);
    await expect(fake.payOpenInvoice(subscription.id)).rejects.toThrow(/no open invoice/);
  });

  it('cancelSubscription and changePlanInPortal act as the Customer Portal would', async () => {
    const { subscription, pro } = await subscribe();
    const changed = await fake.changePlanInPortal(subscription.id, pro.id);
    expect(changed.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.items.data.map((i) => i.price.id)).toContain(pro.id);
    expect(changed[0]?.data.object).toMatchObject({ amount_paid: 9900 });
    const canceled = await fake.cancelSubscription(subscription.id);
    expect(canceled.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
    expect(verifiedEvents()).toHaveLength(3);
  });
});

describe('fake Stripe: meter events', () => {
  it('takes meter events; a duplicate identifier is refused (400, not to be retried); unknown names too', async () => {
    const { eventName, customer } = await subscribe();
    const payload = { stripe_customer_id: customer.id, value: '1' };
    const event = await stripe.billing.meterEvents.create({
      event_name: eventName,
      payload,
      identifier: 'call_1',
      timestamp: 1_790_000_000,
    });
    expect(event).toMatchObject({
      object: 'billing.meter_event',
      event_name: eventName,
      identifier: 'call_1',
      payload,
      timestamp: 1_790_000_000,
    });
    const before = fake.requests.length;
    const again = { event_name: eventName, payload, identifier: 'call_1' };
    const duplicate = await failure(stripe.billing.meterEvents.create(again));
    expect(duplicate).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(duplicate).toMatchObject({ statusCode: 400, param: 'identifier' });
    expect((duplicate as Error).message).toMatch(/identifier call_1/);
    expect(fake.requests.length - before).toBe(1);
    const unknown = stripe.billing.meterEvents.create({ event_name: 'no_such_meter', payload });
    await expect(unknown).rejects.toMatchObject({ statusCode: 400, param: 'event_name' });
    expect(fake.meterEvents.filter((e) => e.event_name === eventName)).toHaveLength(1);
    expect(fake.usage(eventName, customer.id)).toBe(1);
  });

  it('takes a cancel adjustment for an identifier', async () => {
    const { eventName, customer } = await subscribe();
    await stripe.billing.meterEvents.create({
      event_name: eventName,
      payload: { stripe_customer_id: customer.id, value: '3' },
      identifier: 'call_2',
    });
    const adjustment = await stripe.billing.meterEventAdjustments.create({
      event_name: eventName,
      type: 'cancel',
      cancel: { identifier: 'call_2' },
    });
    expect(adjustment).toMatchObject({
      object: 'billing.meter_event_adjustment',
      event_name: eventName,
      type: 'cancel',
      cancel: { identifier: 'call_2' },
      status: 'pending',
    });
    expect(fake.meterEventAdjustments.at(-1)).toMatchObject({ cancel: { identifier: 'call_2' } });
    expect(fake.usage(eventName, customer.id)).toBe(0);
    const noId = stripe.billing.meterEventAdjustments.create({ event_name: eventName, type: 'cancel' });
    await expect(noId).rejects.toMatchObject({ code: 'parameter_missing', param: 'cancel[identifier]' });
  });
});

describe('fake Stripe: webhooks', () => {
  it('signs with the webhook secret: a wrong secret or a changed body fails verification', async () => {
    const { subscription } = await subscribe();
    await fake.cancelSubscription(subscription.id);
    const [hook] = received;
    if (!hook) throw new Error('no webhook received');
    expect(hook.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(stripe.webhooks.constructEvent(hook.body, hook.signature, WEBHOOK_SECRET).type).toBe(
      'customer.subscription.deleted',
    );
    expect(() => stripe.webhooks.constructEvent(hook.body, hook.signature, 'whsec_wrong')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const changed = hook.body.replace('canceled', 'active');
    expect(() => stripe.webhooks.constructEvent(changed, hook.signature, WEBHOOK_SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('records each delivery status and redelivers an event on demand', async () => {
    const { subscription } = await subscribe();
    answers.push(500);
    const [event] = await fake.cancelSubscription(subscription.id);
    if (!event) throw new Error('no event');
    expect(fake.deliveries.at(-1)).toMatchObject({ eventId: event.id, status: 500 });
    const again = await fake.redeliver(event.id);
    expect(again).toMatchObject({ eventId: event.id, status: 200 });
    expect(received.map((r) => JSON.parse(r.body).id)).toEqual([event.id, event.id]);
    expect(fake.events.filter((e) => e.id === event.id)).toHaveLength(1);
  });

  it('keeps events without a webhook URL, and sends them once one is set', async () => {
    const { subscription } = await subscribe();
    fake.setWebhookUrl(null);
    const [event] = await fake.failPayment(subscription.id);
    expect(received).toHaveLength(0);
    expect(fake.deliveries.at(-1)).toMatchObject({ status: null, error: 'no webhook URL' });
    fake.setWebhookUrl(hookUrl());
    await fake.redeliver(event?.id ?? '');
    expect(received).toHaveLength(1);
  });
});
