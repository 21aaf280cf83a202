import { randomBytes } from 'node:crypto';
import { type Role, roleAllows } from '@callwise/shared/roles';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FakeTwilio, startFakeTwilio } from '../src/engine/carriers/twilio/twilio-test-server.ts';
import { minimumRole } from '../src/http/role-policy.ts';
import {
  EXAMPLE_API_KEY,
  EXAMPLE_APPOINTMENT,
  EXAMPLE_AUDIT_EVENT,
  EXAMPLE_BOOKING_SETTINGS_INPUT,
  EXAMPLE_CALENDAR_CONNECTION,
  EXAMPLE_CALL,
  EXAMPLE_CAMPAIGN,
  EXAMPLE_CONTACT,
  EXAMPLE_DO_NOT_CALL,
  EXAMPLE_GOOGLE_CONNECTION,
  EXAMPLE_ICS_CONNECTION,
  EXAMPLE_IDS,
  EXAMPLE_IMPORT,
  EXAMPLE_MESSAGE,
  EXAMPLE_OTHER_CONTACT,
  EXAMPLE_OTHER_SCRIPT,
  EXAMPLE_PAUSED_CAMPAIGN,
  EXAMPLE_REPLY,
  EXAMPLE_RINGING_CALL,
  EXAMPLE_SCHEDULED_CALL,
  EXAMPLE_SCRIPT,
  EXAMPLE_TEST_CALL,
  EXAMPLE_WAITLIST_ENTRY,
} from '../src/lib/api-examples.ts';
import {
  EXAMPLE_INVITATION,
  EXAMPLE_INVITATION_TOKEN,
  EXAMPLE_MEMBER,
  EXAMPLE_TEAM_IDS,
} from '../src/lib/team-examples.ts';
import { GOOGLE_CALENDAR_SCOPES } from '../src/modules/appointments/sources/google-calendar.ts';
import {
  type FakeGoogle,
  startFakeGoogle,
} from '../src/modules/appointments/sources/google-calendar-test-server.ts';
import { hashToken } from '../src/modules/auth/tokens.ts';
import { type FakeStripe, startFakeStripe } from '../src/modules/billing/stripe-test-server.ts';
import {
  createApiKey,
  listenTestApp,
  signedInMember,
  signedInUser,
  type TestApp,
  userAwaitingSecondFactor,
} from './helper.ts';
import { type ExampleObject, type Json, type Operation, operationsOf } from './openapi-document.ts';

/**
 * The OpenAPI document at /v1/openapi.json: a valid OpenAPI 3.1 document that describes every operation of the
 * authenticated API completely, and whose every example is executed here against the real server over HTTP.
 */
let t: TestApp & { baseUrl: string };
let tight: TestApp & { baseUrl: string };
let raw: Json;
let document: {
  paths: Record<string, Record<string, Operation>>;
  components: { examples: Record<string, ExampleObject> };
};
let owner: Awaited<ReturnType<typeof signedInUser>>;
let apiKey: string;
let starterKey: string;
/** A session still waiting for its second factor (403 mfa_required everywhere). */
let awaitingCode: string;
/** A member without a second factor of an account that requires one (403 mfa_enrollment_required). */
let enrolling: string;
/** An admin and a staff member of the examples' account (the role matrix). */
const members: Partial<Record<Role, { headers: { authorization: string }; userId: string }>> = {};
let google: FakeGoogle;
const EXAMPLE_GOOGLE_REFRESH_TOKEN = '1//example-refresh-token';
const executed = new Set<string>();

const operations = () => operationsOf(document);
const secured = (operation: Operation) => (operation.security ?? []).length > 0;
const integrator = (operation: Operation) => (operation.security ?? []).some((s) => 'apiKey' in s);

