import type { Page } from '@playwright/test';
import { createUser, expect, inputValueAt, signInAsNewUser, test } from './fixtures.ts';

// The small things of #16 item 17: the schedule form's review agrees with its field and with the calling-window
// notice; a success takes the same flow's error toasts away; ctrl/cmd+B leaves the sidebar alone while typing;
// Help's contact form is named for what it is.

const toasts = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

async function openScheduleView(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Schedule Call' }).click();
  await expect(page.getByRole('heading', { name: 'Schedule a Call' })).toBeFocused();
  return page.getByTestId('schedule-view');
}

/** The review panel's "When". */
const reviewWhen = (page: Page) =>
  page.getByTestId('schedule-review').locator('div').filter({ hasText: /^When/ }).locator('dd');

test('the review says what the time field and the calling-window notice say', async ({ page, request }) => {
  await signInAsNewUser(page, request);
  const view = await openScheduleView(page);
  await view.getByLabel('Recipient name').fill('Ana Ruiz');
  await view.getByLabel('Phone number').fill('(202) 555-0100');
  await view.getByLabel('Custom message').fill('Your table is ready.');

  // A time an hour ago: passed, in the review and (on submit) under the field — never "Now".
  await view
    .getByLabel('Schedule time')
    .fill((await inputValueAt(page, new Date(Date.now() - 3600_000))).slice(0, 16));
  await expect(reviewWhen(page)).toHaveText('This time has passed. Choose a time from now on.');
  await view.getByRole('button', { name: 'Schedule Call' }).click();
  await expect(view.getByLabel('Schedule time')).toHaveAttribute('aria-invalid', 'true');
  await expect(view.getByText('This time has passed. Choose a time from now on.').first()).toBeVisible();

  // 3:00 AM in New York (the 202 number's zone) tomorrow: outside the window, so it goes out at the opening; the
  // review gives the same time, in the same zone, as the notice.
  const early = new Date(Date.now() + 86_400_000);
  early.setUTCHours(8, 0, 0, 0); // 03:00 EST / 04:00 EDT: before 08:00 either way
  await view.getByLabel('Schedule time').fill((await inputValueAt(page, early)).slice(0, 16));
  const notice = view.getByTestId('calling-window-hint');
  await expect(notice).toContainText('The call will go out at 8:00 AM on');
  await expect(notice).toContainText('(America/New_York)');
  const opening = (await notice.textContent())?.match(/go out at (.+)\.$/)?.[1];
  expect(opening).toMatch(/^8:00 AM on .+ \(America\/New_York\)$/);
  await expect(reviewWhen(page)).toHaveText(opening ?? '');
});

test('a success takes the same flow’s earlier error toasts away', async ({
  page,
  request,
  consoleErrors,
}) => {
  const user = await createUser(request);
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toasts(page, 'Sign In Error')).toBeVisible();
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((line) => !/status of 400/.test(line)),
  );

  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toasts(page, 'Welcome back!')).toBeVisible();
  await expect(toasts(page, 'Sign In Error')).toHaveCount(0);
});

test('ctrl/cmd+B in a text field is the field’s, not the sidebar’s', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsNewUser(page, request);
  const view = await openScheduleView(page);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');

  for (const field of [view.getByLabel('Recipient name'), view.getByLabel('Custom message')]) {
    await field.click();
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  }
  await view.getByLabel('Call type').focus();
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');

  // Outside a field it still toggles.
  await view.getByRole('heading', { name: 'Schedule a Call' }).focus();
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
});

test('Help offers Email Support and Send a Message, named for what they are', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByRole('link', { name: 'Email Support' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Live Chat' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Send a Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message support' });
  await expect(dialog).toContainText('we will answer by e-mail');
});
