import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';

/**
 * For tests: a local HTTP server standing in for Stripe's REST host (api.stripe.com), driven by the real `stripe`
 * client (`new Stripe(key, { host: '127.0.0.1', port, protocol: 'http' })`). It keeps every request it got, checks
 * the secret key and Idempotency-Key like Stripe, serves prices, billing meters, customers, Checkout and Customer
 * Portal sessions, subscriptions, invoices, meter events and their adjustments, answers with queued errors (a 500,
 * a 429, a 402 card_error…) when told to, and sends webhooks signed like Stripe's (`Stripe-Signature`) for what
 * happens in Checkout, the Customer Portal and billing (test controls: completeCheckout, failPayment…).
 */

/** A request it got, its query and form parsed with bracket notation (`a[0][b]=c` → `{ a: [{ b: 'c' }] }`). */
export interface FakeStripeRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  form: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  idempotencyKey: string | undefined;
  at: number;
}

/** Stripe's error object, the `error` of an error answer: type, message, and code, param, decline_code… */
export type FakeStripeError = Record<string, string> & { type: string; message: string };

/** An object as Stripe's JSON (snake_case, `object`, `livemode: false`, `created` in Unix seconds). */
export type StripeJson = Record<string, unknown> & { id: string; object: string };

export interface FakeStripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  type: string;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  pending_webhooks: number;
  /** The API request that caused the event; null ids for Checkout, the Customer Portal and renewals. */
  request: { id: string | null; idempotency_key: string | null };
}

/** One POST of an event to the webhook URL: the receiver's HTTP status, or null and why it was not sent. */
export type FakeStripeDelivery = { eventId: string; type: string; status: number | null; error?: string };

/** The key it accepts (Bearer), the secret webhooks are signed with, and where they go (none: kept, not sent). */
export type FakeStripeOptions = { secretKey: string; webhookSecret: string; webhookUrl?: string };

export const API_VERSION = '2026-10-28.endive';
/** An id like Stripe's: a prefix (`cus`, `price`, `cs_test`…), `_`, letters and digits. */
export const fakeStripeId = (prefix: string, length = 24) =>
  `${prefix}_${randomBytes(length).toString('base64url').replace(/[-_]/g, 'x').slice(0, length)}`;

type Json = Record<string, unknown>;
type Handler = (request: FakeStripeRequest, id: string) => unknown;
type Failure = { method: string; pathPrefix: string; status: number; error: FakeStripeError };
type Checkout = { lines: Array<[StripeJson, number | null]>; metadata: Json };
/** The paths that end in an object's id. */
const ID_PATH = /^(\/v1\/(?:customers|checkout\/sessions|subscriptions))\/([^/]+)$/;

const now = () => Math.floor(Date.now() / 1000);
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const record = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
/** A bracket-notation array (qs gives an object past its array limit). */
const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];
const strings = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(record(value)).map(([key, v]) => [key, String(v)]));
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
/** What every object carries. */
const base = (id: string, object: string) => ({ id, object, livemode: false, created: now() });
const listOf = (data: unknown[], url: string, has_more = false) => ({ object: 'list', data, has_more, url });
const isMetered = (price: Json) => record(price.recurring).usage_type === 'metered';
const itemsOf = (sub: Json) => record(sub.items).data as Json[];
const priceOf = (item: Json) => item.price as StripeJson;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** Stripe's previous_attributes: the fields that changed, as they were. */
const changed = (before: Json, after: Json) =>
  Object.fromEntries(Object.entries(before).filter(([key, was]) => !same(was, after[key])));
const subscriptionOf = (invoice: Json) => record(record(invoice.parent).subscription_details).subscription;

/** Adds a recurring interval (a month, or a year) to a Unix time. */
function addInterval(from: number, interval: unknown) {
  const date = new Date(from * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

/** Thrown by handlers, answered as Stripe's error object (`{ error: { type, code, message, param } }`). */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: FakeStripeError,
    readonly headers: Record<string, string> = {},
  ) {
    super(error.message);
  }
}
const invalid = (param: string, message: string, code?: string) =>
  new ApiError(400, { type: 'invalid_request_error', ...(code ? { code } : {}), param, message });
