import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  allowRepeatedConsoleErrors,
  apiPost,
  expect,
  latestMail,
  openAllWeek,
  type SignedInUser,
  seriousViolations,
  signInAsNewUser,
  test,
} from './fixtures.ts';

// The customer's unsubscribe page (decision 030): the owner books an appointment for a contact with an e-mail
// address and moves it, which sends the "moved" notice at once; its last line is the unsubscribe link. The
// customer opens it with no account, sees whose messages and which number, stops them, and the number is on the
// business's do-not-call list. Opening the page alone changes nothing. This file signs up one user.

const STOP_LINE = /^Stop all calls, texts and e-mails from .+: (\S+)$/m;

/** The owner's do-not-call list (the first page). */
async function doNotCall(request: APIRequestContext, owner: SignedInUser) {
  const response = await request.get('/v1/do-not-call', {
    headers: { authorization: `Bearer ${owner.session.access_token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: Array<{ phone: string; source: string }> }).data;
}

/** The customer's browser: a fresh context, nobody signed in. */
async function customerPage(browser: Browser, baseURL: string | undefined, width: number) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('the customer’s unsubscribe page', () => {
  test('the link of a moved-appointment e-mail stops every call, text and e-mail from the business', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const owner = await signInAsNewUser(page, request);
    await openAllWeek(request, owner, { staff: ['Dana'] });
    const email = `unsubscribe-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const contact = await apiPost(request, owner, '/v1/contacts', {
      name: 'Maria Garcia',
      phone: '(202) 555-0143',
      email,
      company: 'Example Co',
    });
    const at = new Date(Date.now() + 49 * 3600_000);
    at.setUTCMinutes(0, 0, 0);
    const booked = await apiPost(request, owner, '/v1/appointments', {
      contact_id: contact.id,
      starts_at: at.toISOString(),
      service: 'Cleaning',
    });
    // A move sends its notice at once (a reminder would wait for its 48 hours before); it carries the link.
    await apiPost(request, owner, `/v1/appointments/${booked.id}/reschedule`, {
      starts_at: new Date(at.getTime() + 3600_000).toISOString(),
    });
    const mail = await latestMail(request, email, /^Your appointment has moved to/);
    const link = STOP_LINE.exec(mail.text)?.[1];
    expect(link, mail.text).toMatch(/\/u\/\S+$/);
    const path = new URL(link as string).pathname;

    const { page: customer, errors } = await customerPage(browser, baseURL, 360);
    await customer.goto(path);
    await expect(
      customer.getByRole('heading', { level: 1, name: `Stop messages from ${owner.businessName}` }),
    ).toBeVisible();
    await expect(customer.getByTestId('unsubscribe-card')).toContainText(
      `You will get no more calls, texts or e-mails from ${owner.businessName} to the number ending in 0143.`,
    );
    await expect(customer).toHaveTitle(/^Stop messages/);
    // Nothing of the customer's beyond the last digits.
    await expect(customer.locator('body')).not.toContainText('Garcia');
    await expect(customer.locator('body')).not.toContainText('555');
    // Opening the page (as a mail scanner does) stops nothing.
    expect(await doNotCall(request, owner)).toEqual([]);
    expect(await sideways(customer)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(customer)).toEqual([]);
    await customer.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousViolations(customer)).toEqual([]);
    await customer.setViewportSize({ width: 360, height: 800 });

    // The keyboard stops them.
    const stop = customer.getByRole('button', { name: 'Stop all messages' });
    await stop.focus();
    await customer.keyboard.press('Enter');
    const done = customer.getByRole('status').filter({ has: customer.getByRole('heading') });
    const doneHeading = done.getByRole('heading', {
      name: `Done. ${owner.businessName} will not call, text or e-mail you again.`,
    });
    await expect(doneHeading).toBeVisible();
    await expect(doneHeading).toBeFocused();
    await expect(done).toContainText('You can still reach');
    await expect(customer.getByRole('button', { name: 'Stop all messages' })).toHaveCount(0);
    expect(await sideways(customer)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(customer)).toEqual([]);

    const listed = await doNotCall(request, owner);
    expect(listed).toEqual([expect.objectContaining({ phone: '+12025550143', source: 'unsubscribed' })]);

    // Coming back shows it done at once.
    await customer.reload();
    await expect(customer.getByTestId('unsubscribe-done')).toBeVisible();
    await expect(customer.getByRole('button', { name: 'Stop all messages' })).toHaveCount(0);
    await customer.setViewportSize({ width: 1280, height: 800 });
    expect(await sideways(customer)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(customer)).toEqual([]);
    expect(await doNotCall(request, owner)).toHaveLength(1);

    // A garbled link says so, with the server's words.
    await customer.goto(`${path.slice(0, -4)}xxxx`);
    const problem = customer.getByTestId('unsubscribe-problem');
    await expect(problem.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
    await expect(problem).toContainText(
      'This link is not valid. Check that you opened the whole link from the e-mail.',
    );
    await expect(customer.getByRole('button', { name: 'Stop all messages' })).toHaveCount(0);
    expect(await seriousViolations(customer)).toEqual([]);
    await customer.setViewportSize({ width: 360, height: 800 });
    expect(await sideways(customer)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(customer)).toEqual([]);

    // The browser's own line for the refused request (404) is the only error.
    expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    await customer.context().close();
  });

  test('too many requests and a lost connection each offer to try again', async ({ page, consoleErrors }) => {
    const state = { business_name: 'Harbor Dental', phone_hint: '•••• 0143', unsubscribed: false };
    const tooMany = {
      status: 429,
      json: {
        error: {
          code: 'rate_limited',
          message: 'Too many requests from your address. Wait a minute and try again.',
        },
      },
    };
    const seen: string[] = [];
    let answers: Array<'429' | 'ok' | 'abort'> = ['429', 'ok'];
    await page.route('**/v1/unsubscribe/**', async (route) => {
      seen.push(route.request().method());
      const answer = answers.shift() ?? 'ok';
      if (answer === 'abort') return route.abort('failed');
      if (answer === '429') return route.fulfill(tooMany);
      return route.fulfill({
        json: route.request().method() === 'POST' ? { ...state, unsubscribed: true } : state,
      });
    });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/u/some-contact.some-signature');
    const problem = page.getByTestId('unsubscribe-problem');
    await expect(problem.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    await expect(problem).toContainText('Too many requests from your address.');
    await problem.getByRole('button', { name: 'Try again' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Stop messages from Harbor Dental' }),
    ).toBeVisible();
    expect(seen).toEqual(['GET', 'GET']);

    answers = ['abort', 'ok'];
    await page.getByRole('button', { name: 'Stop all messages' }).click();
    await expect(page.getByRole('alert')).toContainText('Could not reach the server.');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('unsubscribe-done')).toContainText(
      'Done. Harbor Dental will not call, text or e-mail you again.',
    );
    expect(seen).toEqual(['GET', 'GET', 'POST', 'POST']);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    allowRepeatedConsoleErrors(consoleErrors, /status of 429|net::ERR_FAILED/);
  });
});
