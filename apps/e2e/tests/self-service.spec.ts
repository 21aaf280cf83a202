import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  apiPost,
  createUser,
  expect,
  openAllWeek,
  restoreSession,
  type SignedInUser,
  seriousViolations,
  test,
} from './fixtures.ts';

// The customer's self-service page (issue #17): the owner books through the API and gets the appointment's
// signed link; the customer opens it with no account on a 360 px phone, sees the appointment, picks a new open
// time and sees it confirmed; cancelling asks first; a broken link says so. This file signs up one user.

const SHOTS = process.env.SELF_SERVICE_SHOTS;

interface Booked {
  id: string;
  starts_at: string;
  self_service_url: string;
}

async function bookIn(request: APIRequestContext, user: SignedInUser, contactId: string, days: number) {
  const at = new Date(Date.now() + days * 24 * 3600_000);
  at.setUTCMinutes(0, 0, 0);
  return apiPost<Booked>(request, user, '/v1/appointments', {
    contact_id: contactId,
    starts_at: at.toISOString(),
    service: 'Cleaning',
    staff: 'Dana',
    location: 'Harbor Dental, 12 Pier St',
  });
}

/** A customer's phone: a fresh context (no session of the owner's) at 360 px. */
async function phone(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 } });
  return context.newPage();
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const pathOf = (url: string) => new URL(url).pathname;

test.describe('the customer’s self-service page', () => {
  test('the customer opens the link on a phone, picks a new time and sees it confirmed', async ({
    browser,
    request,
    baseURL,
  }) => {
    const owner = await createUser(request);
    await openAllWeek(request, owner, { staff: ['Dana'] });
    const contact = await apiPost(request, owner, '/v1/contacts', {
      name: 'Maria Garcia',
      phone: '(202) 555-0148',
      email: 'maria@example.com',
      company: 'Example Co',
    });
    const booked = await bookIn(request, owner, contact.id, 3);
    expect(booked.self_service_url).toMatch(/\/a\/[0-9a-f-]{36}\.\d+\.[\w-]{43}$/);

    const page = await phone(browser, baseURL);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(pathOf(booked.self_service_url));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Hi Maria, here is your appointment' }),
    ).toBeVisible();
    const card = page.getByTestId('self-service-appointment');
    await expect(card.getByTestId('appointment-status')).toHaveText('Scheduled');
    await expect(card).toContainText('Cleaning');
    await expect(card).toContainText('Dana');
    await expect(card).toContainText('Harbor Dental, 12 Pier St');
    await expect(page.getByText(owner.businessName)).toBeVisible();
    // Nothing of the customer's beyond the first name.
    await expect(page.locator('body')).not.toContainText('Garcia');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/self-service-360.png`, fullPage: true });

    // Pick a new time: the days, then that day's times, each a button.
    await page.getByRole('button', { name: 'Pick a new time' }).click();
    const picker = page.getByTestId('pick-new-time');
    await expect(picker.getByRole('heading', { name: 'Pick a new time' })).toBeVisible();
    const days = picker.getByRole('list', { name: 'Days with open times' }).getByRole('button');
    await expect(days.first()).toHaveAttribute('aria-pressed', 'true');
    await days.nth(1).click();
    await expect(days.nth(1)).toHaveAttribute('aria-pressed', 'true');
    const times = picker.getByRole('list', { name: 'Open times', exact: true }).getByRole('button');
    const chosen = times.nth(2);
    const label = (await chosen.textContent()) ?? '';
    // The keyboard chooses too.
    await chosen.focus();
    await page.keyboard.press('Enter');
    await expect(chosen).toHaveAttribute('aria-pressed', 'true');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/self-service-pick-360.png`, fullPage: true });
    await picker.getByRole('button', { name: new RegExp(`^Move to .*${label.trim()}$`) }).click();

    await expect(page.getByTestId('self-service-done')).toHaveText(
      'Your appointment has moved to the new time, and it is confirmed.',
    );
    await expect(card.getByTestId('appointment-status')).toHaveText('Confirmed');
    await expect(page.getByTestId('self-service-time')).toContainText(label.trim());
    // The address follows the new appointment; the owner sees the move.
    await expect(page).not.toHaveURL(new RegExp(`${booked.id}`));
    const old = await request.get(`/v1/appointments/${booked.id}`, {
      headers: { authorization: `Bearer ${owner.session.access_token}` },
    });
    expect(await old.json()).toMatchObject({ status: 'rescheduled' });
    await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);

    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/self-service-1280.png`, fullPage: true });

    // Cancelling asks first; keeping it changes nothing.
    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Cancel your appointment?' });
    await ask.getByRole('button', { name: 'Keep appointment' }).click();
    await expect(ask).toBeHidden();
    await expect(card.getByTestId('appointment-status')).toHaveText('Confirmed');
    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    await ask.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(page.getByTestId('self-service-done')).toHaveText('Your appointment is cancelled.');
    await expect(card.getByTestId('appointment-status')).toHaveText('Cancelled');
    await expect(page.getByRole('button', { name: 'Pick a new time' })).toHaveCount(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('the owner copies the customer link from the appointment’s details', async ({
    page,
    request,
    context,
  }) => {
    const owner = await createUser(request);
    await openAllWeek(request, owner, { staff: ['Dana'] });
    const contact = await apiPost(request, owner, '/v1/contacts', {
      name: 'Ana Ruiz',
      phone: '(202) 555-0149',
      email: 'ana@example.com',
      company: 'Example Co',
    });
    const booked = await bookIn(request, owner, contact.id, 2);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await restoreSession(page, owner.session);
    const at = new Date(booked.starts_at);
    const day = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
    await page.goto(`/appointments?date=${day}`);
    await page.getByTestId('appointment-card').filter({ hasText: 'Ana Ruiz' }).click();
    const details = page.getByRole('dialog', { name: 'Ana Ruiz' });
    await details.getByRole('button', { name: 'Copy customer link' }).click();
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Customer link copied' }),
    ).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(booked.self_service_url);
  });

  test('a broken link says so, with no way to act', async ({ browser, baseURL }) => {
    const page = await phone(browser, baseURL);
    await page.goto(
      '/a/00000000-0000-4000-8000-000000000000.1900000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
    await expect(page.getByRole('button')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
