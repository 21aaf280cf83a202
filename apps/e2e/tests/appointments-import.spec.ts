import type { Page } from '@playwright/test';
import { apiPost, expect, openAllWeek, signInAsNewUser, test } from './fixtures.ts';
import { checkWidths } from './widths.ts';

// CSV import of appointments (issue #17): the Import button of the Appointments page, the columns guessed from
// the headers, a preview in the business's time zone, then what was booked and the lines that were not. axe,
// no sideways scrolling and screenshots (test-results/appointments-import/) at 1280 and 360 px.

/** The import dialog at both widths (it scrolls inside: its top and end are shot). */
const checkDialog = (page: Page, name: string) =>
  checkWidths(page, name, {
    within: '[role="dialog"]',
    shots: 'test-results/appointments-import',
    shoot: 'dialog',
  });

const pad = (value: number) => String(value).padStart(2, '0');
function dayFromToday(days: number): string {
  const at = new Date();
  at.setDate(at.getDate() + days);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

test('appointments are imported from CSV: columns guessed, a preview, bad and overlapping lines reported', async ({
  page,
  request,
}) => {
  const user = await signInAsNewUser(page, request);
  await openAllWeek(request, user, { staff: ['Dana', 'Sam'], cleaningMinutes: 45 });
  await apiPost(request, user, '/v1/contacts', {
    name: 'Maria Lopez',
    phone: '(202) 555-0148',
    email: 'maria@example.com',
    company: 'Lopez Bakery',
  });
  const day = dayFromToday(2);
  const [year, month, date] = day.split('-');
  const usDay = `${month}/${date}/${year}`;

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/appointments?date=${day}`);
  await expect(page.getByRole('heading', { name: 'No appointments this week' })).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import appointments' });
  await expect(dialog).toContainText('Step 1 of 3');
  await checkDialog(page, 'file');

  const file = dialog.getByLabel('Choose a CSV file');
  await file.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('png') });
  await expect(dialog.getByRole('alert')).toContainText('notes.png is not a CSV file');

  const csv = [
    'Mobile,Customer,Date,Time,Treatment,With,Booking ID',
    `(202) 555-0148,Maria Lopez,${usDay},9:00 AM,cleaning,Dana,X1`,
    `(202) 555-0161,Nora Quinn,${day},14:00,,Sam,X2`,
    `(202) 555-0162,Ivan Petrov,${day},11:00 AM,Massage,Dana,X3`,
    `(202) 555-0163,Lea Stone,${day},9:15 AM,,Dana,X4`,
  ].join('\n');
  await file.setInputFiles({ name: 'december.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  await expect(dialog).toContainText('Step 2 of 3');
  await expect(dialog).toContainText('december.csv');
  await expect(dialog).toContainText('4 rows');
  // Each field's column, guessed from the header names.
  await expect(dialog.getByRole('combobox', { name: 'Phone', exact: true })).toHaveText('Mobile');
  await expect(dialog.getByRole('combobox', { name: 'Name', exact: true })).toHaveText('Customer');
  await expect(dialog.getByRole('combobox', { name: 'Date', exact: true })).toHaveText('Date');
  await expect(dialog.getByRole('combobox', { name: 'Time', exact: true })).toHaveText('Time');
  await expect(dialog.getByRole('combobox', { name: 'Service', exact: true })).toHaveText('Treatment');
  await expect(dialog.getByRole('combobox', { name: 'Staff', exact: true })).toHaveText('With');
  await expect(dialog.getByRole('combobox', { name: 'Booking ID' })).toHaveText('Booking ID');
  // The preview: the rows as they will be booked, the unknown service flagged before importing.
  const preview = dialog.getByRole('table');
  await expect(preview.getByRole('row')).toHaveCount(1 + 4 + 1);
  await expect(preview).toContainText('+1 202 555 0148');
  await expect(preview).toContainText('9:00 AM');
  await expect(preview).toContainText('9:45 AM');
  await expect(preview).toContainText('Line 4 will be skipped: "Massage" is not one of your services');
  await checkDialog(page, 'mapping');

  await dialog.getByRole('button', { name: 'Import appointments' }).click();
  await expect(dialog).toContainText('Step 3 of 3');
  await expect(dialog.getByRole('status')).toContainText('2 booked, 0 skipped, 2 problems');
  await expect(dialog.getByTestId('import-booked')).toContainText('2');
  // Nora Quinn's and Lea Stone's numbers were new (Lea's row then overlapped: her contact stays, decision 020).
  await expect(dialog.getByTestId('import-new-contacts')).toContainText('2');
  await expect(dialog.getByTestId('import-problems')).toContainText('2');
  const problems = dialog.getByRole('list', { name: 'Problem rows' });
  await expect(problems.getByRole('listitem')).toHaveCount(2);
  await expect(problems.getByRole('listitem').first()).toContainText('Line 4');
  await expect(problems.getByRole('listitem').first()).toContainText(
    'Service: "Massage" is not one of your services',
  );
  await expect(problems.getByRole('listitem').last()).toContainText('Line 5');
  await expect(problems.getByRole('listitem').last()).toContainText(/overlaps/i);
  await checkDialog(page, 'result');

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  const cards = page.getByTestId('appointment-card');
  await expect(cards.filter({ hasText: 'Maria Lopez' })).toContainText('9:00 AM');
  await expect(cards.filter({ hasText: 'Nora Quinn' })).toContainText('2:00 PM');
  await expect(cards).toHaveCount(2);

  // The same file again, by keyboard: nothing is booked twice.
  await page.getByRole('button', { name: 'Import', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toContainText('Step 1 of 3');
  await dialog
    .getByLabel('Choose a CSV file')
    .setInputFiles({ name: 'december.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog).toContainText('Step 2 of 3');
  await dialog.getByRole('button', { name: 'Import appointments' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toContainText('0 booked, 2 skipped, 2 problems');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('appointment-card')).toHaveCount(2);
});
