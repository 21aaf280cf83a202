import type { Page } from '@playwright/test';
import { apiPost, expect, inputValueAt, signInAsNewUser, test } from './fixtures.ts';

// Editing a scheduled call (#16 item 7): Edit in Call History opens the schedule form, filled from the call, in a
// dialog; saving sends PATCH /v1/calls/{id} and the list shows the change; a refusal names the field.

const toast = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).last();

/** Tomorrow at 17:00 UTC: noon in New York (the 202 numbers' zone), inside any calling window. */
function tomorrowAt(hourUtc: number): Date {
  const at = new Date(Date.now() + 86_400_000);
  at.setUTCHours(hourUtc, 0, 0, 0);
  return at;
}

test('Edit changes the time, the recipient and the message of a scheduled call', async ({
  page,
  request,
}) => {
  const user = await signInAsNewUser(page, request);
  const call = await apiPost<{ id: string }>(request, user, '/v1/calls', {
    phone: '+12025550100',
    recipient_name: 'Ana Ruiz',
    message: 'Hi {{name}}, your table is ready.',
    scheduled_at: tomorrowAt(16).toISOString(),
  });

  await page.goto('/call-history');
  await page.getByRole('button', { name: 'Edit the call to Ana Ruiz' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit the call to Ana Ruiz' });
  await expect(dialog).toBeVisible();
  // The form starts from the call.
  await expect(dialog.getByLabel('Recipient name')).toHaveValue('Ana Ruiz');
  await expect(dialog.getByLabel('Phone number')).toHaveValue('+1 202 555 0100');
  await expect(dialog.getByLabel('Custom message')).toHaveValue('Hi Ana Ruiz, your table is ready.');
  await expect(dialog.getByLabel('Schedule time')).toHaveValue(
    (await inputValueAt(page, tomorrowAt(16))).slice(0, 16),
  );

  const newTime = tomorrowAt(18);
  await dialog.getByLabel('Recipient name').fill('Ana María Ruiz');
  await dialog.getByLabel('Custom message').fill('Hi {{first_name}}, your table moved to 2 PM.');
  await dialog.getByLabel('Schedule time').fill((await inputValueAt(page, newTime)).slice(0, 16));
  await dialog.getByRole('button', { name: 'Save Changes' }).click();

  await expect(toast(page, 'Call updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The list shows the new recipient, and the call its new time and message.
  await expect(page.getByRole('button', { name: 'Edit the call to Ana María Ruiz' })).toBeVisible();
  await page.getByRole('button', { name: 'Details of the call to Ana María Ruiz' }).click();
  const sheet = page.getByRole('dialog', { name: /Ana María Ruiz/ });
  await expect(sheet.locator(`time[datetime="${newTime.toISOString()}"]`)).toBeVisible();
  await expect(sheet.getByText('Hi Ana, your table moved to 2 PM.')).toBeVisible();

  const stored = await request.get(`/v1/calls/${call.id}`, {
    headers: { authorization: `Bearer ${user.session.access_token}` },
  });
  expect(await stored.json()).toMatchObject({
    recipient_name: 'Ana María Ruiz',
    message: 'Hi Ana, your table moved to 2 PM.',
    scheduled_at: newTime.toISOString(),
  });
});

test('a refused edit names the field and keeps the dialog open', async ({ page, request, consoleErrors }) => {
  const user = await signInAsNewUser(page, request);
  await apiPost(request, user, '/v1/calls', {
    phone: '+12025550100',
    recipient_name: 'Bo Lind',
    message: 'Your order is ready.',
    scheduled_at: tomorrowAt(16).toISOString(),
  });
  await apiPost(request, user, '/v1/do-not-call', { phone: '+12025550142' });

  await page.goto('/call-history');
  await page.getByRole('button', { name: 'Edit the call to Bo Lind' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit the call to Bo Lind' });
  await dialog.getByLabel('Phone number').fill('(202) 555-0142');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();

  await expect(dialog.getByLabel('Phone number')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(/on your do-not-call list/).first()).toBeVisible();
  await expect(toast(page, 'Call not changed')).toContainText('on your do-not-call list');
  await expect(dialog).toBeVisible();
  // The browser logs the refused request itself.
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((line) => !/status of 409/.test(line)),
  );

  // Put right, it saves, and the error toast goes with the success.
  await dialog.getByLabel('Phone number').fill('(202) 555-0143');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Call updated')).toBeVisible();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Call not changed' })).toHaveCount(0);
});
