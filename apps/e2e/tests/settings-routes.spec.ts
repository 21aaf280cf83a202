import type { Page } from '@playwright/test';
import { expect, signInAsNewUser, test } from './fixtures.ts';

// Settings is one page a section (/settings/profile, /settings/billing, …): each loads directly, is reached from
// the sub-navigation, survives a reload, and /settings opens the first one.

const SECTIONS: [path: string, label: string, heading: string][] = [
  ['/settings/profile', 'Profile', 'Profile'],
  ['/settings/team', 'Team', 'Team'],
  ['/settings/notifications', 'Notifications', 'Notifications'],
  ['/settings/calling-rules', 'Calling rules', 'Calling rules'],
  ['/settings/texts', 'Texts', 'Texts after calls'],
  ['/settings/booking', 'Booking', 'Opening hours'],
  ['/settings/do-not-call', 'Do-not-call list', 'Do-not-call list'],
  ['/settings/security', 'Security', 'Security'],
  ['/settings/api-keys', 'API keys', 'API Keys'],
  ['/settings/webhooks', 'Webhooks', 'Webhooks'],
  ['/settings/billing', 'Billing', 'Billing'],
  ['/settings/audit-log', 'Audit log', 'Audit log'],
];

const subnav = (page: Page) => page.getByRole('navigation', { name: 'Settings sections' });
const sectionHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name, exact: true });

test('/settings opens the first section; an old #hash link opens its section', async ({ page, request }) => {
  await signInAsNewUser(page, request);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(sectionHeading(page, 'Profile')).toBeVisible();
  await page.goto('/settings#webhooks');
  await expect(page).toHaveURL(/\/settings\/webhooks$/);
  await expect(sectionHeading(page, 'Webhooks')).toBeVisible();
});

test('each section loads directly, keeps itself on reload, and is reached from the sub-navigation', async ({
  page,
  request,
}) => {
  // Twenty page loads and ten section changes: more than one test's usual minute on a busy machine.
  test.setTimeout(150_000);
  await signInAsNewUser(page, request);
  for (const [path, label, heading] of SECTIONS) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(sectionHeading(page, heading)).toBeVisible();
    await expect(subnav(page).getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(sectionHeading(page, heading)).toBeVisible();
  }
  // Only one section at a time.
  await expect(sectionHeading(page, 'Profile')).toHaveCount(0);
  for (const [path, label, heading] of SECTIONS) {
    await subnav(page).getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(sectionHeading(page, heading)).toBeVisible();
    await expect(subnav(page).locator('[aria-current="page"]')).toHaveText(label);
  }
  // The workspace sidebar still marks Settings.
  await expect(page.getByRole('link', { name: 'Settings', exact: true }).first()).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('the sub-navigation fits a 360 px screen and is reached with the keyboard', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsNewUser(page, request);
  await page.goto('/settings/profile');
  await expect(sectionHeading(page, 'Profile')).toBeVisible();
  const width = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(width).toBeLessThanOrEqual(0);
  const billing = subnav(page).getByRole('link', { name: 'Billing', exact: true });
  await billing.focus();
  await expect(billing).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/billing$/);
});

test('Cancel puts back what was not saved', async ({ page, request }) => {
  await signInAsNewUser(page, request);
  await page.goto('/settings/profile');
  const profile = page.getByRole('form', { name: 'Profile' });
  const company = profile.getByLabel('Company');
  await expect(company).not.toHaveValue('');
  const before = await company.inputValue();
  await company.fill('Not Saved Dental');
  await profile.getByRole('button', { name: 'Cancel' }).click();
  await expect(company).toHaveValue(before);

  await page.goto('/settings/calling-rules');
  const cap = page.getByLabel('Most calls per day');
  await expect(cap).toBeVisible();
  const capBefore = await cap.inputValue();
  await cap.fill('7');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(cap).toHaveValue(capBefore);
});
