import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { allowConsoleErrors, expect, type SignedInUser, signInAsNewUser, test } from './fixtures.ts';

// Every test signs up its own user, so that the counts it sees are its own. Sign-ups are rate limited per
// address (30 per 5 minutes on the e2e server, shared by the whole suite): this file signs up four users.

/** The newest toast with this title (and text), from the app's one toast outlet. */
const toast = (page: Page, title: string, text?: string | RegExp) => {
  const item = page.locator('[data-sonner-toast]').filter({ hasText: title });
  return (text === undefined ? item : item.filter({ hasText: text })).last();
};

interface NewContact {
  name: string;
  phone: string;
  email: string;
  company: string;
  tags?: string[];
}

/** Adds contacts through the API, in order (the list shows the last one first). */
async function seedContacts(request: APIRequestContext, user: SignedInUser, contacts: NewContact[]) {
  for (const contact of contacts) {
    const response = await request.post('/v1/contacts', {
      headers: { authorization: `Bearer ${user.session.access_token}` },
      data: contact,
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

async function downloadedText(download: Download): Promise<string> {
  const path = await download.path();
  return readFile(path, 'utf8');
}

const cards = (page: Page) => page.getByTestId('contact-card');
const card = (page: Page, name: string) => cards(page).filter({ hasText: name });

test.describe('contacts', () => {
  test('a new account has none; one is added, edited and deleted, with the server checking the number', async ({
    page,
    request,
    consoleErrors,
  }) => {
    await signInAsNewUser(page, request);
    await page.goto('/contacts');
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No contacts' })).toBeVisible();
    await expect(page.getByTestId('contacts-count')).toHaveText('0 contacts');

    // The empty state offers the same two ways in as the page.
    await page.getByRole('button', { name: 'Add Contact' }).last().click();
    const dialog = page.getByRole('dialog', { name: 'Add Contact' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Phone')).toHaveAttribute('type', 'tel');
    await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');

    // The form's own rules first: the four fields are required.
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Phone is required')).toBeVisible();

    await dialog.getByLabel('Name', { exact: true }).fill('Maria Lopez');
    await dialog.getByLabel('Phone').fill('abc');
    await dialog.getByLabel('Email').fill('Maria@Example.com');
    await dialog.getByLabel('Company').fill('Lopez Bakery');
    const tags = dialog.getByRole('textbox', { name: 'Tags' });
    await tags.fill('vip');
    await tags.press('Enter');
    await tags.fill('weekly,');
    await tags.fill('typo');
    await tags.press('Enter');
    await tags.press('Backspace');
    await expect(dialog.getByRole('button', { name: 'Remove tag typo' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Remove tag weekly' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Remove tag weekly' }).click();

    await dialog.getByRole('combobox', { name: 'Consent' }).click();
    await page.getByRole('option', { name: /^Marketing/ }).click();
    await expect(dialog.getByRole('combobox', { name: 'Consent' })).toHaveAccessibleDescription(
      /marketing consent is needed before any promotional call/,
    );
    await dialog.getByLabel('Consent source').fill('Signed form at the front desk');

    // The server reads the number; its word shows under the field and in the toast.
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await expect(dialog.getByText('"abc" is not a phone number.')).toBeVisible();
    await expect(dialog.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
    await expect(toast(page, 'Error adding contact', 'is not a phone number')).toBeVisible();
    allowConsoleErrors(consoleErrors, /status of 400/);

    await dialog.getByLabel('Phone').fill('(202) 555-0105');
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await expect(toast(page, 'Contact added', 'New York time')).toBeVisible();
    await expect(dialog).toBeHidden();

    const maria = card(page, 'Maria Lopez');
    await expect(maria).toContainText('+1 202 555 0105');
    await expect(maria).toContainText('maria@example.com');
    await expect(maria).toContainText('Lopez Bakery');
    await expect(maria).toContainText('New York time');
    await expect(maria.getByRole('list', { name: 'Tags' })).toHaveText('vip');
    await expect(maria).toContainText('Marketing');
    await expect(page.getByTestId('contacts-count')).toHaveText('1 contact');
    await expect(maria.getByRole('link', { name: 'Call Now Maria Lopez' })).toHaveAttribute(
      'href',
      /^\/dashboard\?schedule=1&contact=[0-9a-f-]{36}$/,
    );

    // Edit: the form comes prefilled; only what changed is sent.
    await maria.getByRole('button', { name: 'Edit Maria Lopez' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Contact' });
    await expect(edit.getByLabel('Name', { exact: true })).toHaveValue('Maria Lopez');
    await expect(edit.getByLabel('Phone')).toHaveValue('+1 202 555 0105');
    await expect(edit.getByRole('combobox', { name: 'Consent' })).toHaveText('Marketing');
    await expect(edit.getByLabel('Consent source')).toHaveValue('Signed form at the front desk');
    await edit.getByLabel('Company').fill('Lopez Bakery & Cafe');
    await edit.getByRole('combobox', { name: 'Time zone' }).click();
    await page.getByRole('option', { name: /^London/ }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Contact updated', 'London time')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(maria).toContainText('Lopez Bakery & Cafe');
    await expect(maria).toContainText('London time');

    // The same number twice: the server names who has it, on the phone field.
    await page.getByRole('button', { name: 'Add Contact' }).first().click();
    await dialog.getByLabel('Name', { exact: true }).fill('Maria Again');
    await dialog.getByLabel('Phone').fill('202-555-0105');
    await dialog.getByLabel('Email').fill('maria.again@example.com');
    await dialog.getByLabel('Company').fill('Elsewhere');
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    const duplicate = 'Maria Lopez already has the number +1 202 555 0105.';
    await expect(dialog.getByText(duplicate)).toBeVisible();
    await expect(dialog.getByLabel('Phone')).toBeFocused();
    await expect(toast(page, 'Error adding contact', duplicate)).toBeVisible();
    allowConsoleErrors(consoleErrors, /status of 409/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(cards(page)).toHaveCount(1);

    // Delete asks first, naming the contact.
    await maria.getByRole('button', { name: 'Delete Maria Lopez' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Maria Lopez?' });
    await expect(confirm).toContainText('+1 202 555 0105');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(maria).toBeVisible();
    await maria.getByRole('button', { name: 'Delete Maria Lopez' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Contact deleted', 'Maria Lopez')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No contacts' })).toBeVisible();
    await expect(page.getByTestId('contacts-count')).toHaveText('0 contacts');
  });

  test('search and the tag filter ask the server, stay in the address, page with "Load more" and export', async ({
    page,
    request,
  }) => {
    const user = await signInAsNewUser(page, request);
    const fillers = Array.from({ length: 24 }, (_, index) => ({
      name: `Filler ${String(index + 1).padStart(2, '0')}`,
      phone: `(305) 555-01${String(index + 10)}`,
      email: `filler${index + 1}@example.com`,
      company: 'Filler Co',
    }));
    await seedContacts(request, user, [
      ...fillers,
      {
        name: 'Ana Silva',
        phone: '(212) 555-0111',
        email: 'ana@example.com',
        company: 'Silva Dental',
        tags: ['vip'],
      },
      {
        name: 'Ben Carter',
        phone: '(312) 555-0122',
        email: 'ben@example.com',
        company: 'Carter Plumbing',
        tags: ['vip', 'weekly'],
      },
      {
        name: 'Carla Gomez',
        phone: '(617) 555-0133',
        email: 'carla@example.com',
        company: 'Gomez Salon',
        tags: ['weekly'],
      },
      { name: 'Dan Wu', phone: '(415) 555-0177', email: 'dan@wu.dev', company: 'Wu Design' },
    ]);

    await page.goto('/contacts');
    await expect(page.getByTestId('contacts-count')).toHaveText('28 contacts');
    // Newest first, a page at a time.
    await expect(cards(page)).toHaveCount(24);
    await expect(cards(page).first()).toContainText('Dan Wu');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(cards(page)).toHaveCount(28);
    await expect(cards(page).last()).toContainText('Filler 01');
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

    const search = page.getByRole('searchbox', { name: 'Search contacts' });
    await search.fill('gomez');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText('Carla Gomez');
    await expect(page).toHaveURL(/\/contacts\?q=gomez$/);
    await page.reload();
    await expect(search).toHaveValue('gomez');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText('Carla Gomez');

    // Phone digits, however they are written.
    await search.fill('415 555 0177');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText('Dan Wu');

    await search.fill('nobody-like-this');
    await expect(page.getByRole('heading', { name: 'No contacts match' })).toBeVisible();
    await page.locator('[data-slot="empty-state"]').getByRole('button', { name: 'Clear filters' }).click();
    await expect(search).toHaveValue('');
    await expect(page).toHaveURL(/\/contacts$/);
    await expect(cards(page)).toHaveCount(24);

    await page.getByRole('combobox', { name: 'Filter by tag' }).click();
    await expect(page.getByRole('option', { name: 'weekly (2)' })).toBeVisible();
    await page.getByRole('option', { name: 'vip (2)' }).click();
    await expect(cards(page)).toHaveCount(2);
    await expect(page).toHaveURL(/\/contacts\?tag=vip$/);
    await expect(card(page, 'Ana Silva')).toBeVisible();
    await expect(card(page, 'Ben Carter')).toBeVisible();

    // Search and tag together.
    await search.fill('carter');
    await expect(cards(page)).toHaveCount(1);
    await expect(page).toHaveURL(/[?&]q=carter/);
    await expect(page).toHaveURL(/[?&]tag=vip/);
    await search.fill('');
    await expect(cards(page)).toHaveCount(2);

    // The export is the current filter, as CSV.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await downloadedText(download)).trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'name,phone,email,company,tags,timezone,consent,consent_at,consent_source,created_at,' +
        'first_name,last_name,existing_customer,consent_recorded_by',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^Ben Carter,\+13125550122,ben@example.com,Carter Plumbing,vip; weekly,America\/Chicago,none,/,
    );
    expect(lines[2]).toMatch(
      /^Ana Silva,\+12125550111,ana@example.com,Silva Dental,vip,America\/New_York,none,/,
    );
  });

  test('a CSV file is imported: columns guessed, a preview, progress, then the summary and the problem rows', async ({
    page,
    request,
  }) => {
    test.slow();
    const user = await signInAsNewUser(page, request);
    await seedContacts(request, user, [
      { name: 'Maria Lopez', phone: '(212) 555-0143', email: 'maria@example.com', company: 'Lopez Bakery' },
    ]);
    await page.goto('/contacts');
    await expect(cards(page)).toHaveCount(1);

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import contacts' });
    await expect(dialog).toContainText('Step 1 of 3');
    const file = dialog.getByLabel('Choose a CSV file');

    // Too big, or not a CSV file: refused before it is read.
    await file.setInputFiles({
      name: 'huge.csv',
      mimeType: 'text/csv',
      buffer: Buffer.alloc(21 * 1024 * 1024, 'a'),
    });
    await expect(dialog.getByRole('alert')).toContainText('huge.csv is 21 MB. Files up to 20 MB');
    await file.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('png') });
    await expect(dialog.getByRole('alert')).toContainText('photo.png is not a CSV file');

    const csv = [
      'Full name,Mobile,E-mail,Business,Groups',
      'Nina Park,(646) 555-0101,nina@example.com,Park Florist,vip; florist',
      'Omar Haddad,(617) 555-0102,omar@example.com,Haddad Cafe,cafe',
      'Bad Phone,abc,bad@example.com,Bad Inc,',
      'Maria Again,(212) 555-0143,maria2@example.com,Lopez Bakery,vip',
      'No Email,(617) 555-0103,,Nowhere,',
      'Lea Stone,(718) 555-0104,lea@example.com,Stone Yoga,yoga',
    ].join('\n');
    await file.setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

    await expect(dialog).toContainText('Step 2 of 3');
    await expect(dialog).toContainText('clients.csv');
    await expect(dialog).toContainText('6 rows');
    // Each field's column, guessed from the header names.
    await expect(dialog.getByRole('combobox', { name: 'Name', exact: true })).toHaveText('Full name');
    await expect(dialog.getByRole('combobox', { name: 'Phone' })).toHaveText('Mobile');
    await expect(dialog.getByRole('combobox', { name: 'Email' })).toHaveText('E-mail');
    await expect(dialog.getByRole('combobox', { name: 'Company' })).toHaveText('Business');
    await expect(dialog.getByRole('combobox', { name: 'Tags' })).toHaveText('Groups');
    // The preview: the first five rows as they will be stored, with the rows that will be skipped.
    const preview = dialog.getByRole('table');
    await expect(preview.getByRole('row')).toHaveCount(1 + 5 + 2);
    await expect(preview).toContainText('+1 646 555 0101');
    await expect(preview).toContainText('Line 4 will be skipped: "abc" is not a phone number.');
    await expect(preview).toContainText('Line 6 will be skipped: Missing email');
    await expect(dialog.getByRole('radio', { name: 'Skip numbers I already have' })).toBeChecked();
    // What the contacts agreed to is chosen explicitly: nothing is preselected.
    await dialog.getByRole('radio', { name: 'No consent recorded yet — I will record it later' }).check();

    await dialog.getByRole('button', { name: 'Import contacts' }).click();
    await expect(dialog).toContainText('Step 3 of 3');
    await expect(dialog.getByRole('status').filter({ hasText: 'Import complete' })).toBeVisible();
    await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuetext',
      '6 of 6 rows',
    );
    await expect(dialog.getByTestId('import-added')).toContainText('3');
    await expect(dialog.getByTestId('import-updated')).toContainText('0');
    await expect(dialog.getByTestId('import-skipped')).toContainText('1');
    await expect(dialog.getByTestId('import-problems')).toContainText('2');
    const problems = dialog.getByRole('list', { name: 'Problem rows' }).getByRole('listitem');
    await expect(problems).toHaveText(['Line 4"abc" is not a phone number.', 'Line 6Missing email']);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download problem rows' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^import-problems-.+\.csv$/);
    const rows = (await downloadedText(download)).trim().split(/\r?\n/);
    expect(rows).toEqual(['line,reason', '4,"""abc"" is not a phone number."', '6,Missing email']);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('contacts-count')).toHaveText('4 contacts');
    await expect(cards(page)).toHaveCount(4);
    await expect(card(page, 'Nina Park')).toContainText('+1 646 555 0101');
    await expect(card(page, 'Nina Park').getByRole('list', { name: 'Tags' })).toHaveText('floristvip');
    // The skipped row did not touch the contact who already had the number.
    await expect(card(page, 'Maria Lopez')).toContainText('maria@example.com');
    await page.getByRole('combobox', { name: 'Filter by tag' }).click();
    await expect(page.getByRole('option', { name: 'florist (1)' })).toBeVisible();
  });

  test('a failed load can be retried; on a phone-sized screen the page fits and works by keyboard', async ({
    page,
    request,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const user = await signInAsNewUser(page, request);
    await seedContacts(request, user, [
      {
        name: 'Jean-Luc Moreau-Delacroix',
        phone: '+33 1 42 68 53 00',
        email: 'jean-luc.moreau-delacroix@atelier-de-coiffure-internationale.fr',
        company: 'Atelier de Coiffure Internationale',
        tags: ['vip', 'paris'],
      },
    ]);
    // The list failing: a toast with the server's message, and a way to try again on the page.
    const failing = (url: URL) => url.pathname === '/v1/contacts';
    await page.route(failing, (route) =>
      route.fulfill({
        status: 503,
        json: { error: { code: 'service_unavailable', message: 'The database is busy. Try again shortly.' } },
      }),
    );
    await page.goto('/contacts');
    await expect(toast(page, 'Error loading contacts', 'The database is busy.')).toBeVisible();
    const problem = page.getByRole('alert').filter({ hasText: 'Your contacts could not be loaded' });
    await expect(problem).toContainText('The database is busy. Try again shortly.');
    await page.unroute(failing);
    await problem.getByRole('button', { name: 'Try again' }).click();
    await expect(problem).toBeHidden();
    // One for the first answer and one for the automatic retry.
    allowConsoleErrors(consoleErrors, /status of 503/, /status of 503/);

    const jean = card(page, 'Jean-Luc Moreau-Delacroix');
    await expect(jean).toContainText('Paris time');
    await expect(jean.getByRole('button', { name: 'Edit Jean-Luc Moreau-Delacroix' })).toBeVisible();
    await expect(jean.getByRole('button', { name: 'Delete Jean-Luc Moreau-Delacroix' })).toBeVisible();
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);

    // Keyboard: the Add dialog opens on Enter, focuses its first field, and gives focus back on Escape.
    await page.getByRole('button', { name: 'Add Contact' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Contact' });
    await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
    expect(await fits()).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add Contact' })).toBeFocused();
  });
});