const missing = (param: string) => invalid(param, `Missing required param: ${param}.`, 'parameter_missing');
const required = (form: Json, param: string) => {
  const value = str(form[param]);
  if (!value) throw missing(param);
  return value;
};
/** An unknown id: 404 for the object asked for, 400 (naming the parameter) for one a request refers to. */
function find<T>(map: Map<string, T>, resource: string, id: string, param?: string) {
  const found = map.get(id);
  const message = `No such ${resource}: '${id}'`;
  const error = { type: 'invalid_request_error', code: 'resource_missing', param: param ?? 'id', message };
  if (!found) throw new ApiError(param ? 400 : 404, error);
  return found;
}

export class FakeStripe {
  port = 0;
  /** http://127.0.0.1:<port>, also the host of the Checkout, portal and invoice pages. */
  url = '';
  readonly requests: FakeStripeRequest[] = [];
  readonly products = new Map<string, StripeJson>();
  readonly prices = new Map<string, StripeJson>();
  readonly meters = new Map<string, StripeJson>();
  readonly customers = new Map<string, StripeJson>();
  readonly sessions = new Map<string, StripeJson>();
  readonly subscriptions = new Map<string, StripeJson>();
  readonly invoices = new Map<string, StripeJson>();
  /** As Stripe answered them (billing.meter_event has no id: its identifier). */
  readonly meterEvents: Json[] = [];
  readonly meterEventAdjustments: Json[] = [];
  /** Every event made, in order, sent or not. */
  readonly events: FakeStripeEvent[] = [];
  /** Every POST of an event, in order. */
  readonly deliveries: FakeStripeDelivery[] = [];

