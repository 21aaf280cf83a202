import type { APIRequestContext, Page } from '@playwright/test';
import { allowConsoleErrors, expect, type SignedInUser, signInAsNewUser, test } from './fixtures.ts';

// Settings → Booking: the whole booking document (opening hours, staff, services, closures, booking rules and
// reminders) is edited as one form and saved with one PUT; the open slots of /v1/availability follow it.

const region = (page: Page, name: string) => page.getByRole('region', { name });

/** YYYY-MM-DD, `days` from today (UTC). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function apiGet<T>(request: APIRequestContext, user: SignedInUser, path: string): Promise<T> {
  const response = await request.get(path, {
    headers: { authorization: `Bearer ${user.session.access_token}` },
  });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test('change the hours, staff, services, closures and reminders; they are kept and the open slots follow', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await signInAsNewUser(page, request);
  await page.goto('/settings/booking');
  const hours = region(page, 'Opening hours');
  await expect(hours.getByLabel('Monday opens', { exact: true })).toHaveValue('09:00');
  await expect(hours.getByTestId('booking-timezone')).toContainText('Times are in');

  // Close Friday, open Saturday 10–14, and a lunch break on Monday.
  await hours.getByRole('checkbox', { name: 'Closed on Friday' }).check();
  await expect(hours.getByLabel('Friday opens', { exact: true })).toHaveCount(0);
  await hours.getByRole('checkbox', { name: 'Closed on Saturday' }).uncheck();
  await hours.getByLabel('Saturday opens', { exact: true }).fill('10:00');
  await hours.getByLabel('Saturday closes', { exact: true }).fill('14:00');
  await hours.getByRole('button', { name: 'Add a break on Monday' }).click();
  await expect(hours.getByLabel('Monday closes', { exact: true })).toHaveValue('12:00');
  await expect(hours.getByLabel('Monday opens, stretch 2')).toHaveValue('13:00');

  // A staff member, a service, a closure.
  const staff = region(page, 'Staff and resources');
  await staff.getByRole('button', { name: 'Add a staff member' }).click();
  await expect(staff.getByLabel('Name', { exact: true })).toBeFocused();
  await staff.getByLabel('Name', { exact: true }).fill('Dr. Lee');

  const services = region(page, 'Services');
  await services.getByRole('button', { name: 'Add a service' }).click();
  await services.getByLabel('Service', { exact: true }).fill('Cleaning');
  await services.getByLabel('Length (min)').fill('45');
  await services.getByLabel('Buffer after (min)').fill('15');
  await expect(services).toContainText('Uses the account’s reminders.');

  const closures = region(page, 'Closures');
  const first = dayFromNow(60);
  const last = dayFromNow(62);
  await closures.getByRole('button', { name: 'Add a closure' }).click();
  await closures.getByLabel('First day').fill(first);
  await closures.getByLabel('Last day').fill(last);
  await closures.getByLabel('Who').selectOption('Dr. Lee');
  await closures.getByLabel('Reason').fill('Conference');

  // The second reminder: a call a day before becomes a call 3 hours before.
  const reminders = region(page, 'Reminders');
  await expect(reminders.getByTestId('reminder-row')).toHaveCount(3);
  await expect(reminders.getByTestId('reminder-row').nth(1)).toContainText('Call 1 day before');
  await reminders.getByLabel('Reminder 2 unit').selectOption('hours');
  await reminders.getByLabel('Reminder 2 how long before').fill('3');
  await expect(reminders.getByTestId('reminder-row').nth(1)).toContainText('Call 3 hours before');
  // A fourth: a text 2 hours before.
  await reminders.getByRole('button', { name: 'Add a reminder' }).click();
  await expect(reminders.getByTestId('reminder-row')).toHaveCount(4);
  await reminders.getByLabel('Reminder 4 channel').selectOption({ label: 'Text' });
  await reminders.getByLabel('Reminder 4 unit').selectOption('hours');
  await reminders.getByLabel('Reminder 4 how long before').fill('2');
  await expect(reminders.getByTestId('reminder-row').nth(3)).toContainText('Text 2 hours before');

  const rules = region(page, 'Booking rules');
  await expect(rules.getByLabel('Waitlist notice (hours)')).toHaveValue('2');
  await rules.getByLabel('Waitlist notice (hours)').fill('6');

  await page.getByRole('button', { name: 'Save Booking Settings' }).click();
  await expect(page.getByText('Booking settings saved')).toBeVisible();
  await expect(page.getByText('All changes saved.')).toBeVisible();

  // Kept after a reload.
  await page.reload();
  await expect(hours.getByLabel('Monday closes', { exact: true })).toHaveValue('12:00');
  await expect(hours.getByLabel('Monday opens, stretch 2')).toHaveValue('13:00');
  await expect(hours.getByRole('checkbox', { name: 'Closed on Friday' })).toBeChecked();
  await expect(hours.getByLabel('Saturday opens', { exact: true })).toHaveValue('10:00');
  await expect(staff.getByLabel('Name', { exact: true })).toHaveValue('Dr. Lee');
  await expect(services.getByLabel('Service', { exact: true })).toHaveValue('Cleaning');
  await expect(services.getByLabel('Length (min)')).toHaveValue('45');
  await expect(closures.getByLabel('First day')).toHaveValue(first);
  await expect(closures.getByLabel('Who')).toHaveValue('Dr. Lee');
  await expect(closures.getByLabel('Reason')).toHaveValue('Conference');
  await expect(reminders.getByTestId('reminder-row').nth(1)).toContainText('Call 3 hours before');
  await expect(reminders.getByTestId('reminder-row').nth(3)).toContainText('Text 2 hours before');
  await expect(reminders.getByLabel('Reminder 4 channel')).toHaveValue('sms');
  await expect(rules.getByLabel('Waitlist notice (hours)')).toHaveValue('6');

  // The API has the same document, and offers no slot in Monday's lunch break, none on Friday.
  const saved = await apiGet<{
    timezone: string;
    reminders: { channel: string; minutes_before: number }[];
    waitlist_notice_hours: number;
  }>(request, user, '/v1/booking-settings');
  expect(saved.reminders.map((rule) => [rule.channel, rule.minutes_before])).toEqual([
    ['email', 2 * 24 * 60],
    ['call', 3 * 60],
    ['call', 2 * 60],
    ['sms', 2 * 60],
  ]);
  expect(saved.waitlist_notice_hours).toBe(6);
  const from = new Date();
  const to = new Date(from.getTime() + 14 * 86_400_000);
  const availability = await apiGet<{ timezone: string; slots: { starts_at: string; ends_at: string }[] }>(
    request,
    user,
    `/v1/availability?duration_minutes=30&from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`,
  );
  const local = new Intl.DateTimeFormat('en-US', {
    timeZone: availability.timezone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const starts = availability.slots.map((slot) => local.format(new Date(slot.starts_at)));
  expect(starts).toContain('Monday 11:30');
  expect(starts).toContain('Monday 13:00');
  expect(starts).not.toContain('Monday 12:00');
  expect(starts).not.toContain('Monday 12:30');
  expect(starts.filter((start) => start.startsWith('Friday'))).toEqual([]);
  expect(starts).toContain('Saturday 10:00');
  expect(starts).not.toContain('Saturday 14:00');
});

test('refusals show on their inputs: the browser’s check and the server’s', async ({
  page,
  request,
  consoleErrors,
}) => {
  await signInAsNewUser(page, request);
  await page.goto('/settings/booking');
  const hours = region(page, 'Opening hours');
  const save = page.getByRole('button', { name: 'Save Booking Settings' });

  // Closing before opening: refused before it is sent, under the input.
  await hours.getByLabel('Tuesday closes', { exact: true }).fill('08:00');
  await save.click();
  await expect(hours.getByLabel('Tuesday closes', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(hours.getByText('Closing time must be after opening time')).toBeVisible();
  await hours.getByLabel('Tuesday closes', { exact: true }).fill('16:00');
  await expect(hours.getByText('Closing time must be after opening time')).toHaveCount(0);

  // Leaving with unsaved changes asks first.
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: 'Profile', exact: true })
    .click();
  const discard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/settings\/booking$/);

  // A closure for a staff member, saved; then the staff member renamed: the server refuses the closure's name.
  const staff = region(page, 'Staff and resources');
  await staff.getByRole('button', { name: 'Add a staff member' }).click();
  await staff.getByLabel('Name', { exact: true }).fill('Dr. Lee');
  const closures = region(page, 'Closures');
  await closures.getByRole('button', { name: 'Add a closure' }).click();
  await closures.getByLabel('Who').selectOption('Dr. Lee');
  await save.click();
  const saved = page.getByText('Booking settings saved');
  await expect(saved).toBeVisible();
  // The toast sits over the Save bar's corner until it goes. A toast stays while the pointer rests on it, and the
  // pointer is still where Save was clicked: it moves off first.
  await page.mouse.move(0, 0);
  await expect(saved).toBeHidden();

  await staff.getByLabel('Name', { exact: true }).fill('Dr. Leigh');
  await expect(closures.getByLabel('Who')).toHaveValue('Dr. Lee');
  await expect(closures.getByLabel('Who').locator('option:checked')).toHaveText('Dr. Lee (not on staff)');
  await save.click();
  await expect(closures.getByText('No staff member named Dr. Lee')).toBeVisible();
  await expect(closures.getByLabel('Who')).toHaveAttribute('aria-invalid', 'true');
  await expect(closures.getByLabel('Who')).toBeFocused();
  allowConsoleErrors(consoleErrors, /status of 400/);

  // Choosing a staff member who exists saves.
  await closures.getByLabel('Who').selectOption('Dr. Leigh');
  await save.click();
  await expect(page.getByText('All changes saved.')).toBeVisible();
});