beforeAll(async () => {
  // Google's OAuth and Calendar endpoints, faked: the examples connect and list a Google calendar.
  google = await startFakeGoogle();
  google.addCalendar({
    id: 'frontdesk@harbordental.example',
    summary: 'Front desk',
    timeZone: 'America/New_York',
    primary: true,
    accessRole: 'owner',
  });
  google.addCalendar({
    id: 'c_8f2kim@group.calendar.google.com',
    summary: 'Dr. Kim',
    timeZone: 'America/New_York',
    primary: false,
    accessRole: 'writer',
  });
  google.refreshTokens.set(EXAMPLE_GOOGLE_REFRESH_TOKEN, {
    scope: GOOGLE_CALENDAR_SCOPES.join(' '),
    revoked: false,
  });
  t = await listenTestApp({
    env: {
      API_RATE_LIMIT_PER_MINUTE: '100000',
      SESSION_RATE_LIMIT_PER_MINUTE: '100000',
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_AUTH_URL: google.authUrl,
      GOOGLE_TOKEN_URL: google.tokenUrl,
      GOOGLE_REVOKE_URL: google.revokeUrl,
      GOOGLE_API_ROOT_URL: `${google.url}/`,
    },
  });
  owner = await signedInUser(t, { plan: 'professional' });
  apiKey = (await createApiKey(t, owner, 'Examples')).key;
  const starter = await signedInUser(t, { plan: 'professional' });
  starterKey = (await createApiKey(t, starter)).key;
  awaitingCode = (await userAwaitingSecondFactor(t)).headers.authorization;
  const strict = await signedInUser(t, { plan: 'professional' });
  await t.database.executeSql('UPDATE accounts SET require_two_factor = true WHERE id = $1', [
    strict.accountId,
  ]);
  enrolling = strict.headers.authorization;
  members.admin = await signedInMember(t, owner.accountId, 'admin');
  members.staff = await signedInMember(t, owner.accountId, 'staff');
  await t.database.executeSql("UPDATE accounts SET plan = 'starter' WHERE id = $1", [starter.accountId]);

  const res = await fetch(`${t.baseUrl}/v1/openapi.json`);
  expect(res.status).toBe(200);
  raw = (await res.json()) as Json;
  const validator = new Validator();
  const result = await validator.validate(structuredClone(raw));
  if (!result.valid) throw new Error(`invalid OpenAPI document: ${JSON.stringify(result.errors, null, 2)}`);
  document = validator.resolveRefs() as typeof document;
});
afterAll(async () => {
  await t?.close();
  await tight?.close();
  await google?.close();
  await twilioApp?.close();
  await twilio?.close();
  await stripeApp?.close();
  await stripe?.close();
});

/**
 * The operations that only work with Stripe (decision 036; with simulated billing they answer 409
 * billing_simulated): their examples run against a third server on the fake Stripe, as an owner whose account is a
 * Stripe customer without a subscription yet.
 */
const STRIPE_ONLY = /^\/v1\/billing\/(checkout|portal|invoices)$/;
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

/**
 * The operations that only work with Twilio (the business number's, decision 026; with the simulated carrier
 * they answer 409): their examples run against a second server on the fake Twilio.
 */
