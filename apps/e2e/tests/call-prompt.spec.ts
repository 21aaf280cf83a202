import type { Page } from '@playwright/test';
import { createUser, expect, inputValueAt, restoreSession, test } from './fixtures.ts';

// What the callee hears: a contact's own first name fills {{first_name}}, and the voice preview plays the whole
// call — the disclosure, the message and the one key menu — with its parts marked and playable from each.

const toast = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).last();

test('the preview plays the disclosure, the message with the first name and the menu, and marks each part', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await restoreSession(page, user.session);

  // A contact whose first name is not the first word of the name.
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Add Contact' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Contact' });
  await dialog.getByLabel('Name', { exact: true }).fill('Dr. Ana Silva');
  const firstName = dialog.getByLabel('First name');
  await expect(firstName).toHaveAttribute('placeholder', 'Dr.');
  await expect(firstName).toHaveAccessibleDescription(
    'Optional, for {{first_name}}. Empty: “Dr.”, the first word of the name.',
  );
  await firstName.fill('Ana');
  await expect(dialog.getByLabel('Last name')).toHaveAttribute('placeholder', 'Silva');
  await dialog.getByLabel('Phone').fill('(202) 555-0100');
  await dialog.getByLabel('Email').fill('ana@example.com');
  await dialog.getByLabel('Company').fill('Silva Dental');
  await dialog.getByLabel('Existing customer').check();
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'Call Now Dr. Ana Silva' }).click();
  const view = page.getByTestId('schedule-view');
  await expect(view.getByLabel('Recipient name')).toHaveValue('Dr. Ana Silva');
  await view.getByRole('button', { name: 'Appointment Reminder' }).click();
  await expect(view.getByLabel('Custom message')).toHaveValue(
    /^Hi \{\{first_name\}\}, this is a friendly reminder/,
  );
  await expect(view.getByLabel('Custom message')).not.toHaveValue(/Press 1/);
  await view.getByLabel('{{date}}').fill('Friday, March 6');
  await view.getByLabel('{{time}}').fill('10:30 AM');

  // The preview answers the parts with their times; they are listed in order and marked on the progress bar.
  const answer = page.waitForResponse('**/v1/voices/preview');
  await view.getByRole('button', { name: 'Generate Preview' }).click();
  const headers = (await answer).headers();
  const parts = JSON.parse(headers['x-audio-parts'] ?? '[]') as Array<{ part: string; start: number }>;
  expect(parts.map((part) => part.part)).toEqual(['disclosure', 'message', 'menu']);
  const preview = view.getByTestId('voice-preview');
  await expect(preview).toHaveAttribute('data-state', 'ready');
  const legend = view.getByRole('list', { name: 'What the callee hears, in order' });
  const clock = (seconds = 0) =>
    `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
  await expect(legend.getByRole('listitem')).toHaveCount(3);
  expect(
    await legend.getByRole('listitem').evaluateAll((items) => items.map((item) => item.dataset.part)),
  ).toEqual(['disclosure', 'message', 'menu']);
  // "Disclosure 0:00 · Message 0:14 · Menu 0:23": each part's start, as the server timed it.
  await expect(legend.getByRole('button')).toHaveText([
    /^Disclosure\s*0:00$/,
    new RegExp(`^Message\\s*${clock(parts[1]?.start)}$`),
    new RegExp(`^Menu\\s*${clock(parts[2]?.start)}$`),
  ]);
  const menu = legend.getByRole('button', { name: `Menu ${clock(parts[2]?.start)}`, exact: true });
  await expect(menu).toHaveAccessibleDescription('Plays the preview from the start of this part.');
  // The audio is the whole call, far longer than the message alone.
  expect(Number(headers['x-audio-duration'])).toBeGreaterThan((parts[2]?.start ?? 0) + 3);

  // Each part plays from its start; the part playing is marked.
  await legend.getByRole('button', { name: /^Message / }).click();
  await expect(preview).toHaveAttribute('data-state', 'playing');
  await expect(legend.locator('[data-part="message"]')).toHaveAttribute('aria-current', 'step');
  const audio = view.getByTestId('voice-preview-audio');
  expect(await audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThanOrEqual(
    Math.floor(parts[1]?.start ?? 0),
  );
  await view.getByRole('button', { name: 'Stop' }).click();
  await expect(preview).toHaveAttribute('data-state', 'ready');

  // The call says the contact's own first name.
  await view
    .getByLabel('Schedule time')
    .fill(await inputValueAt(page, new Date(Date.now() + 2 * 86_400_000)));
  await view.getByRole('button', { name: 'Schedule Call' }).click();
  await expect(toast(page, 'Call Scheduled!')).toBeVisible();
  await page.goto('/call-history');
  await page
    .getByTestId('call-row')
    .filter({ hasText: 'Dr. Ana Silva' })
    .getByRole('button', { name: 'Details of the call to Dr. Ana Silva' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Call to Dr. Ana Silva' })).toContainText(
    'Hi Ana, this is a friendly reminder of your appointment on Friday, March 6 at 10:30 AM. We look forward to seeing you!',
  );
});
