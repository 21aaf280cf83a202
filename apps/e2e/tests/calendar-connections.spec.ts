import type { Page } from '@playwright/test';
import { dayInZone, FAKE_CALENDAR, FAKE_EVENT, zonedTime } from '../fake-google.ts';
import { allowConsoleErrors, expect, openAllWeek, signInAsNewUser, test } from './fixtures.ts';
import { checkWidths } from './widths.ts';

// Calendar connections (issue #17): Settings → Booking's "Calendar connections" card adds a Cal.com webhook (its
// secret shown once) and an ICS subscription (the e2e server refuses local addresses, as in production: the field
// says why; an address that does not answer is added with its error), edits whose calendar it is, removes one;
// the Appointments page imports an .ics file; a Google calendar is connected through the local fake of Google that
// start-server.mjs starts (apps/e2e/fake-google.ts: its consent page consents at once). axe, no sideways scrolling and screenshots
// (test-results/calendar-connections/) at 1280 and 360 px.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The calendars card (or a dialog, or another part) at both widths. */
const checkCard = (page: Page, name: string, options: { dialog?: boolean; within?: string } = {}) => {
  const within = options.dialog
    ? '[role="dialog"]'
    : (options.within ?? '[data-testid="calendar-connections"]');
  return checkWidths(page, name, {
    within,
    shots: 'test-results/calendar-connections',
    shoot: options.dialog ? 'dialog' : within,
  });
};

