import type { Page } from '@playwright/test';
import { allowConsoleErrors, apiPost, expect, seriousViolations, signInAsNewUser, test } from './fixtures.ts';
import { checkWidths } from './widths.ts';

// Issue #16 item 16: the first-run checklist on the dashboard, the greeting, the business time zone chosen in
// Settings → Profile and used by the schedule form and Call History, and the unsaved-changes prompt of Settings.

const SHOTS = process.env.ONBOARDING_SHOTS_DIR;

// Long walks, each with axe at two widths and a call placed by the simulator: more than the default minute.
test.describe.configure({ timeout: 180_000 });

const toast = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).last();
const checklist = (page: Page) => page.getByTestId('onboarding-checklist');
const step = (page: Page, id: string) => page.getByTestId(`onboarding-step-${id}`);

/** The whole page at both widths (shot when ONBOARDING_SHOTS_DIR is set). */
const checkAt = (page: Page, name: string) =>
  checkWidths(page, name, { settleMs: 0, ...(SHOTS ? { shots: SHOTS, shoot: 'full' as const } : {}) });

/** The wall-clock time of an instant in a zone, as a `datetime-local` value to the minute. */
function wallTime(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const partOfDay = (hour: number) =>
  hour >= 5 && hour < 12 ? 'morning' : hour >= 12 && hour < 18 ? 'afternoon' : 'evening';
const hourIn = (timeZone: string) =>
  Number(
    new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()),
  );

