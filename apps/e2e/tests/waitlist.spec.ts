import type { Page } from '@playwright/test';
import { apiPost, expect, openAllWeek, seriousViolations, signInAsNewUser, test } from './fixtures.ts';

// The waitlist on the Appointments page (issue #17, decision 021): a customer is put on it with the days and times
// that suit them, a cancelled appointment's slot shows as offered to it, and a customer is taken off it. At 1280
// and 360 px, axe-clean. This file signs up one user.

const SHOTS = process.env.WAITLIST_SHOTS;

const toast = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).last();

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('the waitlist', () => {
  test('a customer is put on it, a freed slot is offered to it, and a customer is taken off it', async ({
    page,
    request,
  }) => {
    const user = await signInAsNewUser(page, request);
    await openAllWeek(request, user, { staff: ['Dana', 'Sam'] });
    const contact = (name: string, phone: string) =>
      apiPost<{ id: string }>(request, user, '/v1/contacts', {
        name,
        phone,
        email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
        company: 'Example Co',
        consent: 'informational',
      });
    await contact('Maria Lopez', '(202) 555-0148');
    const ann = await contact('Ann Holder', '(202) 555-0149');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/appointments');
    const card = page.getByRole('region', { name: 'Waitlist' });
    await expect(card.getByRole('heading', { name: 'Nobody is waiting' })).toBeVisible();

    await card.getByRole('button', { name: 'Add to Waitlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Waitlist' });
    await expect(dialog).toBeVisible();
    // Nothing chosen: the contact is asked for, and the focus goes to it.
    await dialog.getByRole('button', { name: 'Add to Waitlist' }).click();
    await expect(dialog.getByText('Choose a contact')).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Contact' })).toBeFocused();
    await dialog.getByRole('combobox', { name: 'Contact' }).fill('Maria');
    await dialog.getByRole('option', { name: /Maria Lopez/ }).click();
    await dialog.getByLabel('Service').selectOption('Cleaning');
    await dialog.getByRole('checkbox', { name: 'Tuesday' }).check();
    await dialog.getByRole('checkbox', { name: 'Thursday' }).check();
    await dialog.getByLabel('Earliest start').fill('09:00');
    await dialog.getByLabel('Latest start').fill('08:00');
    await dialog.getByRole('button', { name: 'Add to Waitlist' }).click();
    await expect(dialog.getByText('Must not be before the earliest time')).toBeVisible();
    await dialog.getByLabel('Latest start').fill('12:00');
    expect(await seriousViolations(page, { within: '[role="dialog"]' })).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/waitlist-dialog-1280.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Add to Waitlist' }).click();
    await expect(toast(page, 'Added to the waitlist')).toBeVisible();
    await expect(dialog).toBeHidden();

    const waiting = card.getByRole('list', { name: 'Waiting' });
    await expect(waiting.getByRole('listitem')).toHaveCount(1);
    await expect(waiting).toContainText('Maria Lopez');
    await expect(waiting).toContainText('Cleaning · Tuesday, Thursday · 09:00–12:00');

    // An appointment a few days ahead is cancelled: its slot is offered to the waitlist.
    const at = new Date(Date.now() + 3 * 24 * 3600_000);
    at.setUTCMinutes(0, 0, 0);
    const booked = await apiPost<{ id: string }>(request, user, '/v1/appointments', {
      contact_id: ann.id,
      starts_at: at.toISOString(),
      service: 'Cleaning',
      staff: 'Dana',
    });
    await apiPost(request, user, `/v1/appointments/${booked.id}/cancel`, {});
    await page.reload();
    const freed = card.getByRole('list', { name: 'Freed slots' });
    await expect(freed.getByRole('listitem')).toHaveCount(1);
    await expect(freed).toContainText('Dana');
    await expect(freed).toContainText(/Calling the waitlist|Nobody took it|Refilled|Booked otherwise/);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/waitlist-1280.png`, fullPage: true });

    await page.setViewportSize({ width: 360, height: 780 });
    await expect(card.getByRole('heading', { name: 'Waitlist' })).toBeVisible();
    // The agenda turns into a list once the page has taken the new width in: until then it may be wider.
    await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/waitlist-360.png`, fullPage: true });

    await card.getByRole('button', { name: 'Remove Maria Lopez from the waitlist' }).click();
    await expect(toast(page, 'Removed from the waitlist')).toBeVisible();
    // The focus is not lost with the row: it goes to the card's own action.
    await expect(card.getByRole('button', { name: 'Add to Waitlist' })).toBeFocused();
    await expect(card.getByRole('heading', { name: 'Nobody is waiting' })).toBeVisible();
  });
});
