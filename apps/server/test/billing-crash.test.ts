import { describe, expect, it } from 'vitest';
import type { CrashPoint } from '../src/infra/crash-points.ts';
import { EXTRA_CALLS_METER } from '../src/modules/billing/stripe-billing-provider.ts';
import { type FakeStripe, startFakeStripe } from '../src/modules/billing/stripe-test-server.ts';
import {
  exitedWithin,
  seedOwner,
  signInWithPassword,
  startServer,
  withDatabase,
} from './engine-processes.ts';
import { engineTestCleanup } from './engine-test-cleanup.ts';
import { freePort } from './helper.ts';

/**
 * Payments survive a killed process (decision 036). A server is killed (CRASH_AT, SIGKILL) after Stripe took the
 * extra calls as meter events and before they were marked reported — started again, it sends them again and
 * Stripe counts each once; and inside a webhook's transaction — nothing of it is kept, and Stripe's retry applies
 * it once. Stripe's side is a local fake of its API, driven by the real `stripe` library, signing its webhooks.
 */
const postgres = Boolean(process.env.DATABASE_URL);
const cleanup = engineTestCleanup();

const email = 'owner@billing-crash.example.com';
const password = 'Harbor-Lantern-64';
const SECRET_KEY = 'sk_test_billingCrash';
const WEBHOOK_SECRET = 'whsec_billingCrash';

async function setUp(prefix: string) {
  const fake: FakeStripe = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  cleanup.later(() => fake.close());
  const database = await cleanup.freshDatabase(prefix);
  const { accountId } = await withDatabase(database, (handle) =>
    seedOwner(handle, { businessName: 'Crash Point Dental', email, password }),
  );
  const port = await freePort();
  const env = {
    ...database.env,
    NODE_ENV: 'test',
    PORT: String(port),
    ROLE: 'all',
    PUBLIC_URL: `http://localhost:${port}`,
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE_URL: fake.url,
  };
  return { fake, database, env, accountId };
}

async function killedBy(server: ReturnType<typeof startServer>, point: CrashPoint) {
  const how = await exitedWithin(server, 90_000);
  expect(how, server.output()).toBe('SIGKILL');
  expect(server.output()).toContain(`crash point reached: ${point}`);
}

async function until(what: string, done: () => boolean, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what}:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe(`payments killed midway (${postgres ? 'PostgreSQL' : 'embedded'})`, { timeout: 240_000 }, () => {
  it('killed after Stripe took the extra calls, before they were marked: sent again at start, counted once', async () => {
    const point: CrashPoint = 'billing.usage-after-report';
    const { fake, database, env, accountId } = await setUp('usage-crash');
    // A Starter account paying through Stripe, with three extra calls billed and not yet reported.
    const customer = await fetch(`${fake.url}/v1/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email }),
    });
    const customerId = ((await customer.json()) as { id: string }).id;
    await withDatabase(database, async (handle) => {
      await handle.executeSql("UPDATE accounts SET plan = 'starter', stripe_customer_id = $2 WHERE id = $1", [
        accountId,
        customerId,
      ]);
      await handle.executeSql(
        `INSERT INTO billing_charges (account_id, kind, description, amount_usd)
         SELECT $1, 'overage', 'Extra call ' || g, 0.5 FROM generate_series(1, 3) g`,
        [accountId],
      );
    });
    // The meter Stripe counts extra calls on (made with the prices at the account's first checkout).
    const meter = await fetch(`${fake.url}/v1/billing/meters`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        display_name: 'Extra calls',
        event_name: EXTRA_CALLS_METER,
        'default_aggregation[formula]': 'sum',
      }),
    });
    expect(meter.status).toBe(200);
    const meterPosts = () =>
      fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/billing/meter_events');

    // The worker reports at start, and dies before the mark.
    const doomed = startServer({ ...env, CRASH_AT: point });
    await killedBy(doomed, point);
    expect(meterPosts()).toHaveLength(3);
    expect(fake.usage(EXTRA_CALLS_METER, customerId)).toBe(3);

    // Started again, it sends the three again (nothing says Stripe has them) and marks them; Stripe counts 3.
    const finisher = startServer(env);
    await finisher.url();
    await until('usage not reported again', () => meterPosts().length >= 6, finisher.output);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    finisher.child.kill('SIGTERM');
    expect(await finisher.exited).toBe('0');
    expect(fake.usage(EXTRA_CALLS_METER, customerId)).toBe(3);
    expect(meterPosts()).toHaveLength(6);
    const unreported = await withDatabase(database, (handle) =>
      handle.executeSql('SELECT count(*)::int AS n FROM billing_charges WHERE usage_reported_at IS NULL'),
    );
    expect(unreported.rows).toEqual([{ n: 0 }]);
  });

  it('killed inside a webhook’s transaction: nothing of it is kept, and Stripe’s retry applies it once', async () => {
    const point: CrashPoint = 'stripe.webhook-before-commit';
    const { fake, database, env } = await setUp('webhook-crash');
    const doomed = startServer({ ...env, CRASH_AT: point });
    const doomedBase = await doomed.url();
    // Stripe posts to the address the server listens on (localhost may name another interface).
    fake.setWebhookUrl(`${doomedBase.replace('localhost', '127.0.0.1')}/hooks/stripe`);
    const token = await signInWithPassword(doomedBase, email, password);
    const checkout = await fetch(`${doomedBase}/v1/billing/checkout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'starter' }),
    });
    expect(checkout.status, await checkout.clone().text()).toBe(200);
    const url = ((await checkout.json()) as { url: string }).url;
    const session = [...fake.sessions.values()].find((s) => url.endsWith(s.id));
    if (!session) throw new Error('no checkout session');
    // Paid: the first event's transaction is cut off; the others find no server.
    const events = await fake.completeCheckout(session.id);
    await killedBy(doomed, point);
    const nothing = await withDatabase(database, async (handle) => ({
      plan: (await handle.executeSql('SELECT plan FROM accounts')).rows,
      events: (await handle.executeSql('SELECT count(*)::int AS n FROM stripe_events')).rows,
      charges: (await handle.executeSql('SELECT count(*)::int AS n FROM billing_charges')).rows,
    }));
    expect(nothing).toEqual({ plan: [{ plan: 'trial' }], events: [{ n: 0 }], charges: [{ n: 0 }] });

    // Stripe retries every event to the server started again: applied once, and once more changes nothing.
    const finisher = startServer(env);
    const base = await finisher.url();
    fake.setWebhookUrl(`${base.replace('localhost', '127.0.0.1')}/hooks/stripe`);
    for (const round of [1, 2]) {
      for (const event of events) {
        const delivery = await fake.redeliver(event.id);
        expect(delivery.status, `${event.type} (round ${round}): ${finisher.output()}`).toBe(200);
      }
    }
    finisher.child.kill('SIGTERM');
    expect(await finisher.exited).toBe('0');
    const applied = await withDatabase(database, async (handle) => ({
      account: (await handle.executeSql('SELECT plan, payment_status FROM accounts')).rows,
      events: (await handle.executeSql('SELECT count(*)::int AS n FROM stripe_events')).rows,
      charges: (
        await handle.executeSql(
          "SELECT amount_usd::float AS usd FROM billing_charges WHERE kind = 'subscription'",
        )
      ).rows,
    }));
    expect(applied).toEqual({
      account: [{ plan: 'starter', payment_status: 'ok' }],
      events: [{ n: events.length }],
      charges: [{ usd: 29 }],
    });
  });
});
