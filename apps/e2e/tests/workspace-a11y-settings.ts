import { expect } from './fixtures.ts';
import {
  alertDialog,
  closeWithEscape,
  dialog,
  eachApiTab,
  PAGES,
  type WalkContext,
} from './workspace-a11y.ts';

// The workspace walk (workspace-a11y.spec.ts) through settings, each section and dialog, then help and the API
// documentation.

/** The walk's step "settings". */
export async function walkSettings({ page, check, h1, visited }: WalkContext): Promise<void> {
  // /settings opens the first section; each section is a page of its own, reached from the sub-navigation.
  await page.goto(PAGES['/settings'] ?? '');
  await expect(page).toHaveURL(/\/settings\/profile$/);
  visited.add('/settings');
  const sections: [string, string, string[]][] = [
    ['/settings/profile', 'Profile', ['Profile']],
    ['/settings/team', 'Team', ['Team']],
    ['/settings/notifications', 'Notifications', ['Notifications']],
    ['/settings/calling-rules', 'Calling rules', ['Calling rules']],
    ['/settings/texts', 'Texts', ['Texts after calls']],
    ['/settings/booking', 'Booking', ['Opening hours', 'Reminders']],
    ['/settings/assistant', 'Assistant', ['Business number', 'Knowledge', 'Try it']],
    ['/settings/do-not-call', 'Do-not-call list', ['Do-not-call list']],
    ['/settings/security', 'Security', ['Security']],
    ['/settings/api-keys', 'API keys', ['API Keys']],
    ['/settings/webhooks', 'Webhooks', ['Webhooks']],
    ['/settings/billing', 'Billing', ['Billing', 'Billing History']],
    ['/settings/audit-log', 'Audit log', ['Audit log']],
  ];
  const subnav = page.getByRole('navigation', { name: 'Settings sections' });
  for (const [path, label, headings] of sections) {
    await subnav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(h1('Settings')).toBeVisible();
    await expect(subnav.getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    for (const heading of headings) {
      await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
    }
    await check(`settings: ${label}`, path);
  }

  await page.goto(PAGES['/settings/webhooks'] ?? '');
  await page.getByRole('button', { name: 'Reveal' }).click();
  await check('settings, the webhook secret shown');

  await page.goto(PAGES['/settings/api-keys'] ?? '');
  await page.getByLabel('Key name').fill('Front desk');
  await page.getByRole('button', { name: 'Create API Key' }).click();
  const created = dialog(page, 'Your new API key');
  await expect(created).toBeVisible();
  await check('the new API key');
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();
  await page.getByRole('button', { name: 'Revoke Front desk' }).click();
  const revoke = page.getByRole('alertdialog');
  await expect(revoke).toBeVisible();
  await check('Revoke an API key');
  await closeWithEscape(page, revoke);

  await page.goto(PAGES['/settings/webhooks'] ?? '');
  await page.getByRole('button', { name: 'Rotate Secret' }).click();
  const rotate = alertDialog(page, 'Rotate the signing secret?');
  await expect(rotate).toBeVisible();
  await check('Rotate the signing secret');
  await closeWithEscape(page, rotate);

  await page.goto(PAGES['/settings/do-not-call'] ?? '');
  await page.getByRole('button', { name: /^Remove .* from the do-not-call list$/ }).click();
  const unblock = page.getByRole('alertdialog');
  await expect(unblock).toBeVisible();
  await check('Remove a blocked number');
  await closeWithEscape(page, unblock);

  await page.goto(PAGES['/settings/billing'] ?? '');
  await page.getByTestId('billing-plan').getByRole('button', { name: 'Upgrade to Pro' }).click();
  const plans = dialog(page, 'Choose a plan');
  await expect(plans).toBeVisible();
  await check('Choose a plan');
  await closeWithEscape(page, plans);
}

/** The walk's step "help". */
export async function walkHelp({ page, check, h1 }: WalkContext): Promise<void> {
  await page.goto(PAGES['/help'] ?? '');
  await expect(h1('Help')).toBeVisible();
  await check('help', '/help');
  await page.getByRole('button', { name: 'Send a Message' }).click();
  const chat = dialog(page, 'Message support');
  await chat.getByRole('button', { name: 'Send Message' }).click();
  // Name and address come from the account; the message is what is missing.
  await expect(chat.getByText(/Please tell us a little more/)).toBeVisible();
  await check('the contact form, with its errors');
  await closeWithEscape(page, chat);
}

/** The walk's step "API documentation". */
export async function walkApiDocumentation({ page, check, h1, visited }: WalkContext): Promise<void> {
  await page.goto(PAGES['/api'] ?? '');
  await expect(h1('API Documentation')).toBeVisible();
  visited.add('/api');
  await eachApiTab(page, (state) => check(state));
}
