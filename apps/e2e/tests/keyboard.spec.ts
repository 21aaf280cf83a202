import type { Locator, Page } from '@playwright/test';
import { createUser, expect, restoreSession, type SignedInUser, test } from './fixtures.ts';

// The workspace's main tasks with the keyboard alone (a field may be focused directly to type in it; every
// button is pressed with Enter or Space). After each step that replaces or removes the focused element, the
// focus must be somewhere useful, never dropped to the page's body. One user for the file (created once per
// worker); each test uses its own names, so the tests never see each other's data.

let user: SignedInUser;

test.beforeAll(async ({ playwright }, workerInfo) => {
  const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
  user = await createUser(request);
  const headers = { authorization: `Bearer ${user.session.access_token}` };
  for (const contact of [
    { name: 'Kim Keys', phone: '+12025550140', email: 'kim@example.com', company: 'Keys Co' },
    { name: 'Lou Lane', phone: '+12025550141', email: 'lou@example.com', company: 'Lane Co' },
  ]) {
    const response = await request.post('/v1/contacts', {
      headers,
      data: { ...contact, consent: 'informational' },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  const script = await request.post('/v1/scripts', {
    headers,
    data: { title: 'Key reminder', content: 'Hi {{name}}, see you soon.', category: 'Reminder' },
  });
  expect(script.status(), await script.text()).toBe(201);
  await request.dispose();
});

test.beforeEach(async ({ page }) => {
  await restoreSession(page, user.session);
});

/** Focuses `label`'s field and types into it, as a person would after tabbing there. */
async function typeInto(page: Page, scope: Locator, label: string, text: string) {
  const field = scope.getByLabel(label, { exact: true });
  await field.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** The element that has the focus is not the page's body. */
async function expectFocusKept(page: Page) {
  expect(await page.evaluate(() => document.activeElement?.tagName ?? 'none')).not.toMatch(/^(BODY|none)$/);
}

async function openScheduleView(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Schedule Call' }).focus();
  await page.keyboard.press('Enter');
  const view = page.getByTestId('schedule-view');
  await expect(view.getByRole('heading', { name: 'Schedule a Call' })).toBeFocused();
  return view;
}

test.describe('schedule a call', () => {
  test('an empty form sent goes to its first invalid field, Recipient name', async ({ page }) => {
    const view = await openScheduleView(page);
    await view.getByRole('button', { name: 'Schedule Call' }).focus();
    await page.keyboard.press('Enter');
    await expect(view.getByText("Please enter the recipient's name.")).toBeVisible();
    await expect(view.getByLabel('Recipient name')).toBeFocused();

    // Once it has a value, the next invalid field in the page's order.
    await page.keyboard.type('Maria Lopez');
    await view.getByRole('button', { name: 'Schedule Call' }).focus();
    await page.keyboard.press('Enter');
    await expect(view.getByLabel('Phone number')).toBeFocused();
  });

  test('choosing a contact moves the focus to its card; clearing it, back to typing', async ({ page }) => {
    const view = await openScheduleView(page);
    await view.getByRole('combobox', { name: 'Choose a contact' }).focus();
    await page.keyboard.type('Kim');
    // The matches for what was typed (not the list shown on focus, before the search).
    await expect(view.getByRole('option')).toHaveCount(1);
    await expect(view.getByRole('option', { name: /Kim Keys/ })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    // The search box is gone: its card (and its Clear button) took its place and the focus.
    await expect(view.getByRole('combobox', { name: 'Choose a contact' })).toHaveCount(0);
    const clear = view.getByRole('group', { name: 'Contact' }).getByRole('button', {
      name: 'Clear contact Kim Keys',
    });
    await expect(clear).toBeFocused();
    await expect(view.getByLabel('Recipient name')).toHaveValue('Kim Keys');

    await page.keyboard.press('Enter');
    await expect(view.getByLabel('Recipient name')).toBeFocused();
    await expect(view.getByLabel('Recipient name')).toHaveValue('');
  });

  test('a scheduled call moves the focus to its confirmation', async ({ page }) => {
    const view = await openScheduleView(page);
    await typeInto(page, view, 'Recipient name', 'Nora Keyboard');
    await typeInto(page, view, 'Phone number', '(202) 555-0142');
    await typeInto(page, view, 'Custom message', 'Hi {{name}}, your order is ready for pickup.');
    await view.getByRole('button', { name: 'Schedule Call' }).focus();
    await page.keyboard.press('Enter');

    const confirmation = view.getByTestId('schedule-success');
    await expect(confirmation).toBeFocused();
    await expect(confirmation).toContainText(
      'Call Scheduled! Your call to Nora Keyboard has been scheduled successfully.',
    );
    // The form is empty again, ready for the next call, which Tab leads on to.
    await expect(view.getByLabel('Recipient name')).toHaveValue('');
    await page.keyboard.press('Tab');
    await expectFocusKept(page);
  });
});

test.describe('contacts', () => {
  test('Clear filters, in the toolbar or in the empty list, returns to the search box', async ({ page }) => {
    await page.goto('/contacts');
    const search = page.getByRole('searchbox', { name: 'Search contacts' });
    await expect(page.getByTestId('contact-card').first()).toBeVisible();

    for (const where of ['toolbar', 'empty list'] as const) {
      await search.focus();
      await page.keyboard.type('nobody by this name');
      await expect(page.getByRole('heading', { name: 'No contacts match' })).toBeVisible();
      const clear =
        where === 'toolbar'
          ? page
              .getByRole('search', { name: 'Filter contacts' })
              .getByRole('button', { name: 'Clear filters' })
          : page.locator('[data-slot="empty-state"]').getByRole('button', { name: 'Clear filters' });
      await clear.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
      await expect(search, where).toBeFocused();
      await expect(search).toHaveValue('');
      await expect(page.getByTestId('contact-card').first()).toBeVisible();
    }
  });

  test('add, edit and delete a contact', async ({ page }) => {
    const name = `Pat Keyboard ${Date.now().toString(36)}`;
    await page.goto('/contacts');
    await expect(page.getByTestId('contact-card').first()).toBeVisible();

    const addButton = page.getByRole('button', { name: 'Add Contact' });
    await addButton.focus();
    await page.keyboard.press('Enter');
    const add = page.getByRole('dialog', { name: 'Add Contact' });
    await expect(add.getByLabel('Name', { exact: true })).toBeFocused();
    await page.keyboard.type(name);
    await typeInto(page, add, 'Phone', '(202) 555-0143');
    await typeInto(page, add, 'Email', 'pat@example.com');
    await typeInto(page, add, 'Company', 'Keyboard Co');
    await add.getByRole('button', { name: 'Add Contact' }).focus();
    await page.keyboard.press('Enter');
    // The dialog is gone: the focus is back on the button that opened it.
    await expect(add).toBeHidden();
    await expect(addButton).toBeFocused();

    const edit = page.getByRole('button', { name: `Edit ${name}` });
    await edit.focus();
    await page.keyboard.press('Enter');
    const editor = page.getByRole('dialog', { name: 'Edit Contact' });
    await expect(editor).toBeVisible();
    await typeInto(page, editor, 'Company', 'Keyboard and Sons');
    await editor.getByRole('button', { name: 'Save Changes' }).focus();
    await page.keyboard.press('Enter');
    await expect(editor).toBeHidden();
    await expect(edit).toBeFocused();
    await expect(page.getByTestId('contact-card').filter({ hasText: name })).toContainText(
      'Keyboard and Sons',
    );

    await page.getByRole('button', { name: `Delete ${name}` }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: `Delete ${name}?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    // The card and its button are gone: the page's main region has the focus (where the skip link leads).
    await expect(page.getByTestId('contact-card').filter({ hasText: name })).toHaveCount(0);
    await expect(page.locator('#main')).toBeFocused();
  });

  test('import: each step of the wizard takes the focus, then the Import CSV button', async ({ page }) => {
    await page.goto('/contacts');
    const importButton = page.getByRole('button', { name: 'Import CSV' });
    await importButton.focus();
    await page.keyboard.press('Enter');
    const wizard = page.getByRole('dialog', { name: 'Import contacts' });
    await expect(wizard).toContainText('Step 1 of 3');
    await expectFocusKept(page);

    // A file cannot be chosen by typing; the file box gives way to step 2, whose line takes the focus.
    await wizard.getByLabel('Choose a CSV file').setInputFiles({
      name: 'keyboard.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Name,Phone,Email,Company\nQuinn Keys,(202) 555-0144,quinn@example.com,Quinn Co\n'),
    });
    await expect(wizard.getByText('Step 2 of 3: match the columns to contact fields.')).toBeFocused();

    // Without the contacts' consent chosen, Import says so and takes the focus to the choice.
    const importContacts = wizard.getByRole('button', { name: 'Import contacts' });
    await expect(importContacts).toHaveAccessibleDescription(
      'Choose what these contacts agreed to before importing.',
    );
    await importContacts.focus();
    await page.keyboard.press('Enter');
    const customers = wizard.getByRole('radio', {
      name: 'These are existing customers who gave us their number',
    });
    await expect(customers).toBeFocused();
    await page.keyboard.press('Space');
    await expect(customers).toBeChecked();
    await importContacts.focus();
    await page.keyboard.press('Enter');
    await expect(wizard.getByText('Step 3 of 3: import.')).toBeFocused();
    await expect(wizard.getByRole('status').filter({ hasText: 'Import complete' })).toBeVisible();

    await wizard.getByRole('button', { name: 'Done' }).focus();
    await page.keyboard.press('Enter');
    await expect(wizard).toBeHidden();
    await expect(importButton).toBeFocused();
  });
});

test('create a campaign: each step and the new campaign keep the focus', async ({ page }) => {
  await page.goto('/campaigns/new');
  const form = page.getByTestId('new-campaign');
  await expect(page.getByRole('heading', { name: 'New Campaign', level: 2 })).toBeFocused();
  await typeInto(page, form, 'Campaign name', 'Keyboard reminders');
  await form.getByLabel('Script', { exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Key reminder' })).toBeVisible();
  await page.keyboard.type('Key');
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Script', { exact: true })).toBeFocused();
  await expect(form.getByLabel('Script', { exact: true })).toHaveText('Key reminder');
  await form.getByRole('checkbox', { name: /Kim Keys/ }).focus();
  await page.keyboard.press('Space');
  await expect(form.getByTestId('chosen-count')).toHaveText('1 contact selected');

  await form.getByRole('button', { name: 'Review Campaign' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Confirm the campaign' })).toBeFocused();
  await page.getByTestId('campaign-confirm').getByRole('button', { name: 'Back' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'New Campaign', level: 2 })).toBeFocused();
  await form.getByRole('button', { name: 'Review Campaign' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Confirm the campaign' })).toBeFocused();

  await page.getByTestId('campaign-confirm').getByRole('button', { name: 'Create Campaign' }).focus();
  await page.keyboard.press('Enter');
  // Another page: the button that led there is gone, and the page's main region has the focus.
  const detail = page.getByTestId('campaign-detail');
  await expect(detail.getByRole('heading', { name: 'Keyboard reminders' })).toBeVisible();
  await expect(page.locator('#main')).toBeFocused();
});

test('change a setting: Save keeps the focus while it saves and once nothing is left to save', async ({
  page,
}) => {
  await page.goto('/settings');
  const profile = page.getByRole('form', { name: 'Profile' });
  await expect(profile.getByLabel('Company')).not.toHaveValue('');
  await typeInto(page, profile, 'Company', 'Keyboard Dental');
  const save = profile.getByRole('button', { name: 'Save Changes' });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Profile updated' })).toBeVisible();
  // Nothing left to save: the button is disabled, and still has the focus.
  await expect(save).toBeDisabled();
  await expect(save).toBeFocused();
  // Leaving it, the focus goes on as usual (the disabled Cancel is skipped) to the field before it.
  await page.keyboard.press('Shift+Tab');
  await expect(profile.getByLabel('Time zone')).toBeFocused();
  await page.reload();
  await expect(profile.getByLabel('Company')).toHaveValue('Keyboard Dental');
});