const TWILIO_ONLY = /^\/v1\/assistant\/(numbers|business-number)/;
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

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    expect(raw.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(raw));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('lists the /v1 API only, with the integrator resources open to API keys', () => {
    const paths = Object.keys(document.paths);
    expect(paths.every((path) => path.startsWith('/v1/'))).toBe(true);
    const byKey = operations().filter(({ operation }) => integrator(operation));
    const routes = byKey.map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    for (const expected of [
      'POST /v1/calls',
      'GET /v1/calls',
      'GET /v1/calls/{id}',
      'POST /v1/calls/{id}/cancel',
      'POST /v1/calls/batch',
      'POST /v1/contacts',
      'GET /v1/contacts',
      'GET /v1/contacts/{id}',
      'PATCH /v1/contacts/{id}',
      'DELETE /v1/contacts/{id}',
      'GET /v1/scripts',
      'GET /v1/voices',
    ]) {
      expect(routes).toContain(expected);
    }
    for (const sessionOnly of ['GET /v1/me', 'GET /v1/api-keys', 'POST /v1/api-keys', 'GET /v1/dashboard']) {
      const [method = '', path = ''] = sessionOnly.split(' ');
      expect(document.paths[path]?.[method.toLowerCase()]?.security).toEqual([{ session: [] }]);
    }
  });

  it('describes every operation, parameter and field, and every answer', () => {
    const problems: string[] = [];
    const walk = (schema: Json | undefined, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
        for (const [i, part] of ((schema[key] as Json[] | undefined) ?? []).entries())
          walk(part, `${where}/${key}${i}`);
      }
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      for (const [name, property] of Object.entries(properties)) {
        const described =
          typeof property.description === 'string' ||
          ((property.anyOf as Json[] | undefined) ?? []).some((part) => typeof part.description === 'string');
        if (!described) problems.push(`${where}.${name} has no description`);
        walk(property, `${where}.${name}`);
      }
      if (schema.items) walk(schema.items as Json, `${where}[]`);
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        walk(schema.additionalProperties as Json, `${where}{}`);
      }
    };
    for (const { path, method, operation } of operations()) {
      if (!secured(operation)) continue;
      const name = `${method.toUpperCase()} ${path}`;
      if (!operation.summary) problems.push(`${name} has no summary`);
      if (!operation.description) problems.push(`${name} has no description`);
      for (const parameter of operation.parameters ?? []) {
        if (!parameter.description) problems.push(`${name} parameter ${parameter.name} has no description`);
      }
      for (const media of Object.values(operation.requestBody?.content ?? {}))
        walk(media.schema, `${name} body`);
      for (const status of ['401', '403', '429']) {
        if (!operation.responses[status]) problems.push(`${name} does not list ${status}`);
      }
      const takesInput = (operation.parameters ?? []).some((p) => p.in !== 'header') || operation.requestBody;
      if (takesInput && !operation.responses['400']) problems.push(`${name} does not list 400`);
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!response.description || response.description === 'Default Response') {
          problems.push(`${name} ${status} has no description`);
        }
        if (!response.headers?.['RateLimit-Remaining'])
          problems.push(`${name} ${status} lacks RateLimit headers`);
        for (const media of Object.values(response.content ?? {})) walk(media.schema, `${name} ${status}`);
      }
      if (!Object.keys(operation.responses).some((status) => status.startsWith('2'))) {
        problems.push(`${name} has no success answer`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents Idempotency-Key on the POSTs that create', () => {
    for (const path of [
      '/v1/calls',
      '/v1/calls/batch',
      '/v1/contacts',
      '/v1/scripts',
      '/v1/contacts/imports',
      '/v1/appointments/batch',
    ]) {
      const operation = document.paths[path]?.post;
      expect(
        operation?.parameters?.map((p) => `${p.in}:${p.name}`),
        path,
      ).toContain('header:idempotency-key');
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['409', '422']));
    }
  });

  it('gives every operation of the authenticated API an example of success', () => {
    const missing = operations()
      .filter(({ operation }) => secured(operation))
      .filter(({ operation }) =>
        examplesOf(operation).every((example) => !String(example.status).startsWith('2')),
      )
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
  });
});

interface RunnableExample {
  name: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
  status: number;
  response?: { type: string; value: unknown; schema?: Json };
}

/** The examples of an operation, reassembled from where the document puts their parts. */
function examplesOf(operation: Operation): RunnableExample[] {
  const names = new Set<string>();
  const shared = new Set(Object.keys(document.components.examples));
  for (const parameter of operation.parameters ?? [])
    for (const name of Object.keys(parameter.examples ?? {})) names.add(name);
  for (const media of Object.values(operation.requestBody?.content ?? {})) {
    for (const name of Object.keys(media.examples ?? {})) names.add(name);
  }
  for (const response of Object.values(operation.responses)) {
    for (const media of Object.values(response.content ?? {})) {
      for (const name of Object.keys(media.examples ?? {})) if (!shared.has(name)) names.add(name);
    }
  }
  return [...names].map((name) => {
    const pick = (location: string) =>
      Object.fromEntries(
        (operation.parameters ?? [])
          .filter((p) => p.in === location && p.examples?.[name])
          .map((p) => [p.name, p.examples?.[name]?.value]),
      );
    const bodyExample = operation.requestBody?.content['application/json']?.examples?.[name];
    let status: number | undefined;
    let response: RunnableExample['response'];
    for (const [code, answer] of Object.entries(operation.responses)) {
      for (const [type, media] of Object.entries(answer.content ?? {})) {
        const example = media.examples?.[name];
        if (example) {
          status = Number(code);
          response = { type, value: example.value, schema: media.schema };
        }
      }
    }
    const requestParts = [bodyExample, ...(operation.parameters ?? []).map((p) => p.examples?.[name])].filter(
      Boolean,
    ) as ExampleObject[];
    status ??= requestParts.find((part) => part['x-status'])?.['x-status'];
    if (status === undefined) throw new Error(`example ${name}: no status`);
    return {
      name,
      params: pick('path'),
      query: pick('query'),
      headers: pick('header'),
      body: bodyExample?.value,
      status,
      response,
    };
  });
}

