import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

// For the browser tests: the server's local fake of Stripe's API (apps/server/src/modules/billing/stripe-test-server.ts)
// in its own process, sending its signed webhooks to WEBHOOK_URL, with its control address on CONTROL_PORT. Stripe's hosted pages are Stripe's: what a person
// does on them (pay a checkout, cancel in the portal) is done through a small control address instead. Run by
// start-server.mjs with `node --import tsx`; prints one JSON line with its addresses once it listens, and stops
// when its parent closes its standard input (or on SIGTERM/SIGINT).

/** The keys the Stripe server of the browser tests is started with. */
export const E2E_STRIPE = {
  secretKey: 'sk_test_browserTests',
  webhookSecret: 'whsec_browserTests',
};

/** What this script uses of the fake. */
interface FakeStripeLike {
  url: string;
  sessions: Map<string, Record<string, unknown>>;
  customers: Map<string, Record<string, unknown> & { id: string }>;
  subscriptions: Map<string, Record<string, unknown> & { id: string }>;
  completeCheckout(sessionId: string): Promise<unknown>;
  cancelSubscription(subscriptionId: string): Promise<unknown>;
  close(): Promise<void>;
}

async function main() {
  // A path the type checker does not follow (the fake lives in the server's sources, outside this project).
  const modulePath = new URL('../server/src/modules/billing/stripe-test-server.ts', import.meta.url).href;
  const { startFakeStripe } = (await import(modulePath)) as {
    startFakeStripe: (options: {
      secretKey: string;
      webhookSecret: string;
      webhookUrl?: string;
    }) => Promise<FakeStripeLike>;
  };
  const fake = await startFakeStripe({ ...E2E_STRIPE, webhookUrl: process.env.WEBHOOK_URL });

  // POST /pay/{session}: the checkout paid (answers where Stripe sends the browser back); POST /cancel/{e-mail}: the
  // customer's subscription canceled, as in the Customer Portal.
  const control = createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const [, action, id = ''] = (request.url ?? '').split('/');
    const run = async () => {
      if (request.method === 'POST' && action === 'pay') {
        await fake.completeCheckout(id);
        return answer(200, { return_url: fake.sessions.get(id)?.success_url });
      }
      if (request.method === 'POST' && action === 'cancel') {
        const email = decodeURIComponent(id);
        const customers = [...fake.customers.values()].filter((c) => c.email === email).map((c) => c.id);
        const subscription = [...fake.subscriptions.values()].find(
          (s) => customers.includes(String(s.customer)) && s.status !== 'canceled',
        );
        if (!subscription) return answer(404, { error: 'no subscription' });
        await fake.cancelSubscription(subscription.id);
        return answer(200, { canceled: subscription.id });
      }
      return answer(404, { error: 'unknown' });
    };
    run().catch((error: unknown) => answer(500, { error: String(error) }));
  });
  await new Promise<void>((resolve) =>
    control.listen(Number(process.env.CONTROL_PORT ?? 0), '127.0.0.1', resolve),
  );
  const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
  process.stdout.write(`${JSON.stringify({ url: fake.url, controlUrl })}\n`);

  const stop = async () => {
    control.close();
    await fake.close();
    process.exit(0);
  };
  process.stdin.on('end', stop);
  process.stdin.resume();
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

// Only when run (the browser test imports the constants above).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error('fake-stripe: could not start:', error);
    process.exit(1);
  });
}
