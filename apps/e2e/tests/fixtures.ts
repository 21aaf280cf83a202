import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

/** Where the web app keeps its session (apps/web/src/lib/auth-client.ts). */
const AUTH_STORAGE_KEY = 'callwise-auth';

/** One e-mail of the server's local mailbox (`/_dev/mail.json`, newest first). */
export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

/** A session as the auth client stores it. */
export interface StoredSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: string;
  user: Record<string, unknown>;
}

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  businessName: string;
}

export interface SignedInUser extends TestUser {
  session: StoredSession;
}

/** A new, unique person to sign up with. */
export function newUser(): TestUser {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    email: `user-${id}@example.com`,
    password: `Blue-Harbor-${id}`,
    firstName: 'Jane',
    lastName: 'Doe',
    businessName: `Bright Smile Dental ${id}`,
  };
}

/** The newest e-mail to `to` (with a subject matching `subject`), waiting for the mail queue to send it. */
export async function latestMail(request: APIRequestContext, to: string, subject?: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/_dev/mail.json?limit=200');
        const mails = (await response.json()) as Mail[];
        found = mails.find((mail) => mail.to === to && (!subject || subject.test(mail.subject)));
        return found !== undefined;
      },
      { message: `an e-mail to ${to}${subject ? ` about ${subject}` : ''}`, timeout: 20_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`No e-mail to ${to}`);
  return found;
}

/** The sign-in link (verification, password reset, address change) in an e-mail. */
export function linkIn(mail: Mail): string {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No link in the e-mail "${mail.subject}"`);
  return link;
}

/** Signs a new user up and confirms the address through the e-mailed link, over HTTP; returns their session. */
export async function createUser(
  request: APIRequestContext,
  user: TestUser = newUser(),
): Promise<SignedInUser> {
  const signUp = await request.post('/auth/v1/signup', {
    data: {
      email: user.email,
      password: user.password,
      // As the sign-up page does: the business's time zone starts as the browser's (the same machine's zone as
      // this process's), so the schedule forms read times in the zone `inputValueAt` writes them in.
      data: {
        first_name: user.firstName,
        last_name: user.lastName,
        business_name: user.businessName,
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);

  const verify = await request.get(linkIn(await latestMail(request, user.email, /confirm/i)), {
    maxRedirects: 0,
  });
  expect(verify.status()).toBe(303);
  const fragment = new URLSearchParams(new URL(verify.headers().location ?? '').hash.slice(1));
  const accessToken = fragment.get('access_token') ?? '';
  const me = await request.get('/auth/v1/user', { headers: { authorization: `Bearer ${accessToken}` } });
  expect(me.status()).toBe(200);

  return {
    ...user,
    session: {
      access_token: accessToken,
      refresh_token: fragment.get('refresh_token') ?? '',
      expires_in: Number(fragment.get('expires_in')),
      expires_at: Number(fragment.get('expires_at')),
      token_type: fragment.get('token_type') ?? 'bearer',
      user: (await me.json()) as Record<string, unknown>,
    },
  };
}

/** Puts a session where the web app looks for it, so that the next page loads signed in. */
export async function restoreSession(page: Page, session: StoredSession): Promise<void> {
  await page.goto('/healthz');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    AUTH_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
}

/** An instant as a `datetime-local` value in the browser's own time zone, to the second (schedule forms). */
export function inputValueAt(page: Page, instant: Date): Promise<string> {
  return page.evaluate((iso) => {
    const at = new Date(iso);
    const pad = (value: number) => String(value).padStart(2, '0');
    return (
      `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}` +
      `T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`
    );
  }, instant.toISOString());
}

/**
 * Removes from the console errors those a test provoked on purpose, such as the browser's own line for a
 * refused request ("Failed to load resource: the server responded with a status of 400"). Each must be there.
 */
export function allowConsoleErrors(errors: string[], ...patterns: RegExp[]): void {
  for (const pattern of patterns) {
    const index = errors.findIndex((error) => pattern.test(error));
    expect(index, `a console error matching ${pattern}`).toBeGreaterThanOrEqual(0);
    errors.splice(index, 1);
  }
}

/** Like allowConsoleErrors, for an error that may be logged any number of times (at least once). */
export function allowRepeatedConsoleErrors(errors: string[], pattern: RegExp): void {
  expect(
    errors.some((error) => pattern.test(error)),
    `a console error matching ${pattern}`,
  ).toBe(true);
  errors.splice(0, errors.length, ...errors.filter((error) => !pattern.test(error)));
}

/** Signs a new user up (createUser) and puts their session in the page: the next page loads signed in. */
export async function signInAsNewUser(page: Page, request: APIRequestContext): Promise<SignedInUser> {
  const user = await createUser(request);
  await restoreSession(page, user.session);
  return user;
}

/** POSTs to the API as a user; the answer must be a success. Returns its JSON body. */
export async function apiPost<T = { id: string }>(
  request: APIRequestContext,
  user: SignedInUser,
  path: string,
  data: unknown,
): Promise<T> {
  const response = await request.post(path, {
    headers: { authorization: `Bearer ${user.session.access_token}` },
    data,
  });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Booking settings open every day all day (so any day of a test has open times), with these staff members and
 * one Cleaning service of this length, slots every 30 minutes, an hour's notice and no reminders unless given.
 */
export async function openAllWeek(
  request: APIRequestContext,
  user: SignedInUser,
  options: {
    staff: string[];
    cleaningMinutes?: number;
    /** The reminder rules (none by default). */
    reminders?: Array<{
      channel: 'call' | 'email' | 'sms';
      minutes_before: number;
      only_if_unconfirmed: boolean;
    }>;
  },
): Promise<void> {
  const allDay = [{ opens: '00:00', closes: '24:00' }];
  const response = await request.put('/v1/booking-settings', {
    headers: { authorization: `Bearer ${user.session.access_token}` },
    data: {
      hours: Object.fromEntries(
        ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((day) => [
          day,
          allDay,
        ]),
      ),
      staff: options.staff.map((name) => ({ name })),
      services: [{ name: 'Cleaning', duration_minutes: options.cleaningMinutes ?? 30 }],
      closures: [],
      slot_step_minutes: 30,
      min_notice_minutes: 60,
      reminders: options.reminders ?? [],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** axe's rules for WCAG 2.0, 2.1 and 2.2 at levels A and AA, and its best practices (heading order among them). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface AxeProblem {
  rule: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
}

/**
 * Serious and critical accessibility problems on what is on screen (or inside `within`), and any violation of the
 * rules named in `alsoRules` whatever its impact.
 */
export async function seriousViolations(
  page: Page,
  options: { within?: string; tags?: string[]; alsoRules?: string[] } = {},
): Promise<AxeProblem[]> {
  const builder = new AxeBuilder({ page })
    .withTags(options.tags ?? AXE_TAGS)
    .options({ resultTypes: ['violations'] });
  if (options.within) builder.include(options.within);
  const results = await builder.analyze();
  return results.violations
    .filter(
      (violation) =>
        violation.impact === 'serious' ||
        violation.impact === 'critical' ||
        (options.alsoRules ?? []).includes(violation.id),
    )
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
}

/**
 * Every page test fails on an error in the browser console or an uncaught exception, unless it expects one.
 * `account` is one confirmed user per worker; `signedInPage` is the page, signed in as that user.
 */
export const test = base.extend<{ consoleErrors: string[]; signedInPage: Page }, { account: SignedInUser }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
  account: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      await use(await createUser(request));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  signedInPage: async ({ page, account }, use) => {
    await restoreSession(page, account.session);
    await use(page);
  },
});

export { expect };
