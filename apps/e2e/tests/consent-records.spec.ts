import { readFile } from 'node:fs/promises';
import { CONSENT_EXPORT_COLUMNS } from '@callwise/shared/schemas/consent';
import type { Download } from '@playwright/test';
import { apiPost, expect, seriousViolations, signInAsNewUser, test } from './fixtures.ts';
import { scrollsSideways } from './widths.ts';

// A contact's consent history (Contacts → the card's menu → Consent history) and the consent records as CSV: one
// contact's from the dialog, the whole account's from the toolbar.

const HEADER = CONSENT_EXPORT_COLUMNS.join(',');

const downloadedLines = async (download: Download) =>
  (await readFile(await download.path(), 'utf8')).split(/\r?\n/).filter((line) => line !== '');

test('a contact’s consent history: the grant, then the do-not-call revocation; each as CSV', async ({
  page,
  request,
}) => {
  test.slow();
  const user = await signInAsNewUser(page, request);
  const name = 'Rosa Consent';
  await apiPost(request, user, '/v1/contacts', {
    name,
    phone: '+12025550161',
    email: 'rosa@example.com',
    company: 'Rosa Bakery',
    consent: 'informational',
    consent_source: 'Signed the intake form',
  });
  await apiPost(request, user, '/v1/do-not-call', { phone: '+12025550161' });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/contacts');
  const card = page.getByTestId('contact-card').filter({ hasText: name });
  await expect(card).toBeVisible();

  // Opened from the card's menu, by keyboard.
  const menuButton = card.getByRole('button', { name: `More actions for ${name}` });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Consent history' }).click();
  const dialog = page.getByRole('dialog', { name: `Consent history — ${name}` });
  await expect(dialog).toBeVisible();

  const records = dialog.getByTestId('consent-record');
  await expect(records).toHaveCount(2);
  // Newest first: the revocation, then the grant.
  await expect(records.nth(0)).toContainText('Revoked');
  await expect(records.nth(1)).toContainText('Granted');
  await expect(records.nth(1)).toContainText('Reminders and confirmations');
  await expect(records.nth(1)).toContainText('Signed the intake form');
  await expect(records.nth(1)).toContainText(user.email);

  expect(await seriousViolations(page, { within: '[role="dialog"]' })).toEqual([]);

  // This contact's records as CSV.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const lines = await downloadedLines(download);
  expect(lines[0]).toBe(HEADER);
  expect(lines).toHaveLength(3);
  expect(lines.join('\n')).toContain('granted');
  expect(lines.join('\n')).toContain('revoked');
  expect(lines[1]).toContain('revoked');

  // At a phone's width: nothing wider than the screen, and still accessible.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(records).toHaveCount(2);
  expect(await scrollsSideways(page)).toBe(false);
  expect(await seriousViolations(page, { within: '[role="dialog"]' })).toEqual([]);

  // Closed: the focus is back on the menu's button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(menuButton).toBeFocused();
  expect(await scrollsSideways(page)).toBe(false);

  // The whole account's records, from the toolbar.
  await page.getByRole('button', { name: 'Consent records' }).click();
  const [accountDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Export consent records' }).click(),
  ]);
  expect(accountDownload.suggestedFilename()).toMatch(/\.csv$/);
  const accountLines = await downloadedLines(accountDownload);
  expect(accountLines[0]).toBe(HEADER);
  expect(accountLines.length).toBeGreaterThanOrEqual(3);
});

test('a contact with no consent recorded: the empty history', async ({ page, request }) => {
  const user = await signInAsNewUser(page, request);
  const name = 'Noel Nothing';
  await apiPost(request, user, '/v1/contacts', {
    name,
    phone: '+12025550162',
    email: 'noel@example.com',
    company: 'Noel Co',
  });
  await page.goto('/contacts');
  const card = page.getByTestId('contact-card').filter({ hasText: name });
  await card.getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Consent history' }).click();
  const dialog = page.getByRole('dialog', { name: `Consent history — ${name}` });
  await expect(dialog.getByText('No consent recorded for this contact yet.')).toBeVisible();
});
