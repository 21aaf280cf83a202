import { type Role, rolesAllowed } from '@callwise/shared/roles';
import { AppError } from './app-error.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';

/**
 * Which role a /v1 operation needs at least (decision 035), by its method and route pattern: the one place the
 * role matrix is written, checked on every request (plugins/authenticate.ts) and shown in the OpenAPI document.
 *
 * - Staff: the daily work: contacts, scripts, calls, campaigns, appointments, waitlist, messages, do-not-call
 *   and consent records, voices, the dashboard, their own profile; reading the settings that scheduling needs.
 * - Owner: billing, ownership and the account's two-factor requirement.
 * - Admin: everything else, and every export of a whole list (a CSV download) — what is not named here.
 */
const STAFF: Array<[methods: string, pattern: RegExp]> = [
  ['*', /^\/v1\/contacts(\/(count|tags|bulk|:id|imports(\/:id(\/errors\.csv)?)?))?$/],
  ['*', /^\/v1\/do-not-call(\/(import|:id))?$/],
  ['GET', /^\/v1\/consent-records$/],
  ['*', /^\/v1\/messages(\/(threads|:id))?$/],
  ['*', /^\/v1\/scripts(\/.*)?$/],
  ['*', /^\/v1\/appointments(\/(batch|imports|import-ics|:id(\/.*)?))?$/],
  ['*', /^\/v1\/waitlist(\/.*)?$/],
  ['GET', /^\/v1\/(booking-settings|availability|account\/calling-rules|text-settings)$/],
  ['*', /^\/v1\/calls(\/(summary|batch|:id(\/.*)?))?$/],
  ['*', /^\/v1\/campaigns(\/.*)?$/],
  ['GET', /^\/v1\/events$/],
  ['*', /^\/v1\/voices(\/preview)?$/],
  ['GET', /^\/v1\/billing\/estimate$/],
  ['GET', /^\/v1\/dashboard$/],
  ['*', /^\/v1\/me(\/notifications)?$/],
  ['GET', /^\/v1\/members$/],
  // Leaving the account (deleting oneself) is checked by the route: an admin's rule, or oneself.
  ['DELETE', /^\/v1\/members\/:id$/],
];

const OWNER: Array<[methods: string, pattern: RegExp]> = [
  ['*', /^\/v1\/billing(\/(plan|budget|charges|checkout|portal|invoices))?$/],
  ['*', /^\/v1\/members\/(:id\/transfer-ownership|security)$/],
];

const matches = (rules: Array<[string, RegExp]>, method: string, url: string) =>
  rules.some(([methods, pattern]) => (methods === '*' || methods === method) && pattern.test(url));

export function minimumRole(method: string, url: string): Role {
  if (matches(OWNER, method, url)) return 'owner';
  if (matches(STAFF, method, url)) return 'staff';
  return 'admin';
}

/**
 * The one refusal of a role (403 `forbidden_role`, with the caller's role and those that may): the policy's check
 * and the routes' own rules alike; `message` for a rule worded its own way (only an owner removes an owner).
 */
export function roleRefused(role: Role, minimum: Role, message?: string): AppError {
  const required = rolesAllowed(minimum);
  return new AppError('forbidden_role', message ?? AUTH_MESSAGES.forbiddenRole(role, required), {
    role,
    required,
  });
}

/** The sentence the OpenAPI document adds to an operation's description. */
export function rolesSentence(minimum: Role): string {
  return `Roles: ${rolesAllowed(minimum).join(', ')} (an API key acts as an admin).`;
}