const pad = (value: number) => String(value).padStart(2, '0');
/** YYYY-MM-DD in the browser's (and business's) zone, `days` from today. */
function dayFromToday(days: number): string {
  const at = new Date();
  at.setDate(at.getDate() + days);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
/** An ICS UTC date-time, `days` from today at 15:00 UTC. */
function icsTime(days: number, hour: number): string {
  const at = new Date();
  at.setUTCDate(at.getUTCDate() + days);
  return `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}T${pad(hour)}0000Z`;
}

test('calendars are added, edited and removed in Settings → Booking; the Cal.com secret is shown once', async ({
  page,
  request,
  consoleErrors,
}) => {
  // Five dialogs, each checked by axe and photographed at two widths: on a busy 2-core machine (beside the other
  // worker's tests) the walk alone has taken 2 minutes.
  test.setTimeout(240_000);
  const user = await signInAsNewUser(page, request);
  await openAllWeek(request, user, { staff: ['Dana', 'Sam'] });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings/booking');
  const card = page.getByRole('region', { name: 'Calendar connections' });
  await expect(card).toContainText('No calendars connected yet.');
  await checkCard(page, 'empty');

  // A Cal.com webhook for Dana: its URL and signing secret, this once.
  await card.getByRole('button', { name: 'Add a calendar' }).click();
  const add = page.getByRole('dialog', { name: 'Add a calendar' });
  await add.getByRole('radio', { name: 'Cal.com' }).check();
  await checkCard(page, 'add-calcom', { dialog: true });
  await add.getByRole('button', { name: 'Add Calendar' }).click();
  await expect(add.getByLabel('Name')).toBeFocused();
  await expect(add.getByText('Enter a name.')).toBeVisible();
  await add.getByLabel('Name').fill('Dana’s Cal.com');
  await add.getByLabel('Whose calendar').selectOption('Dana');
  await add.getByRole('button', { name: 'Add Calendar' }).click();
  const added = page.getByRole('dialog', { name: '“Dana’s Cal.com” added' });
  await expect(added).toContainText('Settings → Developer → Webhooks');
  const secret = (
    await added
      .locator('[data-slot="code-block"]')
      .filter({ hasText: 'Signing secret' })
      .locator('pre')
      .innerText()
  ).trim();
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  await added.getByRole('button', { name: 'Copy Signing secret' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expect(added).toContainText('/hooks/calcom/');
  await checkCard(page, 'added-calcom', { dialog: true });
  await added.getByRole('button', { name: 'Done' }).click();
  await expect(added).toBeHidden();

  const calcom = card.getByTestId('calendar-connection').filter({ hasText: 'Dana’s Cal.com' });
  await expect(calcom).toContainText('Cal.com');
  await expect(calcom).toContainText('Dana');
  await expect(calcom).toContainText('/hooks/calcom/');
  await expect(calcom).toContainText('No booking received yet');
  // The secret is never shown again.
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(calcom.getByRole('button', { name: /^Sync/ })).toHaveCount(0);

  // An ICS subscription: a local address is refused next to its field; one that does not answer is added with
  // its error.
  await card.getByRole('button', { name: 'Add a calendar' }).click();
  await expect(add.getByRole('radio', { name: 'ICS subscription' })).toBeChecked();
  await add.getByLabel('Name').fill('Front desk');
  await add.getByLabel('Calendar address').fill('http://127.0.0.1:9/basic.ics');
  await add.getByRole('button', { name: 'Add Calendar' }).click();
  await expect(add.getByLabel('Calendar address')).toBeFocused();
  await expect(add.getByLabel('Calendar address')).toHaveAttribute('aria-invalid', 'true');
  await expect(add).toContainText(/The address .+\./);
  allowConsoleErrors(consoleErrors, /status of 400/);
  await checkCard(page, 'add-ics-refused', { dialog: true });
  await add.getByLabel('Calendar address').fill('https://calendar.invalid/basic.ics');
  await add.getByRole('button', { name: 'Add Calendar' }).click();
  const addedIcs = page.getByRole('dialog', { name: '“Front desk” added' });
  await expect(addedIcs.getByRole('alert')).toContainText('The calendar could not be read yet.');
  await checkCard(page, 'added-ics-error', { dialog: true });
  await addedIcs.getByRole('button', { name: 'Done' }).click();

  const ics = card.getByTestId('calendar-connection').filter({ hasText: 'Front desk' });
  await expect(ics).toContainText('ICS');
  await expect(ics).toContainText('Whole business');
  await expect(ics).toContainText('https://calendar.invalid/basic.ics');
  await expect(ics.getByTestId('calendar-error')).toContainText('Last sync failed:');
  await expect(ics).toContainText('Last tried just now');
  await ics.getByRole('button', { name: 'Sync now: Front desk' }).click();
  await expect(page.getByText('“Front desk” could not be read')).toBeVisible();
  await checkCard(page, 'list');

  // Edit: Front desk becomes Sam's calendar; Dana's gets an API key, then loses it.
  await ics.getByRole('button', { name: 'Edit Front desk' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit “Front desk”' });
  await edit.getByLabel('Whose calendar').selectOption('Sam');
  await checkCard(page, 'edit-ics', { dialog: true });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(ics).toContainText('Sam');
  await expect(ics).not.toContainText('Whole business');
  await expect(ics.getByRole('button', { name: 'Edit Front desk' })).toBeFocused();

  await calcom.getByRole('button', { name: 'Edit Dana’s Cal.com' }).click();
  const editCalcom = page.getByRole('dialog', { name: 'Edit “Dana’s Cal.com”' });
  await editCalcom.getByLabel('Cal.com API key (optional)').fill('cal_live_test_123');
  await editCalcom.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editCalcom).toBeHidden();
  await calcom.getByRole('button', { name: 'Edit Dana’s Cal.com' }).click();
  await expect(editCalcom).toContainText('A key is stored (never shown).');
  await expect(editCalcom.getByText('cal_live_test_123')).toHaveCount(0);
  await checkCard(page, 'edit-calcom', { dialog: true });
  await editCalcom.getByRole('button', { name: 'Remove Key' }).click();
  await expect(editCalcom).toContainText('The key will be removed when you save.');
  await expect(editCalcom.getByRole('button', { name: 'Keep Key' })).toBeFocused();
  await editCalcom.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editCalcom).toBeHidden();
  const listed = await request.get('/v1/calendar-connections', {
    headers: { authorization: `Bearer ${user.session.access_token}` },
  });
  const body = (await listed.json()) as {
    data: Array<{ name: string; has_api_key: boolean; staff: string | null }>;
  };
  expect(body.data.map((item) => [item.name, item.staff, item.has_api_key])).toEqual([
    ['Dana’s Cal.com', 'Dana', false],
    ['Front desk', 'Sam', false],
  ]);

  // Remove the first: the focus goes to the next row's Edit button; remove that: to Add a calendar.
  await calcom.getByRole('button', { name: 'Remove Dana’s Cal.com' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove “Dana’s Cal.com”?' });
  await expect(confirm).toContainText('delete it in Cal.com too');
  await checkCard(page, 'remove', { within: '[role="alertdialog"]' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(calcom).toHaveCount(0);
  await expect(ics.getByRole('button', { name: 'Edit Front desk' })).toBeFocused();
  await ics.getByRole('button', { name: 'Remove Front desk' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(card).toContainText('No calendars connected yet.');
  await expect(card.getByRole('button', { name: 'Add a calendar' })).toBeFocused();
});

test('an .ics file is imported from the Appointments page: checked, sent, summed up and listed', async ({
  page,
  request,
}) => {
  const user = await signInAsNewUser(page, request);
  await openAllWeek(request, user, { staff: ['Dana'] });
  const day = dayFromToday(2);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/appointments?date=${day}`);
  await expect(page.getByRole('heading', { name: 'No appointments this week' })).toBeVisible();
  await page.getByRole('button', { name: 'Import .ics' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import an .ics file' });
  await checkCard(page, 'ics-file', { dialog: true });

  const file = dialog.getByLabel('Choose an .ics file');
  await file.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('png') });
  await expect(dialog.getByRole('alert')).toContainText('notes.png is not an .ics file');
  await file.setInputFiles({ name: 'empty.ics', mimeType: 'text/calendar', buffer: Buffer.from('') });
  await expect(dialog.getByRole('alert')).toContainText('empty.ics is empty.');

  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Callwise e2e//EN',
    'BEGIN:VEVENT',
    'UID:e2e-maria-1@example.com',
    `DTSTAMP:${icsTime(0, 8)}`,
    `DTSTART:${icsTime(2, 15)}`,
    `DTEND:${icsTime(2, 16)}`,
    'SUMMARY:Cleaning with Maria Lopez',
    'DESCRIPTION:Phone: +1 202 555 0148',
    'ATTENDEE;CN=Maria Lopez:mailto:maria@example.com',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  await file.setInputFiles({ name: 'december.ics', mimeType: 'text/calendar', buffer: Buffer.from(ics) });
  await expect(dialog.getByRole('status')).toContainText(
    '1 created, 0 updated, 0 cancelled, 0 unchanged, 0 skipped',
  );
  await expect(dialog.getByTestId('import-created')).toContainText('1');
  await checkCard(page, 'ics-result', { dialog: true });

  // The same file again changes nothing.
  await dialog.getByRole('button', { name: 'Import another file' }).click();
  await dialog
    .getByLabel('Choose an .ics file')
    .setInputFiles({ name: 'december.ics', mimeType: 'text/calendar', buffer: Buffer.from(ics) });
  await expect(dialog.getByRole('status')).toContainText('0 created, 0 updated, 0 cancelled, 1 unchanged');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Import .ics' })).toBeFocused();
  await expect(page.getByTestId('appointment-card').filter({ hasText: 'Maria Lopez' })).toHaveCount(1);
  await checkCard(page, 'agenda', { within: 'main' });
});

test('a Google calendar is connected through Google’s consent page, read, synced, edited and listed', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const user = await signInAsNewUser(page, request);
  await openAllWeek(request, user, { staff: ['Dana', 'Sam'] });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings/booking');
  const card = page.getByRole('region', { name: 'Calendar connections' });
  await expect(card).toContainText('No calendars connected yet.');
  await card.getByRole('button', { name: 'Add a calendar' }).click();
  const add = page.getByRole('dialog', { name: 'Add a calendar' });
  const google = add.getByRole('radio', { name: 'Google Calendar' });
  await expect(add.getByTestId('add-calendar-kind-google-hint')).toBeVisible();
  const unavailable = (await add.getByTestId('add-calendar-kind-google-hint').innerText()).includes(
    'not set up',
  );
  expect(
    unavailable,
    'The e2e server has no Google Calendar: the fake of Google did not start (see start-server.mjs’s output).',
  ).toBe(false);
  await google.check();
  await expect(add.getByLabel('Calendar address')).toHaveCount(0);
  await expect(add.getByRole('button', { name: 'Continue to Google' })).toBeVisible();
  await checkCard(page, 'add-google', { dialog: true });

  // To Google's consent page (the fake consents at once), back through the server's callback to Settings → Booking.
  await add.getByLabel('Whose calendar').selectOption('Dana');
  await add.getByRole('button', { name: 'Continue to Google' }).click();
  await expect(page.getByText('Google Calendar connected')).toBeVisible();
  // The query is gone from the address, replaced (no new history entry).
  await expect(page).toHaveURL(/\/settings\/booking$/);
  // Left unnamed, it is named after the calendar.
  const named = FAKE_CALENDAR.summary;
  const row = card.getByTestId('calendar-connection').filter({ hasText: named });
  await expect(row).toBeFocused();
  await expect(row).toBeInViewport();
  await expect(row).toContainText('Google');
  await expect(row.getByTestId('calendar-name')).toContainText(`Reads ${FAKE_CALENDAR.summary}`);
  await expect(row).toContainText('Dana');
  await expect(row).toContainText('Last synced just now');
  await expect(row.getByTestId('calendar-error')).toHaveCount(0);
  // The toast goes by itself (the screenshots show the row, not the toast over it).
  await expect(page.getByText('Google Calendar connected')).toBeHidden({ timeout: 20_000 });
  await checkCard(page, 'google-row');

  await row.getByRole('button', { name: `Sync now: ${named}` }).click();
  await expect(page.getByText(`“${named}” synced`)).toBeVisible();
  await expect(page.getByText(/0 created, 0 updated, 0 cancelled, \d+ unchanged, 0 skipped/)).toBeVisible();

  // Edit: the calendars come from Google. When Google refuses the list, why, with Try again (the calendar read
  // until now stays shown); then only what changed is sent.
  let refuse = true;
  await page.route(
    (url) => /^\/v1\/calendar-connections\/[^/]+\/calendars$/.test(url.pathname),
    async (route) => {
      if (!refuse) return route.continue();
      await new Promise((resolve) => setTimeout(resolve, 400));
      return route.fulfill({
        status: 409,
        json: { error: { code: 'conflict', message: 'Google refused the request: the access was removed.' } },
      });
    },
  );
  await row.getByRole('button', { name: `Edit ${named}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit “${named}”` });
  const calendar = edit.getByLabel('Calendar', { exact: true });
  await expect(edit.getByText('Loading the account’s calendars...')).toBeVisible();
  await expect(calendar).toBeDisabled();
  const refused = edit.getByRole('alert');
  await expect(refused).toContainText(
    'The calendars could not be loaded. Google refused the request: the access was removed.',
  );
  allowConsoleErrors(consoleErrors, /status of 409/);
  await expect(calendar).toHaveValue(FAKE_CALENDAR.id);
  await checkCard(page, 'edit-google-refused', { dialog: true });
  refuse = false;
  await refused.getByRole('button', { name: 'Try again' }).click();
  await expect(calendar).toBeEnabled();
  await expect(refused).toHaveCount(0);
  await expect(calendar).toHaveValue(FAKE_CALENDAR.id);
  await expect(calendar.locator('option')).toHaveText([`${FAKE_CALENDAR.summary} (primary)`]);
  await checkCard(page, 'edit-google', { dialog: true });
  await edit.getByLabel('Whose calendar').selectOption('Sam');
  const patched = page.waitForRequest(
    (sent) => sent.method() === 'PATCH' && sent.url().includes('/v1/calendar-connections/'),
  );
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  expect((await patched).postDataJSON()).toEqual({ staff: 'Sam' });
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Sam');

  // The event became an appointment on its day, with the phone number from its description.
  // 10:00 in New York, shown in the business's (this machine's) zone, in the column of its day there.
  const eventDay = dayInZone(FAKE_EVENT.daysAhead, FAKE_CALENDAR.timeZone);
  const startsAt = zonedTime(eventDay, FAKE_EVENT.hour, FAKE_CALENDAR.timeZone);
  const localDay = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(startsAt);
  const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long' }).format(startsAt);
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(startsAt);
  await page.goto(`/appointments?date=${localDay}`);
  const column = page.getByTestId('agenda-week').getByRole('region', { name: new RegExp(weekday) });
  const appointment = column
    .getByTestId('appointment-card')
    .filter({ hasText: FAKE_EVENT.attendee.displayName });
  await expect(appointment).toHaveCount(1);
  await expect(appointment).toContainText(time);
  await expect(page.getByTestId('appointment-card')).toHaveCount(1);
  await checkCard(page, 'google-agenda', { within: 'main' });
});

test('a Google consent that was refused comes back to Settings → Booking as an alert to dismiss', async ({
  page,
  request,
}) => {
  await signInAsNewUser(page, request);
  await page.setViewportSize({ width: 1280, height: 900 });
  // As Google sends the user back when they deny access: the server's callback redirects with the reason.
  await page.goto('/hooks/google/callback?error=access_denied&state=unknown');
  await expect(page).toHaveURL(/\/settings\/booking$/);
  const card = page.getByRole('region', { name: 'Calendar connections' });
  const alert = card.getByRole('alert').filter({ hasText: 'Google Calendar was not connected' });
  await expect(alert).toContainText('Access was not allowed.');
  await checkCard(page, 'google-error');
  const historyLength = await page.evaluate(() => window.history.length);
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Add a calendar' })).toBeFocused();
  expect(await page.evaluate(() => window.history.length)).toBe(historyLength);

  // A server without Google's OAuth client shows the choice, disabled, with why.
  await page.route(
    (url) => url.pathname === '/v1/calendar-connections',
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), google_available: false } });
    },
  );
  await page.reload();
  await card.getByRole('button', { name: 'Add a calendar' }).click();
  const add = page.getByRole('dialog', { name: 'Add a calendar' });
  await expect(add.getByRole('radio', { name: 'Google Calendar' })).toBeDisabled();
  await expect(add.getByRole('radio', { name: 'Google Calendar' })).toHaveAccessibleDescription(
    'Google Calendar is not set up on this server.',
  );
  await checkCard(page, 'add-google-unavailable', { dialog: true });
});