  private invoiceCount = 0;
  private readonly failures: Failure[] = [];
  /** Answers kept by Idempotency-Key: successful POSTs (a request failing validation is not kept, as at Stripe). */
  private readonly replies = new Map<string, { route: string; body: string; json: string }>();
  /** Checkout sessions' line items and subscription_data (not part of the session object). */
  private readonly checkouts = new Map<string, Checkout>();
  private readonly sending = new Set<Promise<unknown>>();
  private readonly server = createServer((req, res) => {
    this.handle(req, res).catch((error: unknown) => {
      this.answer(res, 500, JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });

  constructor(private options: FakeStripeOptions) {}
  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    this.url = `http://127.0.0.1:${this.port}`;
    return this;
  }
  async close(): Promise<void> {
    await this.settled();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  setWebhookUrl(url: string | null): void {
    this.options = { ...this.options, webhookUrl: url ?? undefined };
  }
  /** The next request whose method (or '*') and path match answers this error, once (never kept for its key). */
  failNext(method: string, pathPrefix: string, status: number, error: FakeStripeError): void {
    this.failures.push({ method: method.toUpperCase(), pathPrefix, status, error });
  }
  /**
   * Delivers an API request's webhooks before its answer. Stripe promises no order between the two, so a receiver
   * must come to the same state (and the same audit log) either way.
   */
  webhooksBeforeAnswer = false;
  /** Waits for the webhooks of API requests (sent after the answer, as Stripe does) to be delivered. */
  async settled(): Promise<void> {
    while (this.sending.size) await Promise.all([...this.sending]);
  }
  /** A customer's usage: the sum of the values of its meter events for a name, less the cancelled ones. */
  usage(eventName: string, customerId: string): number {
    const named = (e: Json) => e.event_name === eventName;
    const cancelled = this.meterEventAdjustments.filter(named).map((a) => record(a.cancel).identifier);
    const counted = this.meterEvents.filter((e) => named(e) && !cancelled.includes(e.identifier));
    const payloads = counted.map((e) => record(e.payload)).filter((p) => p.stripe_customer_id === customerId);
    return payloads.reduce((sum, payload) => sum + Number(payload.value ?? 0), 0);
  }
  /** Sends an event again (as Stripe retries: a receiver must act on it once). */
  async redeliver(eventId: string): Promise<FakeStripeDelivery> {
    const event = this.events.find((e) => e.id === eventId);
    if (!event) throw new Error(`No such event: ${eventId}`);
    return this.deliver(event);
  }
  /** Pays an open Checkout session: a customer (when none), a subscription, a paid invoice, and their events. */
  async completeCheckout(sessionId: string): Promise<FakeStripeEvent[]> {
    const session = this.sessions.get(sessionId);
    const checkout = this.checkouts.get(sessionId);
    if (!session || !checkout) throw new Error(`No such checkout session: ${sessionId}`);
    if (session.status !== 'open') throw new Error(`Checkout session ${sessionId} is ${session.status}`);
    let customer = str(session.customer);
    if (!customer) {
      customer = fakeStripeId('cus', 14);
      const fields = { email: session.customer_email, name: null, metadata: {} };
      this.customers.set(customer, { ...base(customer, 'customer'), ...fields });
    }
    const id = fakeStripeId('sub');
    const items = checkout.lines.map(([price, quantity]) => this.makeItem(id, price, quantity));
    const sub: StripeJson = {
      ...base(id, 'subscription'),
      customer,
      status: 'active',
      metadata: checkout.metadata,
      cancel_at_period_end: false,
      canceled_at: null,
      latest_invoice: null,
      items: listOf(items, `/v1/subscription_items?subscription=${id}`),
    };
    this.subscriptions.set(id, sub);
    const invoice = this.makeInvoice(sub, true, 'subscription_create');
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: id, customer });
    return this.send([
      this.makeEvent('checkout.session.completed', session),
      this.makeEvent('customer.subscription.created', sub),
      this.makeEvent('invoice.paid', invoice),
    ]);
  }
  /** A renewal whose payment fails: an open invoice, invoice.payment_failed; past_due, subscription.updated. */
  async failPayment(subscriptionId: string): Promise<FakeStripeEvent[]> {
    const sub = find(this.subscriptions, 'subscription', subscriptionId);
    const invoice = this.makeInvoice(sub, false, 'subscription_cycle');
    return this.send([this.makeEvent('invoice.payment_failed', invoice), ...this.setStatus(sub, 'past_due')]);
  }
  /** The open invoice paid: invoice.paid; active again, customer.subscription.updated. */
  async payOpenInvoice(subscriptionId: string): Promise<FakeStripeEvent[]> {
    const sub = find(this.subscriptions, 'subscription', subscriptionId);
    const open = [...this.invoices.values()].reverse();
    const invoice = open.find((i) => i.status === 'open' && subscriptionOf(i) === sub.id);
    if (!invoice) throw new Error(`Subscription ${subscriptionId} has no open invoice`);
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due });
    return this.send([this.makeEvent('invoice.paid', invoice), ...this.setStatus(sub, 'active')]);
  }
  /** Canceled in the Customer Portal: customer.subscription.deleted. */
  async cancelSubscription(subscriptionId: string): Promise<FakeStripeEvent[]> {
    return this.send(this.cancel(find(this.subscriptions, 'subscription', subscriptionId)));
  }
  /** A plan changed in the Customer Portal: the licensed item's price, a paid invoice; invoice.paid, updated. */
  async changePlanInPortal(subscriptionId: string, priceId: string): Promise<FakeStripeEvent[]> {
    const sub = find(this.subscriptions, 'subscription', subscriptionId);
    const next = this.prices.get(priceId);
    const item = itemsOf(sub).find((i) => !isMetered(priceOf(i)));
    if (!next || !item) throw new Error(`No price ${priceId} or no licensed item in ${subscriptionId}`);
    const before = clone(sub);
    this.swapPrice(item, next, true);
    const invoice = this.makeInvoice(sub, true, 'subscription_update');
    return this.send([this.makeEvent('invoice.paid', invoice), ...this.updated(sub, before)]);
  }
  /** An event, its object a snapshot; `request`: the API request that caused it (none for the test controls). */
  private makeEvent(type: string, object: Json, previous?: Json, request?: FakeStripeRequest) {
    const data = { object: clone(object), ...(previous ? { previous_attributes: previous } : {}) };
    const key = request?.idempotencyKey ?? null;
    const cause = { id: request ? fakeStripeId('req', 14) : null, idempotency_key: key };
    const head = { id: fakeStripeId('evt'), object: 'event', api_version: API_VERSION } as const;
    const rest = { created: now(), livemode: false, pending_webhooks: 1, request: cause } as const;
    const event: FakeStripeEvent = { ...head, ...rest, type, data };
    this.events.push(event);
    return event;
  }
  /** POSTs an event signed with the webhook secret (by the stripe library) and waits for the receiver's answer. */
  private async deliver(event: FakeStripeEvent): Promise<FakeStripeDelivery> {
    let status: number | null = null;
    let error: string | undefined = 'no webhook URL';
    const url = this.options.webhookUrl;
    if (url) {
      const payload = JSON.stringify(event, null, 2);
      const secret = this.options.webhookSecret;
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      const headers = { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature };
      try {
        const response = await fetch(url, { method: 'POST', headers, body: payload });
        await response.arrayBuffer();
        [status, error] = [response.status, undefined];
      } catch (failure) {
        error = String(failure);
      }
    }
    const delivery = { eventId: event.id, type: event.type, status, error };
    this.deliveries.push(delivery);
    return delivery;
  }
  /** Sends events in order, each once the receiver answered the one before. */
  private async send(events: FakeStripeEvent[]) {
    for (const event of events) await this.deliver(event);
    return events;
  }
  /** Sends events after the API answer (as Stripe does), followed by settled(). */
  private sendLater(events: FakeStripeEvent[]) {
    const sending = new Promise((resolve) => setImmediate(resolve)).then(() => this.send(events));
    this.sending.add(sending);
    void sending.finally(() => this.sending.delete(sending));
  }
  private makeItem(subscription: string, price: StripeJson, quantity: number | null): Json {
    const [start, interval] = [now(), record(price.recurring).interval];
    const period = { current_period_start: start, current_period_end: addInterval(start, interval) };
    const item = { ...base(fakeStripeId('si', 14), 'subscription_item'), subscription, price };
    return { ...item, ...(quantity === null ? {} : { quantity }), ...period };
  }
  /** Swaps an item's price; its period starts again when the billing cycle anchor moves to now. */
  private swapPrice(item: Json, price: StripeJson, anchorNow: boolean) {
    item.price = price;
    if (!anchorNow) return;
    item.current_period_start = now();
    item.current_period_end = addInterval(now(), record(price.recurring).interval);
  }
  /** An invoice for a subscription's licensed items (paid, or open when a payment failed). */
  private makeInvoice(sub: StripeJson, paid: boolean, reason: string) {
    const lines = itemsOf(sub)
      .filter((item) => !isMetered(priceOf(item)))
      .map((item) => {
        const price = priceOf(item);
        const [quantity, unit] = [Number(item.quantity ?? 1), Number(price.unit_amount ?? 0)];
        const product = this.products.get(String(price.product))?.name ?? price.product;
        const each = `$${(unit / 100).toFixed(2)} / ${record(price.recurring).interval ?? 'month'}`;
        const line = { ...base(fakeStripeId('il'), 'line_item'), currency: price.currency, quantity };
        return { ...line, amount: unit * quantity, description: `${quantity} × ${product} (at ${each})` };
      });
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const id = fakeStripeId('in');
    this.invoiceCount += 1;
    const amounts = { currency: 'usd', total, amount_due: total, amount_paid: paid ? total : 0 };
    const invoice: StripeJson = {
      ...base(id, 'invoice'),
      customer: sub.customer,
      number: `CW-${String(this.invoiceCount).padStart(4, '0')}`,
      status: paid ? 'paid' : 'open',
      ...amounts,
      billing_reason: reason,
      description: null,
      hosted_invoice_url: `${this.url}/i/${id}`,
      invoice_pdf: `${this.url}/i/${id}/pdf`,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
      lines: listOf(lines, `/v1/invoices/${id}/lines`),
    };
    this.invoices.set(id, invoice);
    sub.latest_invoice = id;
    return invoice;
  }
  /** customer.subscription.updated with the fields that changed (none: no event). */
  private updated(sub: StripeJson, before: Json, request?: FakeStripeRequest) {
    const previous = changed(before, sub);
    if (!Object.keys(previous).length) return [];
    return [this.makeEvent('customer.subscription.updated', sub, previous, request)];
  }
  private setStatus(sub: StripeJson, status: string) {
    const before = clone(sub);
    sub.status = status;
    return this.updated(sub, before);
  }
  private cancel(sub: StripeJson, request?: FakeStripeRequest) {
    Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
    return [this.makeEvent('customer.subscription.deleted', sub, undefined, request)];
  }
  private hasMeter(eventName: string) {
    return [...this.meters.values()].some((m) => m.event_name === eventName && m.status === 'active');
  }
  private readonly routes: Record<string, Handler> = {
    'GET /v1/prices': ({ query }) => {
      const [keys, active] = [list(query.lookup_keys).map(String), str(query.active)];
      const expand = list(query.expand).includes('data.product');
      const data = [...this.prices.values()]
        .filter((p) => !keys.length || keys.includes(String(p.lookup_key)))
        .filter((p) => !active || `${p.active}` === active)
        .map((p) => (expand ? { ...p, product: this.products.get(String(p.product)) } : p));
      return listOf(data, '/v1/prices');
    },
    'POST /v1/prices': ({ form: f }) => {
      const currency = required(f, 'currency');
      const recurring = record(f.recurring);
      const interval = str(recurring.interval);
      const [usageType, meter] = [str(recurring.usage_type) ?? 'licensed', str(recurring.meter) ?? null];
      if (usageType === 'metered' && !meter) throw missing('recurring[meter]');
      if (meter) find(this.meters, 'billing.meter', meter, 'recurring[meter]');
      let product = str(f.product);
      if (product) find(this.products, 'product', product, 'product');
      else {
        const name = str(record(f.product_data).name);
        if (!name) throw missing('product_data[name]');
        product = fakeStripeId('prod', 14);
        this.products.set(product, { ...base(product, 'product'), active: true, name, metadata: {} });
      }
      const key = str(f.lookup_key) ?? null;
      const holder = [...this.prices.values()].find((p) => key !== null && p.lookup_key === key);
      if (holder && f.transfer_lookup_key !== 'true') throw invalid('lookup_key', 'The lookup key is taken.');
      if (holder) holder.lookup_key = null;
      const fields = { active: true, currency, lookup_key: key, product, metadata: strings(f.metadata) };
      const price: StripeJson = {
        ...base(fakeStripeId('price'), 'price'),
        ...fields,
        recurring: interval ? { interval, interval_count: 1, usage_type: usageType, meter } : null,
        type: interval ? 'recurring' : 'one_time',
        unit_amount: f.unit_amount === undefined ? null : Number(f.unit_amount),
      };
      this.prices.set(price.id, price);
      return price;
    },
    'GET /v1/billing/meters': () => listOf([...this.meters.values()], '/v1/billing/meters'),
    'POST /v1/billing/meters': ({ form: f }) => {
      const [displayName, eventName] = [required(f, 'display_name'), required(f, 'event_name')];
      const formula = str(record(f.default_aggregation).formula);
      if (!formula) throw missing('default_aggregation[formula]');
      if (this.hasMeter(eventName)) throw invalid('event_name', `A meter already exists for '${eventName}'.`);
      const customerKey = str(record(f.customer_mapping).event_payload_key) ?? 'stripe_customer_id';
      const fields = { display_name: displayName, event_name: eventName, default_aggregation: { formula } };
      const meter: StripeJson = {
        ...base(fakeStripeId('mtr'), 'billing.meter'),
        ...fields,
        status: 'active',
        customer_mapping: { event_payload_key: customerKey, type: 'by_id' },
        value_settings: { event_payload_key: str(record(f.value_settings).event_payload_key) ?? 'value' },
      };
      this.meters.set(meter.id, meter);
      return meter;
    },
    'POST /v1/customers': ({ form: f }) => {
      const [email, name, metadata] = [str(f.email) ?? null, str(f.name) ?? null, strings(f.metadata)];
      const customer = { ...base(fakeStripeId('cus', 14), 'customer'), email, name, metadata };
      this.customers.set(customer.id, customer);
      return customer;
    },
    'GET /v1/customers/:id': (_r, id) => find(this.customers, 'customer', id),
    'POST /v1/customers/:id': ({ form: f }, id) => {
      const customer = find(this.customers, 'customer', id);
      for (const field of ['email', 'name'] as const)
        if (f[field] !== undefined) customer[field] = str(f[field]) || null;
      if (f.metadata !== undefined)
        customer.metadata = { ...record(customer.metadata), ...strings(f.metadata) };
      return customer;
    },
    'POST /v1/checkout/sessions': ({ form: f }) => {
      const mode = required(f, 'mode');
      const successUrl = required(f, 'success_url');
      const [customer, customerEmail] = [str(f.customer) ?? null, str(f.customer_email) ?? null];
      if (customer) find(this.customers, 'customer', customer, 'customer');
      const items = list(f.line_items).map(record);
      if (!items.length) throw missing('line_items');
      const lines = items.map((item, i): [StripeJson, number | null] => {
        const price = find(this.prices, 'price', str(item.price) ?? '', `line_items[${i}][price]`);
        const quantity = item.quantity === undefined ? null : Number(item.quantity);
        if (!isMetered(price) && quantity === null) throw missing(`line_items[${i}][quantity]`);
        return [price, quantity];
      });
      const id = fakeStripeId('cs_test', 58);
      const total = lines.reduce((sum, [price, n]) => sum + (n ?? 0) * Number(price.unit_amount), 0);
      const session: StripeJson = {
        ...base(id, 'checkout.session'),
        url: `${this.url}/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        mode,
        customer,
        customer_email: customerEmail,
        client_reference_id: str(f.client_reference_id) ?? null,
        metadata: strings(f.metadata),
        subscription: null,
        amount_total: total,
        currency: 'usd',
        success_url: successUrl,
        cancel_url: str(f.cancel_url) ?? null,
        expires_at: now() + 24 * 3600,
      };
      this.sessions.set(id, session);
      this.checkouts.set(id, { lines, metadata: strings(record(f.subscription_data).metadata) });
      return session;
    },
    'GET /v1/checkout/sessions/:id': (_r, id) => find(this.sessions, 'checkout.session', id),
    'POST /v1/billing_portal/sessions': ({ form: f }) => {
      const customer = find(this.customers, 'customer', required(f, 'customer'), 'customer').id;
      const id = fakeStripeId('bps');
      const fields = { customer, return_url: str(f.return_url) ?? null, url: `${this.url}/p/session/${id}` };
      const session = { ...base(id, 'billing_portal.session'), ...fields };
      return session;
    },
    'GET /v1/subscriptions/:id': (_r, id) => find(this.subscriptions, 'subscription', id),
    'POST /v1/subscriptions/:id': (request, id) => this.updateSubscription(request, id),
    'DELETE /v1/subscriptions/:id': (request, id) => {
      const sub = find(this.subscriptions, 'subscription', id);
      this.sendLater(this.cancel(sub, request));
      return sub;
    },
    'GET /v1/invoices': ({ query }) => {
      const [customer, status] = [query.customer, query.status];
      const limit = Math.min(100, Math.max(1, Number(query.limit ?? 10) || 10));
      const found = [...this.invoices.values()]
        .reverse()
        .filter((i) => (!customer || i.customer === customer) && (!status || i.status === status));
      return listOf(found.slice(0, limit), '/v1/invoices', found.length > limit);
    },
    'POST /v1/billing/meter_events': ({ form: f }) => {
      const eventName = required(f, 'event_name');
      if (!this.hasMeter(eventName)) throw invalid('event_name', `No active meter for '${eventName}'.`);
      const identifier = str(f.identifier) ?? fakeStripeId('mevt');
      if (this.meterEvents.some((e) => e.identifier === identifier)) {
        // As Stripe answers (its docs only say it keeps identifiers unique for at least 24 hours).
        const message = `An event already exists with identifier ${identifier}.`;
        const error = { type: 'invalid_request_error', param: 'identifier', message };
        throw new ApiError(400, error, { 'stripe-should-retry': 'false' });
      }
      const timestamp = f.timestamp === undefined ? now() : Number(f.timestamp);
      const fields = { event_name: eventName, identifier, payload: strings(f.payload), timestamp };
      const event = { object: 'billing.meter_event', livemode: false, created: now(), ...fields };
      this.meterEvents.push(event);
      return event;
    },
    'POST /v1/billing/meter_event_adjustments': ({ form: f }) => {
      const eventName = required(f, 'event_name');
      if (!this.hasMeter(eventName)) throw invalid('event_name', `No active meter for '${eventName}'.`);
      const identifier = str(record(f.cancel).identifier);
      if (!identifier) throw missing('cancel[identifier]');
      const fields = { event_name: eventName, type: 'cancel', cancel: { identifier }, status: 'pending' };
      const adjustment = { object: 'billing.meter_event_adjustment', livemode: false, ...fields };
      this.meterEventAdjustments.push(adjustment);
      return adjustment;
    },
  };

  /** POST /v1/subscriptions/:id: item prices swapped or items deleted, metadata, cancel_at_period_end. */
  private updateSubscription(request: FakeStripeRequest, id: string) {
    const [sub, f] = [find(this.subscriptions, 'subscription', id), request.form];
    const before = clone(sub);
    // `billing_cycle_anchor[type]=now` in this API version, `billing_cycle_anchor=now` in earlier ones.
    const anchorNow = (str(f.billing_cycle_anchor) ?? record(f.billing_cycle_anchor).type) === 'now';
    let invoiced = false;
    for (const [i, change] of list(f.items).map(record).entries()) {
      const items = new Map(itemsOf(sub).map((item) => [String(item.id), item]));
      const item = find(items, 'subscription item', str(change.id) ?? '', `items[${i}][id]`);
      const priceId = str(change.price);
      const next = priceId ? find(this.prices, 'price', priceId, `items[${i}][price]`) : null;
      if (change.deleted === 'true') record(sub.items).data = itemsOf(sub).filter((other) => other !== item);
      else if (next && next.id !== priceOf(item).id) {
        this.swapPrice(item, next, anchorNow);
        invoiced ||= anchorNow && !isMetered(next);
      }
      if (change.quantity !== undefined) item.quantity = Number(change.quantity);
    }
    const metadata = Object.entries({ ...record(sub.metadata), ...strings(f.metadata) });
    sub.metadata = Object.fromEntries(metadata.filter(([, value]) => value !== ''));
    if (f.cancel_at_period_end !== undefined) sub.cancel_at_period_end = f.cancel_at_period_end === 'true';
    const invoice = invoiced ? this.makeInvoice(sub, true, 'subscription_update') : null;
    const paid = invoice ? [this.makeEvent('invoice.paid', invoice, undefined, request)] : [];
    this.sendLater([...paid, ...this.updated(sub, before, request)]);
    return sub;
  }
  private answer(res: ServerResponse, status: number, json: string, headers: Record<string, string> = {}) {
    const requestId = fakeStripeId('req', 14);
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': requestId, ...headers });
    res.end(json);
  }
  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const [method, path] = [req.method ?? 'GET', url.pathname];
    const parse = (text: string) => qs.parse(text, { arrayLimit: 100, depth: 10 });
    const idempotencyKey = str(req.headers['idempotency-key']);
    const [query, form, headers, at] = [parse(url.search.slice(1)), parse(body), req.headers, Date.now()];
    const request: FakeStripeRequest = { method, path, query, form, headers, idempotencyKey, at };
    this.requests.push(request);
    const fail = (status: number, error: FakeStripeError, headers?: Record<string, string>) =>
      this.answer(res, status, JSON.stringify({ error }), headers);
    const key = req.headers.authorization?.replace(/^Bearer\s+/, '') ?? '';
    if (key !== this.options.secretKey) {
      const masked = `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
      return fail(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${masked}` });
    }
    const queued = this.failures.findIndex(
      (f) => [method, '*'].includes(f.method) && path.startsWith(f.pathPrefix),
    );
    const failure = queued >= 0 ? this.failures.splice(queued, 1)[0] : undefined;
    if (failure) return fail(failure.status, failure.error);
    const idMatch = ID_PATH.exec(path);
    const route = `${method} ${idMatch ? `${idMatch[1]}/:id` : path}`;
    const replyKey = method === 'POST' ? idempotencyKey : undefined;
    const reply = replyKey ? this.replies.get(replyKey) : undefined;
    if (reply && (reply.route !== route || reply.body !== body)) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${replyKey}' if you meant to execute a different request.`;
      return fail(400, { type: 'idempotency_error', message });
    }
    if (reply) return this.answer(res, 200, reply.json, { 'idempotent-replayed': 'true' });
    const run = this.routes[route];
    if (!run) {
      const message = `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`;
      return fail(404, { type: 'invalid_request_error', message });
    }
    try {
      const before = new Set(this.sending);
      const json = JSON.stringify(run(request, decodeURIComponent(idMatch?.[2] ?? '')));
      if (replyKey) this.replies.set(replyKey, { route, body, json });
      // Only this request's own webhooks: others' may be waiting on a request the receiver is making now.
      if (this.webhooksBeforeAnswer) await Promise.all([...this.sending].filter((s) => !before.has(s)));
      return this.answer(res, 200, json);
    } catch (error) {
      if (error instanceof ApiError) return fail(error.status, error.error, error.headers);
      throw error;
    }
  }
}

/** Starts a fake Stripe on 127.0.0.1 and a free port. */
export function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  return new FakeStripe(options).start();
}