test('the checklist follows the account’s progress, greets by first name, and hides for good', async ({
  page,
  request,
  consoleErrors,
}) => {
  const user = await signInAsNewUser(page, request);
  await page.goto('/dashboard');
  // The account's zone is this machine's (sign-up sends the browser's).
  await expect(
    page.getByText(new RegExp(`^Good (morning|afternoon|evening), ${user.firstName}$`)),
  ).toBeVisible();
  await expect(page.getByText(`Welcome back, ${user.email}`)).toBeVisible();

  const card = checklist(page);
  await expect(card.getByRole('heading', { name: 'Get started' })).toBeVisible();
  await expect(card).toContainText('0 of 5 done');
  await expect(card.getByRole('progressbar', { name: 'Getting started' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  // Each step links to where it is done, named by what to do.
  const links: Array<[string, RegExp]> = [
    ['To do: Add your business details and time zone', /\/settings\/profile$/],
    ['To do: Add your first contacts', /\/contacts$/],
    ['To do: Write a script', /\/scripts$/],
    // Your number is not known yet: the step goes to the profile, where it is given.
    ['To do: Place a test call to your own phone', /\/settings\/profile$/],
    ['To do: Choose a plan', /\/pricing$/],
  ];
  for (const [name, href] of links) {
    await expect(card.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
  }
  await expect(step(page, 'test_call')).toContainText('Add your phone number to your profile');
  await expect(step(page, 'test_call')).toContainText('simulated carrier');
  await checkAt(page, 'dashboard-checklist');

  // Contacts and a script: 2 of 5.
  await apiPost(request, user, '/v1/contacts', {
    name: 'Maria Lopez',
    phone: '+1 202 555 0104',
    email: 'maria@example.com',
    company: 'Lopez Salon',
  });
  await apiPost(request, user, '/v1/scripts', {
    title: 'Reminder',
    content: 'Hello {{name}}, see you tomorrow.',
    category: 'Reminder',
  });
  await page.reload();
  await expect(checklist(page)).toContainText('2 of 5 done');
  await expect(step(page, 'contacts')).toHaveAttribute('data-done', 'true');
  await expect(step(page, 'script')).toHaveAttribute('data-done', 'true');
  await expect(step(page, 'profile')).toHaveAttribute('data-done', 'false');

  // The profile's first save, with your own number (reached from the checklist, by keyboard): 3 of 5. A number
  // that is not one is refused under its field, and nothing is saved.
  await checklist(page)
    .getByRole('link', { name: /Add your business details and time zone/ })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await page.getByLabel('First Name').fill('Maria');
  const phone = page.getByLabel('Phone');
  await phone.fill('555');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Error updating profile')).toBeVisible();
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  allowConsoleErrors(consoleErrors, /status of 400/);
  await phone.fill('(202) 555-0143');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await expect(phone).toHaveValue('+1 202 555 0143');
  await page.goto('/dashboard');
  await expect(checklist(page)).toContainText('3 of 5 done');
  await expect(page.getByText(/^Good (morning|afternoon|evening), Maria$/)).toBeVisible();

  // Now the test-call step opens the schedule view with your number filled in.
  await expect(step(page, 'test_call')).toContainText('Schedule a call to your number, +1 202 555 0143');
  await checklist(page)
    .getByRole('link', { name: /Place a test call to your own phone/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\?schedule=1&test=1$/);
  const view = page.getByTestId('schedule-view');
  await expect(view.getByLabel('Phone Number')).toHaveValue('+1 202 555 0143');
  await page.goBack();

  // A call to your number that completes (the simulated callee confirms): 4 of 5.
  await apiPost(request, user, '/v1/calls', {
    phone: '+1 202 555 0143',
    recipient_name: 'Maria Doe',
    message: 'This is a test call.',
    voice: 'aria',
    call_type: 'custom',
  });
  await expect(async () => {
    await page.reload();
    await expect(step(page, 'test_call')).toHaveAttribute('data-done', 'true', { timeout: 10_000 });
  }).toPass({ timeout: 90_000 });
  await expect(checklist(page)).toContainText('4 of 5 done');

  // Hidden, for good (a reload, a new visit).
  await checklist(page).getByRole('button', { name: 'Hide checklist' }).click();
  await expect(checklist(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Schedule Call' })).toBeFocused();
  await page.reload();
  await expect(page.getByTestId('usage-card')).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
});

test('the business time zone, chosen in Settings → Profile, is the one the schedule form and Call History use', async ({
  page,
  request,
}) => {
  const user = await signInAsNewUser(page, request);
  await page.goto('/settings/profile');
  const zone = page.getByLabel('Time zone');
  const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(zone).toHaveValue(browserZone);
  await checkAt(page, 'settings-profile');

  // A zone away from this machine's (UTC here, else Tokyo's antipode).
  const tokyo = browserZone === 'Asia/Tokyo' ? 'America/Los_Angeles' : 'Asia/Tokyo';
  await zone.selectOption(tokyo);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await expect(page.getByLabel('Time zone')).toHaveValue(tokyo);
  const me = await request.get('/v1/me', {
    headers: { authorization: `Bearer ${user.session.access_token}` },
  });
  expect((await me.json()).timezone).toBe(tokyo);

  // The greeting is by the hour there.
  await page.goto('/dashboard');
  await expect(
    page.getByText(new RegExp(`^Good ${partOfDay(hourIn(tokyo))}, ${user.firstName}$`)),
  ).toBeVisible();

  // The schedule form names the zone and starts at the next minute there.
  await page.getByRole('button', { name: 'Schedule Call' }).click();
  const view = page.getByTestId('schedule-view');
  const label = `Schedule time (${tokyo.replaceAll('_', ' ')})`;
  const field = view.getByLabel(label);
  await expect(field).toBeVisible();
  await expect(view.getByText(/In the business’s time zone/)).toBeVisible();
  const value = await field.inputValue();
  const candidates = [0, 1, 2].map((minutes) => wallTime(new Date(Date.now() + minutes * 60_000), tokyo));
  candidates.push(wallTime(new Date(Date.now() - 60_000), tokyo));
  expect(candidates).toContain(value);
  if (SHOTS) {
    await field.scrollIntoViewIfNeeded();
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await field.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/schedule-time-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // Call History shows a call's time there: 15:00 UTC is midnight in Tokyo.
  const at = new Date();
  at.setUTCDate(at.getUTCDate() + 2);
  at.setUTCHours(15, 0, 0, 0);
  await apiPost(request, user, '/v1/calls', {
    phone: '+1 202 555 0100',
    recipient_name: 'Tokyo Time',
    message: 'See you then.',
    voice: 'aria',
    call_type: 'custom',
    scheduled_at: at.toISOString(),
  });
  await page.goto('/call-history');
  const row = page.getByRole('row').filter({ hasText: 'Tokyo Time' });
  const expected = new Intl.DateTimeFormat('en-US', { timeZone: tokyo, dateStyle: 'medium' }).format(at);
  await expect(row).toContainText(expected);
  await expect(row).toContainText(tokyo === 'Asia/Tokyo' ? /12:00\sAM/ : /8:00\sAM/);
});

test('leaving a settings section with unsaved changes asks first', async ({ page, request }) => {
  const user = await signInAsNewUser(page, request);
  await page.goto('/settings/profile');
  const subnav = page.getByRole('navigation', { name: 'Settings sections' });
  const firstName = page.getByLabel('First Name');
  await expect(firstName).toHaveValue(user.firstName);

  // Nothing changed: no question.
  await subnav.getByRole('link', { name: 'Calling rules', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/calling-rules$/);
  await subnav.getByRole('link', { name: 'Profile', exact: true }).click();

  await firstName.fill('Maria');
  // A reload or closing the tab gets the browser's prompt.
  const prompts = await page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
  expect(prompts).toBe(true);

  await subnav.getByRole('link', { name: 'Calling rules', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/unsaved-1280.png` });
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(firstName).toHaveValue('Maria');

  // Another page from the sidebar: Discard leaves, and the change is gone.
  await page.getByRole('link', { name: 'Contacts', exact: true }).first().click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await page.getByRole('link', { name: 'Contacts', exact: true }).first().click();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await page.goto('/settings/profile');
  await expect(page.getByLabel('First Name')).toHaveValue(user.firstName);

  // Saved: no question; the calling rules ask too.
  await page.getByLabel('First Name').fill('Maria');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await subnav.getByRole('link', { name: 'Calling rules', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/calling-rules$/);
  await expect(page.getByRole('heading', { name: 'Calling rules', level: 2 })).toBeVisible();
  await page.getByLabel('Most calls per day').fill('1');
  await subnav.getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(dialog).toBeVisible();
  if (SHOTS) {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: `${SHOTS}/unsaved-360.png` });
  }
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/settings\/calling-rules$/);
  await expect(page.getByLabel('Most calls per day')).toHaveValue('1');
});
