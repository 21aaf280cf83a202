import type { Page } from '@playwright/test';
import { allowConsoleErrors, apiPost, expect, inputValueAt, signInAsNewUser, test } from './fixtures.ts';
import { checkWidths } from './widths.ts';

// Consent end to end (#16 item 1): a CSV import with consent columns and an explicit default, the badges on the
// cards, a bulk "Set consent" on a filter with the count confirmed first, and a call to a contact the rules
// refused before. axe on each changed screen at 1280 and 360 px; screenshots in test-results/consent/.

const toast = (page: Page, title: string, text?: string | RegExp) => {
  const item = page.locator('[data-sonner-toast]').filter({ hasText: title });
  return (text === undefined ? item : item.filter({ hasText: text })).last();
};

/** A page, or a part of it, at both widths. */
const checkAt = (page: Page, name: string, within?: string) =>
  checkWidths(page, name, { ...(within ? { within } : {}), shots: 'test-results/consent' });

const card = (page: Page, name: string) => page.getByTestId('contact-card').filter({ hasText: name });

test('import with consent, see it, bulk-set it on a filter, then call a contact refused before', async ({
  page,
  request,
  consoleErrors,
}) => {
  // Long: one user's whole consent story, with axe at two widths on six screens, on a shared 2-CPU machine.
  test.setTimeout(660_000);
  const user = await signInAsNewUser(page, request);
  await apiPost(request, user, '/v1/contacts', {
    name: 'Rita Refused',
    phone: '+1 202 555 0100',
    email: 'rita@example.com',
    company: 'Walk-in',
    tags: ['walk-in'],
  });
  // More walk-ins than one page of cards shows (24), so that "select all matching" means more than the page.
  for (let i = 0; i < 25; i++) {
    await apiPost(request, user, '/v1/contacts', {
      name: `Walk-in ${String(i + 1).padStart(2, '0')}`,
      phone: `+1 202 555 02${String(i).padStart(2, '0')}`,
      email: `walkin${i}@example.com`,
      company: 'Walk-in',
      tags: ['walk-in'],
    });
  }

  // 1. Refused: the picker says why before the form is sent, and the server refuses it.
  await page.goto('/contacts?q=rita');
  await expect(card(page, 'Rita Refused').getByTestId('consent-badges')).toHaveText('No consent');
  await page.getByRole('link', { name: 'Call Now Rita Refused' }).click();
  const view = page.getByTestId('schedule-view');
  await expect(view.getByTestId('picked-contact')).toContainText('Rita Refused');
  await expect(view.getByTestId('picked-contact-problem')).toContainText(
    'No consent: This contact has not agreed to calls.',
  );
  await view.getByLabel('Custom message').fill('Your table is ready.');
  await view.getByLabel('Schedule time').fill(await inputValueAt(page, new Date(Date.now() + 3_600_000)));
  await checkAt(page, 'schedule-refused');
  await view.getByRole('button', { name: 'Schedule Call' }).click();
  // The server's refusal, on the kind of call (its message is the schedule form's own, unchanged here).
  await expect(view.getByLabel('Call type')).toHaveAttribute('aria-invalid', 'true');
  await expect(toast(page, 'Call Scheduled!')).toHaveCount(0);
  allowConsoleErrors(consoleErrors, /status of 422/);

  // 2. Import with consent columns and a default chosen explicitly.
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const wizard = page.getByRole('dialog', { name: 'Import contacts' });
  const csv = [
    'Name,Phone,Email,Company,Tags,Consent,Existing customer',
    'Ana Marketing,(202) 555-0111,ana@example.com,Ana Spa,spa,Marketing,',
    'Ben Default,(202) 555-0112,ben@example.com,Ben Gym,spa,,',
    'Cleo Customer,(202) 555-0113,cleo@example.com,Cleo Cafe,walk-in,informational,yes',
    'Dan Unknown,(202) 555-0114,dan@example.com,Dan Deli,,maybe,',
  ].join('\n');
  await wizard
    .getByLabel('Choose a CSV file')
    .setInputFiles({ name: 'front-desk.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(wizard).toContainText('Step 2 of 3');
  await expect(wizard.getByRole('combobox', { name: 'Consent' })).toHaveText('Consent');
  await expect(wizard.getByRole('combobox', { name: 'Existing customer' })).toHaveText('Existing customer');
  await expect(wizard.getByRole('table')).toContainText(
    'Line 5 will be skipped: Consent "maybe" is not one of none, informational, marketing',
  );
  // No default is chosen for the user; Import says what is missing and takes them there.
  const defaults = wizard.getByTestId('import-consent-default');
  for (const radio of await defaults.getByRole('radio').all()) await expect(radio).not.toBeChecked();
  const importButton = wizard.getByRole('button', { name: 'Import contacts' });
  await expect(importButton).toHaveAccessibleDescription(
    'Choose what these contacts agreed to before importing.',
  );
  await checkAt(page, 'import-mapping', '[role="dialog"]');
  await importButton.click();
  await expect(
    wizard.getByRole('radio', { name: 'These are existing customers who gave us their number' }),
  ).toBeFocused();
  await expect(defaults).toContainText('Choose what these contacts agreed to before importing.');
  await wizard.getByRole('radio', { name: 'No consent recorded yet — I will record it later' }).check();
  await importButton.click();
  await expect(wizard.getByRole('status').filter({ hasText: 'Import complete' })).toBeVisible();
  await expect(wizard.getByTestId('import-added')).toContainText('3');
  await expect(wizard.getByTestId('import-problems')).toContainText('1');
  await wizard.getByRole('button', { name: 'Done' }).click();

  // 3. The badges say what each contact agreed to.
  await expect(card(page, 'Ana Marketing').getByTestId('consent-badges')).toHaveText(/^Marketing/);
  await expect(card(page, 'Ben Default').getByTestId('consent-badges')).toHaveText('No consent');
  await expect(card(page, 'Cleo Customer').getByTestId('consent-badges')).toContainText('Informational');
  await expect(card(page, 'Cleo Customer').getByTestId('consent-badges')).toContainText('Existing customer');
  await expect(card(page, 'Ana Marketing').getByTestId('consent-badges').locator('[title]')).toHaveAttribute(
    'title',
    new RegExp(`Import: front-desk\\.csv · recorded by ${user.email.replace(/[.+]/g, '\\$&')}`),
  );
  await checkAt(page, 'contacts-badges');

  // 4. Bulk: every walk-in (27, more than the 24 cards shown), with the count confirmed before anything changes.
  await page.goto('/contacts?tag=walk-in');
  await expect(page.getByTestId('contacts-count')).toHaveText('27 of 29 contacts');
  await expect(page.getByTestId('contact-card')).toHaveCount(24);
  await page.getByRole('checkbox', { name: 'Select all shown' }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('24 contacts selected');
  await page.getByRole('button', { name: 'Select all 27 contacts matching this filter' }).click();
  await expect(page.getByTestId('selected-count')).toHaveText(
    'All 27 contacts matching this filter selected',
  );
  await checkAt(page, 'contacts-selected');
  await page.getByRole('button', { name: 'Set consent' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set consent for 27 contacts?' });
  await expect(dialog).toBeVisible();
  // Confirming without a choice changes nothing and says what is missing.
  await dialog.getByRole('button', { name: 'Set consent (27)' }).click();
  await expect(dialog.getByText('Choose the consent to record.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Informational' }).check();
  await checkAt(page, 'bulk-dialog', '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Set consent (27)' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    toast(page, 'Contacts updated', 'Consent set for 26 contacts. 1 contact already had it.'),
  ).toBeVisible();
  await expect(page.getByTestId('selected-count')).toHaveText('None selected');
  await expect(page.getByRole('checkbox', { name: 'Select all shown' })).toBeFocused();
  // Rita, the oldest, was not among the cards shown: the filter reached her all the same.
  await page.goto('/contacts?q=rita');
  await expect(card(page, 'Rita Refused').getByTestId('consent-badges')).toHaveText(/^Informational/);
  await expect(card(page, 'Rita Refused').getByTestId('consent-badges').locator('[title]')).toHaveAttribute(
    'title',
    /Bulk edit · recorded by /,
  );

  // 5. The contact refused before can now be called.
  await page.getByRole('link', { name: 'Call Now Rita Refused' }).click();
  await expect(view.getByTestId('picked-contact')).toContainText('Rita Refused');
  await expect(view.getByTestId('picked-contact-problem')).toHaveCount(0);
  await view.getByLabel('Custom message').fill('Your table is ready.');
  await view.getByLabel('Schedule time').fill(await inputValueAt(page, new Date(Date.now() + 3_600_000)));
  await view.getByRole('button', { name: 'Schedule Call' }).click();
  await expect(
    toast(page, 'Call Scheduled!', 'Your call to Rita Refused has been scheduled successfully.'),
  ).toBeVisible();

  // 6. Help explains it, and its search finds it.
  await page.goto('/help');
  await page.getByRole('searchbox', { name: 'Search help' }).fill('existing customers bulk');
  await expect(page.getByTestId('help-article')).toHaveCount(1);
  await expect(page.getByTestId('help-article').getByRole('heading', { level: 3 })).toHaveText(
    'Consent: who you can call',
  );
  await checkAt(page, 'help-consent');
});