/** The same shape: the same keys, and values of the same JSON type (null matches anything nullable). */
function shapeProblems(actual: unknown, example: unknown, where = '$'): string[] {
  if (example === null || actual === null) return [];
  if (Array.isArray(example)) {
    if (!Array.isArray(actual)) return [`${where}: expected an array`];
    if (example.length === 0 || actual.length === 0) return [];
    return shapeProblems(actual[0], example[0], `${where}[0]`);
  }
  if (typeof example === 'object') {
    if (typeof actual !== 'object' || Array.isArray(actual)) return [`${where}: expected an object`];
    const a = Object.keys(actual as Json).sort();
    const e = Object.keys(example as Json).sort();
    if (JSON.stringify(a) !== JSON.stringify(e))
      return [`${where}: keys ${a.join(',')} vs example ${e.join(',')}`];
    return e.flatMap((key) =>
      shapeProblems((actual as Json)[key], (example as Json)[key], `${where}.${key}`),
    );
  }
  return typeof actual === typeof example ? [] : [`${where}: ${typeof actual} vs example ${typeof example}`];
}

function urlOf(base: string, path: string, params: Record<string, unknown>, query: Record<string, unknown>) {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`no example value for {${name}} in ${path}`);
    return encodeURIComponent(String(params[name]));
  });
  const search = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return `${base}${filled}${search ? `?${search}` : ''}`;
}

async function send(
  base: string,
  method: string,
  path: string,
  example: Pick<RunnableExample, 'params' | 'query' | 'headers' | 'body'>,
  authorization: string,
) {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  for (const [name, value] of Object.entries(example.headers)) headers[name] = String(value);
  if (example.body !== undefined) headers['content-type'] = 'application/json';
  const controller = new AbortController();
  const response = await fetch(urlOf(base, path, example.params, example.query), {
    method: method.toUpperCase(),
    headers,
    body: example.body === undefined ? undefined : JSON.stringify(example.body),
    signal: controller.signal,
  });
  const type = response.headers.get('content-type') ?? '';
  let text: string;
  if (type.startsWith('text/event-stream')) {
    // A stream stays open: its first chunk is enough.
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    text = new TextDecoder().decode((await reader.read()).value);
    controller.abort();
  } else if (type.startsWith('audio/')) {
    text = `${(await response.arrayBuffer()).byteLength} bytes`;
  } else {
    text = await response.text();
  }
  return { response, type, text };
}

