import { type Role, roleAllows } from '@callwise/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTwilio, startFakeTwilio } from '../src/engine/carriers/twilio/twilio-test-server.ts';
import { minimumRole } from '../src/http/role-policy.ts';
import { type FakeStripe, startFakeStripe } from '../src/modules/billing/stripe-test-server.ts';
import { createApiKey, listenTestApp, signedInUser, type TestApp } from './helper.ts';
import {
  type Document,
  examplesOf,
  fetchDocument,
  integrator,
  type Json,
  operationsOf,
  secured,
} from './openapi-document.ts';
import {
  type ExampleServer,
  resetExampleAccount,
  STRIPE_ONLY,
  startExampleServer,
  TWILIO_ONLY,
} from './openapi-example-account.ts';
import { anyRequest, checkExample, send } from './openapi-requests.ts';

/**
 * Every example of the OpenAPI document, executed against the real server over HTTP: each operation's own, and the
 * shared 401, 403 and 429 examples on every operation; none is left unexecuted. Then the role matrix on the same
 * server: each operation's description names the roles that may call it, the server enforces the same, and an
 * admin and a staff member get each example as documented or 403 forbidden_role.
 */
let server: ExampleServer;
let t: ExampleServer['t'];
let owner: ExampleServer['owner'];
let apiKey: string;
let starterKey: string;
/** A session still waiting for its second factor (403 mfa_required everywhere). */
let awaitingCode: string;
/** A member without a second factor of an account that requires one (403 mfa_enrollment_required). */
let enrolling: string;
/** An admin and a staff member of the examples' account. */
let members: ExampleServer['members'];
let tight: TestApp & { baseUrl: string };
let document: Document;
const executed = new Set<string>();

const operations = () => operationsOf(document);

beforeAll(async () => {
  server = await startExampleServer();
  ({ t, owner, apiKey, starterKey, awaitingCode, enrolling, members } = server);
  ({ document } = await fetchDocument(t.baseUrl));
  // Six users signed in, two API keys and the fake Google: over a minute on a busy machine.
}, 120_000);
afterAll(async () => {
  await server?.close();
  await tight?.close();
  await twilioApp?.close();
  await twilio?.close();
  await stripeApp?.close();
  await stripe?.close();
});

/**
 * The server of the Stripe-only operations (STRIPE_ONLY): on the fake Stripe, as an owner whose account is a Stripe
 * customer without a subscription yet.
 */
let stripe: FakeStripe;
let stripeApp: TestApp & { baseUrl: string };
let stripeOwner: string;

