import type { APIRequestContext, Page } from '@playwright/test';
import {
  allowConsoleErrors,
  apiPost,
  expect,
  openAllWeek,
  type SignedInUser,
  seriousViolations,
  signInAsNewUser,
  test,
} from './fixtures.ts';

// The Appointments page (issue #17): the agenda of a day or a week in the business's time zone (this machine's:
// the fixtures sign up with it), booking through the dialog's open times, and confirming, moving and cancelling.
// This file signs up four users.

const toast = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).last();
const cards = (page: Page) => page.getByTestId('appointment-card');

const pad = (value: number) => String(value).padStart(2, '0');
/** A date `days` from today on this machine's calendar, as a date input and the agenda's address write it. */
function dayFromToday(days: number): string {
  const at = new Date();
  at.setDate(at.getDate() + days);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
/** That day at a time, as an instant. */
function instantOn(day: string, hour: number, minute = 0): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, date ?? 1, hour, minute).toISOString();
}

async function newContact(
  request: APIRequestContext,
  user: SignedInUser,
  name: string,
  phone = '(202) 555-0148',
) {
  return apiPost<{ id: string }>(request, user, '/v1/contacts', {
    name,
    phone,
    email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
    company: 'Example Co',
  });
}

test.describe('appointments', () => {
  test('one is booked at an open time, confirmed, moved and cancelled; a taken time is refused', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const user = await signInAsNewUser(page, request);
    await openAllWeek(request, user, { staff: ['Dana', 'Sam'] });
    await newContact(request, user, 'Maria Lopez');
    const day = dayFromToday(2);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/appointments?date=${day}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No appointments this week' })).toBeVisible();

    // The empty state offers the page's own action.
    await page.getByRole('button', { name: 'New Appointment' }).last().click();
    const dialog = page.getByRole('dialog', { name: 'New Appointment' });
    await expect(dialog).toBeVisible();

    // Nothing chosen: the form says what is missing, under the fields.
    await dialog.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(dialog.getByText('Choose a contact')).toBeVisible();
    await expect(dialog.getByText('Choose an open time, or enter one')).toBeVisible();

    await dialog.getByRole('combobox', { name: 'Contact' }).fill('Maria');
    await dialog.getByRole('option', { name: /Maria Lopez/ }).click();
    await expect(dialog.getByTestId('picked-contact')).toContainText('Maria Lopez');
    await dialog.getByLabel('Service').selectOption('Cleaning');
    await expect(dialog.getByLabel('Length (minutes)')).toHaveValue('30');
    await dialog.getByLabel('Staff').selectOption('Dana');
    await dialog.getByLabel('Date').fill(day);
    const slots = dialog.getByRole('list', { name: 'Open times' });
    await slots.getByRole('button', { name: '9:00 AM', exact: true }).click();
    await expect(slots.getByRole('button', { name: '9:00 AM', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await dialog.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(toast(page, 'Appointment booked')).toBeVisible();
    await expect(dialog).toBeHidden();

    // In the agenda, in its day's column.
    const card = cards(page).filter({ hasText: 'Maria Lopez' });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('9:00 AM');
    await expect(card).toContainText('Cleaning · Dana');
    await expect(card.getByTestId('appointment-status')).toHaveText('Scheduled');

    // Confirmed: the badge changes, in the dialog and in the agenda.
    await card.click();
    const details = page.getByRole('dialog', { name: 'Maria Lopez' });
    await expect(details.getByTestId('appointment-status')).toHaveText('Scheduled');
    await details.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Appointment confirmed')).toBeVisible();
    await expect(details.getByTestId('appointment-status')).toHaveText('Confirmed');
    await expect(details.getByRole('button', { name: 'Confirm' })).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await expect(card.getByTestId('appointment-status')).toHaveText('Confirmed');

    // Moved to 10:00: the dialog follows the new appointment, the agenda shows it once, at its new time.
    await card.click();
    await details.getByRole('button', { name: 'Reschedule' }).click();
    const moveSlots = details.getByRole('list', { name: 'Open times' });
    // Its own 9:00 is held by it; 10:00 is free.
    await moveSlots.getByRole('button', { name: '10:00 AM', exact: true }).click();
    await details.getByRole('button', { name: 'Move Appointment' }).click();
    await expect(toast(page, 'Appointment moved')).toBeVisible();
    await expect(details.getByText(/10:00 AM/).first()).toBeVisible();
    await expect(details.getByTestId('appointment-status')).toHaveText('Scheduled');
    await page.keyboard.press('Escape');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('10:00 AM');
    await expect(card).not.toContainText('9:00 AM');

    // Cancelled, after asking: it stays in the agenda, marked.
    await card.click();
    await details.getByRole('button', { name: 'Cancel Appointment' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Cancel this appointment?' });
    await ask.getByRole('button', { name: 'Cancel Appointment' }).click();
    await expect(toast(page, 'Appointment cancelled')).toBeVisible();
    await expect(details.getByTestId('appointment-status')).toHaveText('Cancelled');
    await expect(details.getByRole('button', { name: 'Reschedule' })).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(card.getByTestId('appointment-status')).toHaveText('Cancelled');
    // Needs attention keeps the cancellation in view.
    await page.getByLabel('Show').selectOption('attention');
    await expect(card).toHaveCount(1);

    // A time someone else took meanwhile: refused with the reason, and the open times come back.
    const other = await newContact(request, user, 'Tom Baker', '(202) 555-0177');
    await apiPost(request, user, '/v1/appointments', {
      contact_id: other.id,
      starts_at: instantOn(day, 11),
      service: 'Cleaning',
      staff: 'Dana',
    });
    await page.getByRole('button', { name: 'New Appointment' }).first().click();
    await dialog.getByRole('combobox', { name: 'Contact' }).fill('Maria');
    await dialog.getByRole('option', { name: /Maria Lopez/ }).click();
    await dialog.getByLabel('Service').selectOption('Cleaning');
    await dialog.getByLabel('Staff').selectOption('Dana');
    await dialog.getByLabel('Date').fill(day);
    await dialog.getByRole('button', { name: 'Enter a time instead' }).click();
    await dialog.getByLabel('Start time').fill('11:00');
    await dialog.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(dialog.getByRole('alert')).toContainText('overlaps another appointment');
    await expect(dialog).toBeVisible();
    allowConsoleErrors(consoleErrors, /status of 409/);
  });

  test('on a 360 px phone the agenda is a list by day, with nothing wider than the screen', async ({
    page,
    request,
  }) => {
    const user = await signInAsNewUser(page, request);
    await openAllWeek(request, user, { staff: ['Dana', 'Sam'] });
    const contact = await newContact(request, user, 'Ana Silva');
    const day = dayFromToday(1);
    for (const hour of [9, 13]) {
      await apiPost(request, user, '/v1/appointments', {
        contact_id: contact.id,
        starts_at: instantOn(day, hour),
        service: 'Cleaning',
        staff: hour === 9 ? 'Dana' : 'Sam',
      });
    }

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/appointments?date=${day}`);
    const list = page.getByTestId('agenda-list');
    await expect(list).toBeVisible();
    await expect(cards(page)).toHaveCount(2);
    await expect(cards(page).first()).toContainText('Ana Silva');
    await expect(page.getByTestId('agenda-week')).toHaveCount(0);
    const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(wider).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The day view, by keyboard: the view control is a radio group.
    await page.getByRole('radio', { name: 'Day' }).click();
    await expect(page).toHaveURL(/view=day/);
    await cards(page).first().focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: 'Ana Silva' });
    await expect(details).toBeVisible();
    expect(await seriousViolations(page, { within: '[role="dialog"]' })).toEqual([]);
    await page.keyboard.press('Escape');

    // The week after: nothing booked.
    await page.getByRole('radio', { name: 'Week' }).click();
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page.getByRole('heading', { name: 'No appointments this week' })).toBeVisible();
  });

  test('at 1280 px the week has a column per day and the day a column per staff member', async ({
    page,
    request,
  }) => {
    const user = await signInAsNewUser(page, request);
    await openAllWeek(request, user, { staff: ['Dana', 'Sam'] });
    const contact = await newContact(request, user, 'Lee Chen');
    const day = dayFromToday(1);
    for (const [hour, staff] of [
      [9, 'Dana'],
      [10, 'Sam'],
    ] as const) {
      await apiPost(request, user, '/v1/appointments', {
        contact_id: contact.id,
        starts_at: instantOn(day, hour),
        service: 'Cleaning',
        staff,
      });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/appointments?date=${day}`);
    const week = page.getByTestId('agenda-week');
    await expect(week).toBeVisible();
    await expect(week.getByRole('heading', { level: 3 })).toHaveCount(7);
    await expect(cards(page)).toHaveCount(2);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('radio', { name: 'Day' }).click();
    const byStaff = page.getByTestId('agenda-day');
    await expect(byStaff.getByRole('heading', { name: 'Dana' })).toBeVisible();
    await expect(byStaff.getByRole('region', { name: 'Sam' }).getByTestId('appointment-card')).toContainText(
      '10:00 AM',
    );
    // The staff filter keeps one column.
    await page.getByLabel('Staff').selectOption('Sam');
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Dana' })).toHaveCount(0);
  });

  test('an appointment’s details show its reminder timeline, and its details are corrected in place', async ({
    page,
    request,
  }) => {
    const user = await signInAsNewUser(page, request);
    await openAllWeek(request, user, {
      staff: ['Dana'],
      reminders: [
        { channel: 'email', minutes_before: 2880, only_if_unconfirmed: false },
        { channel: 'call', minutes_before: 1440, only_if_unconfirmed: false },
      ],
    });
    // Agreed to informational calls: the reminder call passes the calling rules.
    const maria = await apiPost<{ id: string }>(request, user, '/v1/contacts', {
      name: 'Maria Lopez',
      phone: '(202) 555-0148',
      email: 'maria@example.com',
      company: 'Example Co',
      consent: 'informational',
    });
    const day = dayFromToday(4);
    await apiPost(request, user, '/v1/appointments', {
      contact_id: maria.id,
      starts_at: instantOn(day, 14),
      service: 'Cleaning',
      staff: 'Dana',
    });
    await page.goto(`/appointments?date=${day}`);
    await cards(page).filter({ hasText: 'Maria Lopez' }).click();
    const details = page.getByRole('dialog', { name: 'Maria Lopez' });
    const timeline = details.getByRole('region', { name: 'Reminders' });
    await expect(timeline.getByRole('listitem')).toHaveCount(2);
    await expect(timeline.getByRole('listitem').first()).toContainText('Reminder e-mail, 2 days before');
    await expect(timeline.getByRole('listitem').first()).toContainText('Scheduled');
    await expect(timeline.getByRole('listitem').last()).toContainText('Reminder call, 1 day before');
    // Confirmed: the call is no longer needed (the e-mail is checked again when its time comes).
    await details.getByRole('button', { name: 'Confirm' }).click();
    await expect(timeline.getByRole('listitem').last()).toContainText('Not needed');
    expect(await seriousViolations(page, { within: '[role="dialog"]' })).toEqual([]);

    // Its details corrected in place: a longer slot in another room.
    await details.getByRole('button', { name: 'Edit' }).click();
    const edit = details.getByRole('form', { name: 'Edit details' });
    await expect(edit.getByLabel('Service')).toHaveValue('Cleaning');
    await edit.getByLabel('Length (minutes)').fill('45');
    await edit.getByLabel('Location').fill('Room 2');
    expect(await seriousViolations(page, { within: '[role="dialog"]' })).toEqual([]);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Appointment updated')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(details).toContainText('45 minutes');
    await expect(details).toContainText('Room 2');
    const shots = process.env.APPOINTMENT_SHOTS;
    if (shots) {
      await page.screenshot({ path: `${shots}/timeline-1280.png` });
      await page.setViewportSize({ width: 360, height: 780 });
      await page.screenshot({ path: `${shots}/timeline-360.png`, fullPage: true });
    }
  });

  test('the dashboard shows tomorrow’s appointments with their confirmation state and the share confirmed', async ({
    page,
    request,
  }) => {
    const user = await signInAsNewUser(page, request);
    await openAllWeek(request, user, { staff: ['Dana', 'Sam'] });
    const maria = await newContact(request, user, 'Maria Lopez');
    const omar = await newContact(request, user, 'Omar Haddad', '(202) 555-0149');
    const tomorrow = dayFromToday(1);
    const first = await apiPost<{ id: string }>(request, user, '/v1/appointments', {
      contact_id: maria.id,
      starts_at: instantOn(tomorrow, 10),
      service: 'Cleaning',
      staff: 'Dana',
    });
    await apiPost(request, user, '/v1/appointments', {
      contact_id: omar.id,
      starts_at: instantOn(tomorrow, 11),
      service: 'Cleaning',
      staff: 'Dana',
    });
    await apiPost(request, user, `/v1/appointments/${first.id}/confirm`, {});

    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'Upcoming Appointments' });
    await expect(card.getByTestId('confirmation-rate')).toHaveText(
      '1 of 2 confirmed (50%) for today and tomorrow.',
    );
    const tomorrowList = card.getByRole('region', { name: 'Tomorrow' });
    await expect(tomorrowList.getByRole('listitem')).toHaveCount(2);
    await expect(tomorrowList.getByRole('listitem').first()).toContainText('Maria Lopez · Cleaning');
    await expect(tomorrowList.getByRole('listitem').first()).toContainText('Confirmed');
    await expect(tomorrowList.getByRole('listitem').last()).toContainText('Scheduled');
    await expect(card.getByRole('region', { name: 'Today' })).toContainText('Nothing booked.');
    await expect(card.getByTestId('slots-refilled')).toHaveText(
      'No freed slots refilled from the waitlist in the last 30 days.',
    );
    await card.getByRole('link', { name: 'View all appointments' }).click();
    await expect(page).toHaveURL(/\/appointments/);
  });
});