/** The account of the examples: exactly the rows the examples talk about, with their ids. */
async function resetExampleAccount() {
  const db = t.database;
  const account = owner.accountId;
  for (const table of [
    'messages',
    'calendar_connections',
    'booking_settings',
    'slot_offers',
    'waitlist_entries',
    'appointments',
    'do_not_call',
    'calls',
    'campaigns',
    'contacts',
    'scripts',
    'contact_imports',
    // Last: taking numbers off the do-not-call list above writes records of it.
    'consent_records',
  ]) {
    await db.executeSql(`DELETE FROM ${table} WHERE account_id = $1`, [account]);
  }
  await db.executeSql('DELETE FROM api_keys WHERE id = $1', [EXAMPLE_IDS.apiKey]);
  // The audit log holds its one example event (what the examples before did is forgotten).
  await db.executeSql('DELETE FROM audit_events WHERE account_id = $1', [account]);
  await db.executeSql(
    `INSERT INTO audit_events (id, account_id, action, summary, actor_type, actor, target_type, target_id, details,
       ip, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)`,
    [
      EXAMPLE_AUDIT_EVENT.id,
      account,
      EXAMPLE_AUDIT_EVENT.action,
      EXAMPLE_AUDIT_EVENT.summary,
      EXAMPLE_AUDIT_EVENT.actor_type,
      EXAMPLE_AUDIT_EVENT.actor,
      EXAMPLE_AUDIT_EVENT.target_type,
      EXAMPLE_AUDIT_EVENT.target_id,
      JSON.stringify(EXAMPLE_AUDIT_EVENT.details),
      EXAMPLE_AUDIT_EVENT.ip,
      EXAMPLE_AUDIT_EVENT.created_at,
    ],
  );
  // The team: the owner (an owner again after a transfer), the matrix's admin and staff, the examples' member and
  // invitation; anyone who joined through an example is gone.
  const kept = [owner.userId, members.admin?.userId, members.staff?.userId].filter(Boolean);
  await db.executeSql("UPDATE users SET role = 'owner' WHERE id = $1", [owner.userId]);
  for (const role of ['admin', 'staff'] as const) {
    const member = members[role];
    if (member) await db.executeSql('UPDATE users SET role = $1 WHERE id = $2', [role, member.userId]);
  }
  await db.executeSql(`DELETE FROM users WHERE account_id = $1 AND NOT (id = ANY($2::uuid[]))`, [
    account,
    kept,
  ]);
  await db.executeSql(
    `INSERT INTO users (id, account_id, email, password_hash, user_metadata, role, email_confirmed_at, created_at)
       VALUES ($1, $2, $3, 'not-a-hash', $4, 'staff', now(), $5)`,
    [
      EXAMPLE_TEAM_IDS.member,
      account,
      EXAMPLE_MEMBER.email,
      JSON.stringify({ first_name: 'Sam', last_name: 'Lee' }),
      EXAMPLE_MEMBER.joined_at,
    ],
  );
  await db.executeSql('DELETE FROM invitations WHERE account_id = $1', [account]);
  await db.executeSql(
    `INSERT INTO invitations (id, account_id, email, role, token_hash, invited_by, invited_by_email, invited_by_name,
       expires_at, sent_at, created_at) VALUES ($1, $2, $3, 'staff', $4, $5, $6, 'Dana Reyes', now() + interval '7 days', $7, $7)`,
    [
      EXAMPLE_TEAM_IDS.invitation,
      account,
      EXAMPLE_INVITATION.email,
      hashToken(EXAMPLE_INVITATION_TOKEN),
      owner.userId,
      owner.email,
      EXAMPLE_INVITATION.sent_at,
    ],
  );
  await db.executeSql('UPDATE accounts SET require_two_factor = false WHERE id = $1', [account]);
  await db.executeSql('UPDATE accounts SET webhook_url = NULL WHERE id = $1', [account]);
  await db.executeSql(
    `UPDATE accounts SET follow_up_text_call_types = DEFAULT, follow_up_text = DEFAULT, missed_call_text_back = DEFAULT,
       missed_call_text = DEFAULT WHERE id = $1`,
    [account],
  );
  // Harbor Dental's booking settings: the examples name its staff members.
  await db.executeSql('INSERT INTO booking_settings (account_id, settings) VALUES ($1, $2)', [
    account,
    JSON.stringify(EXAMPLE_BOOKING_SETTINGS_INPUT),
  ]);
  for (const contact of [EXAMPLE_CONTACT, EXAMPLE_OTHER_CONTACT]) {
    await db.executeSql(
      `INSERT INTO contacts (id, account_id, name, phone, email, company, tags, timezone, consent, consent_at,
         consent_source, consent_recorded_by, created_at, updated_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)`,
      [
        contact.id,
        account,
        contact.name,
        contact.phone,
        contact.email,
        contact.company,
        contact.tags,
        contact.timezone,
        contact.consent,
        contact.consent_at,
        contact.consent_source,
        contact.consent_recorded_by,
        contact.created_at,
        contact.updated_at,
      ],
    );
  }
  await db.executeSql(
    `INSERT INTO appointments (id, account_id, contact_id, starts_at, ends_at, service, staff, location, source,
       external_id, status, created_at, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
    [
      EXAMPLE_APPOINTMENT.id,
      account,
      EXAMPLE_APPOINTMENT.contact_id,
      EXAMPLE_APPOINTMENT.starts_at,
      EXAMPLE_APPOINTMENT.ends_at,
      EXAMPLE_APPOINTMENT.service,
      EXAMPLE_APPOINTMENT.staff,
      EXAMPLE_APPOINTMENT.location,
      EXAMPLE_APPOINTMENT.source,
      EXAMPLE_APPOINTMENT.external_id,
      EXAMPLE_APPOINTMENT.status,
      EXAMPLE_APPOINTMENT.created_at,
      EXAMPLE_APPOINTMENT.updated_at,
    ],
  );
  for (const message of [EXAMPLE_MESSAGE, EXAMPLE_REPLY]) {
    await db.executeSql(
      `INSERT INTO messages (id, account_id, direction, kind, status, phone, business_number, contact_id, body,
         segments, encoding, cost, sent_at, delivered_at, created_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15)`,
      [
        message.id,
        account,
        message.direction,
        message.kind,
        message.status,
        message.phone,
        message.business_number,
        message.contact_id,
        message.body,
        message.segments,
        message.encoding,
        message.cost,
        message.sent_at,
        message.delivered_at,
        message.created_at,
      ],
    );
  }
  await db.executeSql(
    `INSERT INTO waitlist_entries (id, account_id, contact_id, service, days, earliest_minute, latest_minute, notes,
       created_at, updated_at) VALUES ($1,$2,$3,$4,'{2,4}',540,720,$5,$6,$6)`,
    [
      EXAMPLE_WAITLIST_ENTRY.id,
      account,
      EXAMPLE_WAITLIST_ENTRY.contact_id,
      EXAMPLE_WAITLIST_ENTRY.service,
      EXAMPLE_WAITLIST_ENTRY.notes,
      EXAMPLE_WAITLIST_ENTRY.created_at,
    ],
  );
  for (const connection of [EXAMPLE_CALENDAR_CONNECTION, EXAMPLE_ICS_CONNECTION, EXAMPLE_GOOGLE_CONNECTION]) {
    const google = connection.kind === 'google';
    await db.executeSql(
      `INSERT INTO calendar_connections
         (id, account_id, kind, name, url, secret, refresh_token, calendar_id, calendar_name, created_at, updated_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)`,
      [
        connection.id,
        account,
        connection.kind,
        connection.name,
        connection.url,
        connection.kind === 'calcom' ? 'e'.repeat(64) : null,
        google ? EXAMPLE_GOOGLE_REFRESH_TOKEN : null,
        connection.calendar_id,
        connection.calendar_name,
        connection.created_at,
        connection.updated_at,
      ],
    );
  }
  for (const script of [EXAMPLE_SCRIPT, EXAMPLE_OTHER_SCRIPT]) {
    await db.executeSql(
      'INSERT INTO scripts (id, account_id, title, content, category, created_at, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7)',
      [
        script.id,
        account,
        script.title,
        script.content,
        script.category,
        script.created_at,
        script.updated_at,
      ],
    );
  }
  for (const call of [EXAMPLE_CALL, EXAMPLE_SCHEDULED_CALL, EXAMPLE_RINGING_CALL]) {
    const recordingKey = call.recording_url ? `recordings/${account}/${call.id}.wav` : null;
    await db.executeSql(
      `INSERT INTO calls (id, account_id, contact_id, script_id, recipient_name, phone, call_type, message, voice,
         scheduled_at, status, outcome, attempts, started_at, ended_at, duration, cost, recording_url, recording_key,
         recording_created_at, transcript, callback_url, estimated_duration, answered_by, failure_reason,
         provider_call_id, created_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27)`,
      [
        call.id,
        account,
        call.contact_id,
        call.script_id,
        call.recipient_name,
        call.phone,
        call.call_type,
        call.message,
        call.voice,
        call.scheduled_at,
        call.status,
        call.outcome,
        call.attempts,
        call.started_at,
        call.ended_at,
        call.duration,
        call.cost,
        call.recording_url,
        recordingKey,
        recordingKey ? call.ended_at : null,
        call.transcript ? JSON.stringify(call.transcript) : null,
        call.callback_url,
        call.estimated_duration,
        call.answered_by,
        call.failure_reason,
        call.status === 'scheduled' ? null : `sim-${call.id}`,
        call.created_at,
      ],
    );
    if (recordingKey) await t.services.storage.put(recordingKey, silentWav(), 'audio/wav');
    if (call.status === 'completed') {
      await db.executeSql(
        `INSERT INTO call_attempts (account_id, call_id, attempt, status, answered_by, started_at, ended_at, duration)
         VALUES ($1,$2,1,$3,$4,$5,$6,$7)`,
        [account, call.id, call.status, call.answered_by, call.started_at, call.ended_at, call.duration],
      );
    }
  }
  await db.executeSql(
    `INSERT INTO contact_imports (id, account_id, status, file_name, csv, mapping, duplicates, total_rows,
       processed_rows, created, merged, skipped, failed, errors, created_at, finished_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16)`,
    [
      EXAMPLE_IMPORT.id,
      account,
      EXAMPLE_IMPORT.status,
      EXAMPLE_IMPORT.file_name,
      'name,phone,email,company',
      JSON.stringify({ name: 'name', phone: 'phone', email: 'email', company: 'company' }),
      EXAMPLE_IMPORT.duplicates,
      EXAMPLE_IMPORT.total_rows,
      EXAMPLE_IMPORT.processed_rows,
      EXAMPLE_IMPORT.created,
      EXAMPLE_IMPORT.merged,
      EXAMPLE_IMPORT.skipped,
      EXAMPLE_IMPORT.failed,
      JSON.stringify(EXAMPLE_IMPORT.errors),
      EXAMPLE_IMPORT.created_at,
      EXAMPLE_IMPORT.finished_at,
    ],
  );
  // The campaigns, each with its call waiting (the paused one's to a number that is not a contact).
  for (const [campaign, contactId, phone] of [
    [EXAMPLE_CAMPAIGN, EXAMPLE_IDS.contact, EXAMPLE_CONTACT.phone],
    [EXAMPLE_PAUSED_CAMPAIGN, null, '+12025550148'],
  ] as const) {
    await db.executeSql(
      `INSERT INTO campaigns (id, account_id, name, script_id, call_type, voice, status, starts_at, pace_per_hour,
         requested, skipped, created_at, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
      [
        campaign.id,
        account,
        campaign.name,
        campaign.script_id,
        campaign.call_type,
        campaign.voice,
        campaign.status,
        campaign.starts_at,
        campaign.pace_per_hour,
        campaign.requested,
        JSON.stringify(campaign.skipped),
        campaign.created_at,
        campaign.updated_at,
      ],
    );
    await db.executeSql(
      `INSERT INTO calls (account_id, campaign_id, contact_id, script_id, recipient_name, phone, call_type, message,
         voice, scheduled_at, status, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,'scheduled',$11)`,
      [
        account,
        campaign.id,
        contactId,
        campaign.script_id,
        contactId ? EXAMPLE_CONTACT.name : 'there',
        phone,
        campaign.call_type,
        'Hi, this is Harbor Dental with a reminder.',
        campaign.voice,
        campaign.starts_at,
        campaign.created_at,
      ],
    );
  }
  // A call to the assistant taken in the browser, answered, waiting for the caller's first answer.
  await db.executeSql(
    `INSERT INTO calls (id, account_id, recipient_name, phone, call_type, direction, message, voice, scheduled_at,
       status, attempts, started_at, answered_by, provider_call_id, created_at)
       VALUES ($1,$2,'Caller',$3,'custom','inbound',$4,'aria',now(),'in-progress',1,now(),'human',$5,now())`,
    [
      EXAMPLE_IDS.testCall,
      account,
      EXAMPLE_TEST_CALL.from,
      EXAMPLE_TEST_CALL.lines[0]?.text,
      `WEB-${EXAMPLE_IDS.testCall}`,
    ],
  );
  await db.executeSql(
    'INSERT INTO api_keys (id, account_id, name, prefix, key_hash, created_at, last_used_at) VALUES ($1,$2,$3,$4,$5,$6,$7)',
    [
      EXAMPLE_API_KEY.id,
      account,
      EXAMPLE_API_KEY.name,
      EXAMPLE_API_KEY.prefix,
      randomBytes(32).toString('hex'),
      EXAMPLE_API_KEY.created_at,
      EXAMPLE_API_KEY.last_used_at,
    ],
  );
  await db.executeSql(
    'INSERT INTO do_not_call (id, account_id, phone, source, note, call_id, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7)',
    [
      EXAMPLE_DO_NOT_CALL.id,
      account,
      EXAMPLE_DO_NOT_CALL.phone,
      EXAMPLE_DO_NOT_CALL.source,
      EXAMPLE_DO_NOT_CALL.note,
      EXAMPLE_DO_NOT_CALL.call_id,
      EXAMPLE_DO_NOT_CALL.created_at,
    ],
  );
  await db.executeSql(
    `UPDATE accounts SET calling_window_start = '08:00', calling_window_end = '21:00', daily_call_cap = 2,
       disclosure = 'This is an automated call from {{business_name}}.' WHERE id = $1`,
    [account],
  );
}

