import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { createUser, expect, restoreSession, type SignedInUser, test } from './fixtures.ts';

// Each test signs up its own user (sign-ups are rate limited per address: 30 per 5 minutes on the e2e server),
// so that what one test creates never shows up in another. Keep it to one user per test.

/** The newest toast with this title, from the app's one toast outlet. */
const toast = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).last();

/** A fresh, confirmed user, signed in on `page`. */
async function freshUser(page: Page): Promise<SignedInUser> {
  const user = await createUser(page.request);
  await restoreSession(page, user.session);
  return user;
}

/** The summary or statistics card titled `title`. */
const statCard = (scope: Locator, title: string) =>
  scope
    .locator('[data-slot=card]')
    .filter({ has: scope.page().getByRole('heading', { name: title, exact: true }) });

const scriptCard = (page: Page, title: string) =>
  page.getByTestId('script-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function expectNoSidewaysScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(width);
}

test.describe('scripts', () => {
  test('create, insert variables, edit, clone, search, filter and delete', async ({ page }) => {
    test.slow();
    await freshUser(page);
    await page.goto('/scripts');
    await expect(page.getByRole('heading', { name: 'No scripts', exact: true })).toBeVisible();

    await test.step('an empty form shows what is missing', async () => {
      await page.getByRole('button', { name: 'New Script' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New Script' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Content')).toHaveAttribute('rows', '6');
      await expect(dialog.getByRole('combobox', { name: 'Category' })).toHaveText('General');
      await dialog.getByRole('button', { name: 'Create Script' }).click();
      await expect(dialog.getByText('Title is required')).toBeVisible();
      await expect(dialog.getByText('Content is required')).toBeVisible();
      await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    });

    await test.step('variable chips insert at the cursor; custom names are checked', async () => {
      const dialog = page.getByRole('dialog', { name: 'New Script' });
      const content = dialog.getByLabel('Content');
      await dialog.getByLabel('Title').fill('Appointment reminder');
      await content.fill('Hi , see you on {{date}}');
      await content.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(3, 3));
      await dialog.getByRole('button', { name: '{{name}}', exact: true }).click();
      await expect(content).toHaveValue('Hi {{name}}, see you on {{date}}');
      // The caret stays after the inserted variable.
      await expect(content).toBeFocused();
      await page.keyboard.type('!');
      await expect(content).toHaveValue('Hi {{name}}!, see you on {{date}}');

      const custom = dialog.getByLabel('Custom variable');
      await custom.fill('2nd slot');
      await dialog.getByRole('button', { name: 'Insert' }).click();
      await expect(dialog.getByText('Start with a letter; use only letters, numbers and _.')).toBeVisible();
      await content.evaluate((element: HTMLTextAreaElement) =>
        element.setSelectionRange(element.value.length, element.value.length),
      );
      await custom.fill('order_number');
      await custom.press('Enter');
      await expect(content).toHaveValue('Hi {{name}}!, see you on {{date}}{{order_number}}');
      await expect(custom).toHaveValue('');
      await expect(dialog.getByTestId('variables-used')).toHaveText(
        'Variables used:{{name}}{{date}}{{order_number}}',
      );
      // Enter in the custom box inserted the variable; it did not submit the form.
      await expect(dialog).toBeVisible();
    });

    await test.step('a valid script is created with the general category and its variables', async () => {
      await page.getByRole('dialog').getByRole('button', { name: 'Create Script' }).click();
      await expect(toast(page, 'Script created')).toBeVisible();
      await expect(page.getByRole('dialog')).toBeHidden();
      const card = scriptCard(page, 'Appointment reminder');
      await expect(card).toBeVisible();
      await expect(card.locator('[data-category="general"]')).toHaveText('General');
      await expect(card.getByRole('list', { name: 'Variables' }).getByRole('listitem')).toHaveText([
        '{{name}}',
        '{{date}}',
        '{{order_number}}',
      ]);
      await expect(card).toContainText('Created');
      await expect(card).toContainText('Updated');
      await expect(card.getByRole('link', { name: 'Test Appointment reminder' })).toHaveAttribute(
        'href',
        /^\/dashboard\?schedule=1&script=[0-9a-f-]{36}$/,
      );
    });

    await test.step('edit changes the title and category', async () => {
      await page.getByRole('button', { name: 'Edit Appointment reminder' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Script' });
      await expect(dialog.getByLabel('Title')).toHaveValue('Appointment reminder');
      await dialog.getByLabel('Title').fill('Dentist reminder');
      await dialog.getByRole('combobox', { name: 'Category' }).click();
      await page.getByRole('option', { name: 'Reminder' }).click();
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toast(page, 'Script updated')).toBeVisible();
      await expect(page.getByRole('dialog')).toBeHidden();
      // The focus goes back to the button that opened the dialog.
      await expect(page.getByRole('button', { name: 'Edit Dentist reminder' })).toBeFocused();
      const card = scriptCard(page, 'Dentist reminder');
      await expect(card.locator('[data-category="Reminder"]')).toHaveText('Reminder');
      await expect(scriptCard(page, 'Appointment reminder')).toHaveCount(0);
    });

    await test.step('clone adds a copy', async () => {
      await page.getByRole('button', { name: 'Clone Dentist reminder' }).click();
      await expect(toast(page, 'Script cloned')).toBeVisible();
      await expect(scriptCard(page, 'Dentist reminder (Copy)')).toBeVisible();
      await expect(page.getByTestId('script-card')).toHaveCount(2);
    });

    await test.step('search and category filter ask the server', async () => {
      const search = page.getByRole('searchbox', { name: 'Search scripts' });
      await search.fill('copy');
      await expect(page.getByTestId('script-card')).toHaveCount(1);
      await expect(scriptCard(page, 'Dentist reminder (Copy)')).toBeVisible();
      await search.fill('no such words');
      await expect(page.getByRole('heading', { name: 'No scripts match' })).toBeVisible();
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect(search).toHaveValue('');
      await expect(page.getByTestId('script-card')).toHaveCount(2);

      const category = page.getByRole('combobox', { name: 'Filter by category' });
      await category.click();
      await page.getByRole('option', { name: 'Sales' }).click();
      await expect(page.getByRole('heading', { name: 'No scripts match' })).toBeVisible();
      await category.click();
      await page.getByRole('option', { name: 'Reminder' }).click();
      await expect(page.getByTestId('script-card')).toHaveCount(2);
      await category.click();
      await page.getByRole('option', { name: 'All categories' }).click();
    });

    await test.step('delete asks first', async () => {
      await page.getByRole('button', { name: 'Delete Dentist reminder (Copy)' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete this script?' });
      await expect(confirm).toContainText('Dentist reminder (Copy)');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(scriptCard(page, 'Dentist reminder (Copy)')).toBeVisible();

      await page.getByRole('button', { name: 'Delete Dentist reminder (Copy)' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, 'Script deleted')).toBeVisible();
      await expect(scriptCard(page, 'Dentist reminder (Copy)')).toHaveCount(0);

      await page.getByRole('button', { name: 'Delete Dentist reminder', exact: true }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByRole('heading', { name: 'No scripts', exact: true })).toBeVisible();
    });
  });
});

test.describe('call history', () => {
  test('a new account: empty states, filters in the address, CSV export of the header', async ({ page }) => {
    await freshUser(page);
    await page.goto('/call-history');
    await expect(page.getByText('No calls found')).toBeVisible();
    await expect(page.getByText('Calls appear here as soon as they are scheduled.')).toBeVisible();

    const summary = page.getByRole('region', { name: 'Call summary' });
    await expect(statCard(summary, 'Total Calls')).toContainText('0');
    await expect(statCard(summary, 'Success Rate')).toContainText('0%');
    await expect(statCard(summary, 'Avg Duration')).toContainText('0s');
    await expect(statCard(summary, 'Total Cost')).toContainText('$0.0000');
    for (const column of ['Status', 'Recipient', 'Phone', 'Voice', 'Duration', 'Cost', 'Date', 'Actions']) {
      await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
    }

    await test.step('search and status go into the address and survive a reload', async () => {
      await page.getByRole('searchbox', { name: 'Search calls' }).fill('maria');
      await expect(page).toHaveURL(/\/call-history\?q=maria$/);
      await page.getByRole('combobox', { name: 'Filter by status' }).click();
      await page.getByRole('option', { name: 'Failed' }).click();
      await expect(page).toHaveURL(/\/call-history\?q=maria&status=failed$/);
      await expect(page.getByText('No call matches this search and status.')).toBeVisible();

      await page.reload();
      await expect(page.getByRole('searchbox', { name: 'Search calls' })).toHaveValue('maria');
      await expect(page.getByRole('combobox', { name: 'Filter by status' })).toHaveText('Failed');
      await expect(page.getByText('No calls found')).toBeVisible();
    });

    await test.step('Export downloads the filtered calls as CSV: only the header for a new account', async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^calls-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile(await download.path(), 'utf8');
      const lines = csv.split(/\r?\n/).filter((line) => line !== '');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^date,status,outcome,recipient,phone/);
    });

    await test.step('Clear filters empties the address', async () => {
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect(page).toHaveURL(/\/call-history$/);
      await expect(page.getByRole('searchbox', { name: 'Search calls' })).toHaveValue('');
      await expect(page.getByRole('combobox', { name: 'Filter by status' })).toHaveText('All statuses');
    });

    await test.step('a 360 px screen stacks everything without sideways scrolling', async () => {
      await page.setViewportSize({ width: 360, height: 780 });
      await expect(page.getByText('No calls found')).toBeVisible();
      await expect(page.getByRole('columnheader', { name: 'Recipient' })).toBeHidden();
      await expectNoSidewaysScroll(page, 360);
    });
  });
});