beforeAll(async () => {
  const secretKey = 'sk_test_openapiExamples';
  const webhookSecret = 'whsec_openapiExamples';
  stripe = await startFakeStripe({ secretKey, webhookSecret });
  stripeApp = await listenTestApp({
    env: {
      API_RATE_LIMIT_PER_MINUTE: '100000',
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE_URL: stripe.url,
    },
  });
  const user = await signedInUser(stripeApp, { plan: 'professional' });
  const customer = await fetch(`${stripe.url}/v1/customers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'owner@harbordental.example', name: 'Harbor Dental' }),
  });
  const { id } = (await customer.json()) as { id: string };
  await stripeApp.database.executeSql('UPDATE accounts SET stripe_customer_id = $1 WHERE id = $2', [
    id,
    user.accountId,
  ]);
  stripeOwner = user.headers.authorization ?? '';
});

/** The server of the Twilio-only operations (TWILIO_ONLY): on the fake Twilio, with two numbers and one to buy. */
let twilio: FakeTwilio;
let twilioApp: TestApp & { baseUrl: string };
let twilioKey: string;

beforeAll(async () => {
  const accountSid = `AC${'5eed'.repeat(8)}`;
  const authToken = 'openapi-examples-twilio-token';
  twilio = await startFakeTwilio({ accountSid, authToken });
  twilio.addNumber('+13125550141');
  twilio.addNumber('+13125550142');
  twilio.availableNumbers.push({ phoneNumber: '+13125550190', locality: 'Chicago', region: 'IL' });
  twilioApp = await listenTestApp({
    env: {
      API_RATE_LIMIT_PER_MINUTE: '100000',
      TELEPHONY_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM_NUMBER: '+12025550123',
      TWILIO_API_BASE_URL: twilio.url,
    },
  });
  const user = await signedInUser(twilioApp, { plan: 'professional' });
  twilioKey = (await createApiKey(twilioApp, user, 'Examples')).key;
});

describe('every example in the document, against the real server', () => {
  it('answers each operation’s examples as documented', async () => {
    const failures: string[] = [];
    for (const { path, method, operation } of operations()) {
      const examples = examplesOf(document, operation);
      if (examples.length === 0) continue;
      await resetExampleAccount(server);
      const onTwilio = TWILIO_ONLY.test(path);
      const onStripe = STRIPE_ONLY.test(path);
      // Public routes (the public site's own) are called without credentials.
      const authorization = onTwilio
        ? `Bearer ${twilioKey}`
        : onStripe
          ? stripeOwner
          : integrator(operation)
            ? `Bearer ${apiKey}`
            : secured(operation)
              ? (owner.headers.authorization ?? '')
              : '';
      const base = onTwilio ? twilioApp.baseUrl : onStripe ? stripeApp.baseUrl : t.baseUrl;
      for (const example of examples) {
        const where = `${method.toUpperCase()} ${path} «${example.name}»`;
        executed.add(`${method} ${path} ${example.name}`);
        failures.push(...(await checkExample(base, method, path, example, authorization, where)));
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('answers the shared 401 and 403 examples on every operation', async () => {
    await resetExampleAccount(server);
    const shared = document.components.examples;
    const failures: string[] = [];
    for (const { path, method, operation } of operations()) {
      if (!secured(operation)) continue;
      const cases: Array<[name: string, authorization: string, status: number]> = integrator(operation)
        ? [
            ['unauthorized', `Bearer cw_live_${'A'.repeat(40)}`, 401],
            ['plan_upgrade_required', `Bearer ${starterKey}`, 403],
            ['mfa_required', awaitingCode, 403],
          ]
        : [
            ['session_invalid', 'Bearer not-a-token', 401],
            ['session_required', `Bearer ${apiKey}`, 403],
            ['mfa_required', awaitingCode, 403],
          ];
      if (!(method === 'get' && path === '/v1/me')) cases.push(['mfa_enrollment_required', enrolling, 403]);
      const minimum = minimumRole(method.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1'));
      const staffHeaders = members.staff?.headers.authorization ?? '';
      const adminHeaders = members.admin?.headers.authorization ?? '';
      if (minimum === 'admin') cases.push(['forbidden_role', staffHeaders, 403]);
      if (minimum === 'owner') cases.push(['owner_required', adminHeaders, 403]);
      for (const [name, authorization, status] of cases) {
        const listed = Object.values(operation.responses[String(status)]?.content ?? {}).some(
          (media) => media.examples?.[name],
        );
        if (!listed) failures.push(`${method} ${path}: ${status} does not show the ${name} example`);
        const { response, text } = await send(
          t.baseUrl,
          method,
          path,
          anyRequest(document, operation),
          authorization,
        );
        executed.add(`shared ${name}`);
        if (
          response.status !== status ||
          JSON.stringify(JSON.parse(text)) !== JSON.stringify(shared[name]?.value)
        ) {
          failures.push(`${method} ${path} «${name}»: ${response.status} ${text}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers the shared 429 example on every operation, with Retry-After', async () => {
    tight = await listenTestApp({
      env: { API_RATE_LIMIT_PER_MINUTE: '1', SESSION_RATE_LIMIT_PER_MINUTE: '1' },
    });
    const user = await signedInUser(tight, { plan: 'professional' });
    const key = (await createApiKey(tight, user)).key;
    // Spend the one request a minute of each (creating the key spent the session's).
    expect(
      (await fetch(`${tight.baseUrl}/v1/voices`, { headers: { authorization: `Bearer ${key}` } })).status,
    ).toBe(200);
    const example = document.components.examples.rate_limited?.value as {
      error: { code: string; details: Json };
    };
    const failures: string[] = [];
    for (const { path, method, operation } of operations()) {
      if (!secured(operation)) continue;
      const authorization = integrator(operation) ? `Bearer ${key}` : user.headers.authorization;
      const { response, text } = await send(
        tight.baseUrl,
        method,
        path,
        anyRequest(document, operation),
        authorization,
      );
      executed.add('shared rate_limited');
      const body = JSON.parse(text) as { error: { code: string; message: string; details: Json } };
      const ok =
        response.status === 429 &&
        body.error.code === example.error.code &&
        /^Too many requests: the limit is 1 requests per minute\. Try again in \d+ seconds\.$/.test(
          body.error.message,
        ) &&
        Object.keys(body.error.details).sort().join() === Object.keys(example.error.details).sort().join() &&
        Number(response.headers.get('retry-after')) > 0 &&
        response.headers.get('ratelimit-remaining') === '0';
      if (!ok) failures.push(`${method} ${path}: ${response.status} ${text}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('left no example unexecuted', () => {
    const all = new Set<string>();
    for (const { path, method, operation } of operations()) {
      for (const example of examplesOf(document, operation)) all.add(`${method} ${path} ${example.name}`);
    }
    for (const name of Object.keys(document.components.examples)) all.add(`shared ${name}`);
    expect([...all].filter((name) => !executed.has(name))).toEqual([]);
  });
});

describe('the role matrix', () => {
  /**
   * Where a role the operation allows is still refused by the operation's own rule (documented in its
   * description): staff change their own number but not the business's time zone, and leave but remove no one.
   */
  const REFUSED_BY_THE_OPERATION: Record<string, Partial<Record<Role, number>>> = {
    'patch /v1/me timezone': { staff: 403 },
    'delete /v1/members/{id} remove': { staff: 403 },
    'delete /v1/members/{id} missing': { staff: 403 },
  };

  it('walks the role matrix: each role gets what the document allows it and 403 forbidden_role elsewhere', async () => {
    const failures: string[] = [];
    let forbidden = 0;
    let allowed = 0;
    for (const { path, method, operation } of operations()) {
      if (!secured(operation)) continue;
      const sentence = /Roles: ([a-z, ]+) \(an API key acts as an admin\)\./.exec(
        operation.description ?? '',
      );
      if (!sentence?.[1]) {
        failures.push(`${method} ${path}: the description does not say which roles may call it`);
        continue;
      }
      const documentedRoles = sentence[1].split(', ');
      // The document and the policy the server enforces say the same.
      const minimum = minimumRole(method.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1'));
      const policyRoles = (['owner', 'admin', 'staff'] as const).filter((role) => roleAllows(role, minimum));
      if (documentedRoles.join() !== policyRoles.join()) {
        failures.push(
          `${method} ${path}: documents ${documentedRoles.join()}, enforces ${policyRoles.join()}`,
        );
      }
      for (const role of ['admin', 'staff'] as const) {
        const member = members[role];
        if (!member) throw new Error('no member');
        const where = `${method.toUpperCase()} ${path} as ${role}`;
        if (!documentedRoles.includes(role)) {
          forbidden++;
          await resetExampleAccount(server);
          const { response, text } = await send(
            t.baseUrl,
            method,
            path,
            anyRequest(document, operation),
            member.headers.authorization,
          );
          const body = (
            response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : {}
          ) as {
            error?: { code: string; details?: { required?: string[] } };
          };
          if (
            response.status !== 403 ||
            body.error?.code !== 'forbidden_role' ||
            body.error.details?.required?.join() !== documentedRoles.join()
          ) {
            failures.push(
              `${where}: ${response.status} ${text.slice(0, 200)}, documented 403 forbidden_role`,
            );
          }
          continue;
        }
        // The business number's operations need the Twilio server, where these members are not: the policy check
        // above covers them.
        if (TWILIO_ONLY.test(path) || STRIPE_ONLY.test(path)) continue;
        const examples = examplesOf(document, operation);
        if (examples.length > 0) await resetExampleAccount(server);
        for (const example of examples) {
          allowed++;
          const refused = REFUSED_BY_THE_OPERATION[`${method} ${path} ${example.name}`]?.[role];
          const expected = refused ? { ...example, status: refused, response: undefined } : example;
          if (refused) {
            const { response } = await send(t.baseUrl, method, path, example, member.headers.authorization);
            if (response.status !== refused)
              failures.push(`${where} «${example.name}»: ${response.status}, not ${refused}`);
            continue;
          }
          failures.push(
            ...(await checkExample(
              t.baseUrl,
              method,
              path,
              expected,
              member.headers.authorization,
              `${where} «${example.name}»`,
            )),
          );
        }
      }
    }
    expect(failures).toEqual([]);
    // Both kinds were walked (the matrix is not empty on either side).
    expect(forbidden).toBeGreaterThan(40);
    expect(allowed).toBeGreaterThan(100);
  }, 600_000);
});