/** A quarter second of silence as a WAV file. */
function silentWav(): Buffer {
  const samples = 2000;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples * 2, 40);
  return Buffer.concat([header, Buffer.alloc(samples * 2)]);
}

describe('every example in the document, against the real server', () => {
  /** Runs one example against a server; what differs from the document. */
  async function checkExample(
    base: string,
    method: string,
    path: string,
    example: RunnableExample,
    authorization: string,
    where: string,
  ): Promise<string[]> {
    const failures: string[] = [];
    const { response, type, text } = await send(base, method, path, example, authorization);
    if (response.status !== example.status) {
      return [`${where}: answered ${response.status}, documented ${example.status}: ${text.slice(0, 300)}`];
    }
    const documented = example.response;
    if (!documented) {
      if (response.status !== 204 && !/^audio\//.test(type))
        failures.push(`${where}: undocumented ${type} answer`);
      return failures;
    }
    if (!type.startsWith(documented.type))
      failures.push(`${where}: content type ${type}, documented ${documented.type}`);
    if (documented.type === 'application/json') {
      const body = JSON.parse(text) as unknown;
      failures.push(...shapeProblems(body, documented.value).map((problem) => `${where}: ${problem}`));
      // The example itself fits the documented schema.
      const check = z
        .fromJSONSchema(documented.schema as Parameters<typeof z.fromJSONSchema>[0])
        .safeParse(documented.value);
      if (!check.success)
        failures.push(`${where}: the example does not fit its schema: ${check.error.message}`);
      if (example.status >= 400) {
        const error = (body as { error: { code: string; message: string } }).error;
        const expected = (documented.value as { error: { code: string; message: string } }).error;
        if (error.code !== expected.code || error.message !== expected.message) {
          failures.push(`${where}: ${JSON.stringify(error)} vs documented ${JSON.stringify(expected)}`);
        }
      }
    } else {
      // Text (CSV, an event stream): the first line is the documented one.
      const firstLine = (value: string) => value.split(/\r?\n/)[0];
      if (firstLine(text) !== firstLine(String(documented.value))) {
        failures.push(
          `${where}: first line ${JSON.stringify(firstLine(text))}, documented ${JSON.stringify(firstLine(String(documented.value)))}`,
        );
      }
    }
    return failures;
  }

  it('answers each operation’s examples as documented', async () => {
    const failures: string[] = [];
    for (const { path, method, operation } of operations()) {
      const examples = examplesOf(operation);
      if (examples.length === 0) continue;
      await resetExampleAccount();
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
          await resetExampleAccount();
          const { response, text } = await send(
            t.baseUrl,
            method,
            path,
            anyRequest(operation),
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
        const examples = examplesOf(operation);
        if (examples.length > 0) await resetExampleAccount();
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

  /** A request each operation answers before looking at its input: the first example's, or nothing. */
  const anyRequest = (operation: Operation) => {
    const [first] = examplesOf(operation);
    return { params: first?.params ?? {}, query: {}, headers: {}, body: first?.body };
  };

  it('answers the shared 401 and 403 examples on every operation', async () => {
    await resetExampleAccount();
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
        const { response, text } = await send(t.baseUrl, method, path, anyRequest(operation), authorization);
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
        anyRequest(operation),
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
      for (const example of examplesOf(operation)) all.add(`${method} ${path} ${example.name}`);
    }
    for (const name of Object.keys(document.components.examples)) all.add(`shared ${name}`);
    expect([...all].filter((name) => !executed.has(name))).toEqual([]);
  });
});