test.describe('dashboard', () => {
  test('a new account sees zeros, its whole trial and friendly empty states', async ({ page }) => {
    const user = await freshUser(page);
    await page.goto('/dashboard');
    await expect(page.getByText(`Welcome back, ${user.email}`)).toBeVisible();

    const stats = page.getByRole('region', { name: 'Call statistics' });
    await expect(statCard(stats, 'Total Calls')).toContainText('0');
    await expect(statCard(stats, 'Success Rate')).toContainText('0%');
    await expect(statCard(stats, 'Avg Duration')).toContainText('0s');
    await expect(statCard(stats, 'Contacts')).toContainText('0');

    const usage = page.getByTestId('usage-card');
    await expect(usage.getByRole('heading', { name: 'Free Trial Progress' })).toBeVisible();
    await expect(usage).toContainText('0 of 10 calls used');
    await expect(usage).toContainText('10 remaining');
    await expect(usage).toContainText('0%');
    await expect(usage.getByRole('progressbar', { name: 'Free trial calls used' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    await expect(usage.getByRole('link', { name: 'Upgrade to Pro Plan' })).toHaveAttribute(
      'href',
      '/pricing',
    );

    await expect(page.getByTestId('sidebar').getByText('Trial: 10/10 calls remaining')).toBeVisible();

    await expect(page.getByRole('heading', { name: 'No calls yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View all calls' })).toHaveAttribute('href', '/call-history');
    const chart = page.getByRole('region', { name: 'Calls per day' });
    await expect(chart).toBeVisible();
    await expect(chart).toContainText('No calls in the last 30 days');

    // Schedule Call opens the schedule view (tested in calls.spec.ts).
    await expect(page.getByRole('button', { name: 'Schedule Call' })).toBeEnabled();

    await page.setViewportSize({ width: 360, height: 780 });
    await expectNoSidewaysScroll(page, 360);
  });
});
