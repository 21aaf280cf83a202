import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { AUDIT_EXPORT_COLUMNS } from '@callwise/shared/schemas/audit-log';
import type { Download, Page } from '@playwright/test';
import {
  AXE_TAGS,
  allowConsoleErrors,
  apiPost,
  expect,
  seriousViolations,
  signInAsNewUser,
  test,
} from './fixtures.ts';
import { scrollsSideways } from './widths.ts';

// Settings → Audit log: what a user did through the app (API keys, calling rules, an export) shows there, newest
// first, with who did it and from where; filtered by kind; as CSV; and its empty and error states.

const HEADER = AUDIT_EXPORT_COLUMNS.join(',');

/** The tags of the workspace walk (workspace-a11y.spec.ts): WCAG 2.1 A and AA, and best practices. */
const WALK_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** What the test does, newest first, as the server words it and files it. */
const EVENTS: [action: string, summary: string][] = [
  ['data.exported', 'Downloaded the contacts as CSV'],
  ['calling_rules.changed', 'Changed the calling rules: calls per contact per day'],
  ['api_key.revoked', 'Revoked the API key “Zapier”'],
  ['api_key.created', 'Created the API key “Zapier”'],
  // The sign-up's confirmation link, which signed the new user in.
  ['session.signed_in', 'Signed in with the link confirming the e-mail address'],
];
const ACTIONS = EVENTS.map(([action]) => action);
/** Where the test's requests come from: this machine (127.0.0.1, ::1 or ::ffff:127.0.0.1), last in what shows it. */
const LOOPBACK = /(127\.0\.0\.1|::1)$/;
const SUMMARIES = EVENTS.map(([, summary]) => summary);

const toast = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).last();

const downloadedLines = async (download: Download) =>
  (await readFile(await download.path(), 'utf8')).split(/\r?\n/).filter((line) => line !== '');

/**
 * As the workspace walk checks (workspace-a11y.spec.ts): serious and critical problems and skipped heading levels
 * on the whole page; and inside the audit log's card, every violation whatever its impact.
 */
async function axeProblems(page: Page) {
  const results = await new AxeBuilder({ page }).include('#audit-log').withTags(AXE_TAGS).analyze();
  return [
    ...(await seriousViolations(page, { tags: WALK_TAGS, alsoRules: ['heading-order'] })),
    ...results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    })),
  ];
}

/** Picks a kind of event in the filter. */
async function filterBy(page: Page, label: string) {
  await page.getByLabel('Filter by event').click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

test('what a user does shows in the audit log, newest first; filtered; as CSV; at 1280 and 360 px', async ({
  page,
  request,
}) => {
  test.slow();
  const user = await signInAsNewUser(page, request);
  // A contact, so that the contacts page can export.
  await apiPost(request, user, '/v1/contacts', {
    name: 'Ada Audit',
    phone: '+12025550171',
    email: 'ada@example.com',
    company: 'Ada Co',
  });
  await page.setViewportSize({ width: 1280, height: 800 });

  // An API key created, then revoked (Settings → API keys).
  await page.goto('/settings/api-keys');
  const keys = page.locator('#api-keys');
  await keys.getByLabel('Key name').fill('Zapier');
  await keys.getByRole('button', { name: 'Create API Key' }).click();
  const created = page.getByRole('dialog', { name: 'Your new API key' });
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();
  await keys.getByRole('button', { name: 'Revoke Zapier' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(page, 'API key revoked')).toBeVisible();

  // A calling rule changed (Settings → Calling rules).
  await page.goto('/settings/calling-rules');
  await page.getByLabel('Most calls per day').fill('1');
  await page.getByRole('button', { name: 'Save Rules' }).click();
  await expect(toast(page, 'Calling rules saved')).toBeVisible();

  // The contacts downloaded as CSV.
  await page.goto('/contacts');
  await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);

  // Settings → Audit log, from the sub-navigation.
  await page.goto('/settings/profile');
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await expect(page).toHaveURL(/\/settings\/audit-log$/);
  const card = page.locator('#audit-log');
  await expect(card.getByRole('heading', { level: 2, name: 'Audit log' })).toBeVisible();
  await expect(card).toContainText('Who did what in your account, kept for one year.');

  // A table at 1280 px: When, Who, What, From; newest first.
  const table = card.getByRole('table', { name: 'Audit log events, newest first' });
  await expect(table.getByRole('columnheader')).toHaveText(['When', 'Who', 'What', 'From']);
  const rows = table.locator('tbody').getByRole('row');
  const what = rows.locator('td:nth-child(3)');
  await expect(what).toHaveText(SUMMARIES);
  await expect(rows.locator('td:nth-child(2)')).toHaveText(SUMMARIES.map(() => user.email));
  await expect(rows.locator('td:nth-child(4)')).toHaveText(SUMMARIES.map(() => LOOPBACK));
  // The time is the business's local one; the exact instant is on the <time> element.
  const when = rows.first().locator('time');
  const at = (await when.getAttribute('datetime')) ?? '';
  expect(Date.now() - Date.parse(at)).toBeLessThan(10 * 60_000);
  await expect(when).toHaveAttribute('title', at);

  expect(await axeProblems(page)).toEqual([]);
  expect(await scrollsSideways(page)).toBe(false);

  // Every event as CSV: the header, then one line an event, newest first.
  const [everything] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(everything.suggestedFilename()).toMatch(/\.csv$/);
  const lines = await downloadedLines(everything);
  expect(lines[0]).toBe(HEADER);
  expect(lines.slice(1).map((line) => line.split(',')[3])).toEqual(ACTIONS);
  for (const [index, summary] of SUMMARIES.entries()) expect(lines[index + 1]).toContain(summary);

  // Only "API key created".
  await filterBy(page, 'API key created');
  await expect(what).toHaveText(['Created the API key “Zapier”']);
  const [filtered] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const filteredLines = await downloadedLines(filtered);
  expect(filteredLines[0]).toBe(HEADER);
  expect(filteredLines).toHaveLength(2);
  expect(filteredLines[1]).toContain('api_key.created');
  expect(filteredLines[1]).toContain('Zapier');

  // A kind with no events.
  await filterBy(page, 'Recording deleted');
  await expect(card.getByRole('heading', { name: 'No events of this kind' })).toBeVisible();

  // At a phone's width: each event stacked, nothing wider than the screen, still accessible.
  await filterBy(page, 'All events');
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(card.getByRole('table')).toHaveCount(0);
  const stacked = card.getByRole('list', { name: 'Audit log events, newest first' }).getByRole('listitem');
  // The audit log's own downloads are events too, newest first.
  await expect(stacked.first()).toContainText('Downloaded the audit log as CSV');
  await expect(stacked.first()).toContainText(user.email);
  await expect(stacked.filter({ hasText: 'Created the API key “Zapier”' })).toContainText(LOOPBACK);
  expect(await scrollsSideways(page)).toBe(false);
  expect(await axeProblems(page)).toEqual([]);
});

test('the audit log could not be loaded: the error, then Try again; a new account’s one event; none', async ({
  page,
  request,
  consoleErrors,
}) => {
  await signInAsNewUser(page, request);
  const failing = (url: URL) => url.pathname === '/v1/audit-log';
  await page.route(failing, (route) =>
    route.fulfill({
      status: 503,
      json: { error: { code: 'service_unavailable', message: 'The database is busy. Try again shortly.' } },
    }),
  );
  await page.goto('/settings/audit-log');
  const card = page.locator('#audit-log');
  const problem = card.getByRole('alert').filter({ hasText: 'The audit log could not be loaded' });
  await expect(problem).toContainText('The database is busy. Try again shortly.');
  await expect(toast(page, 'Error loading the audit log')).toBeVisible();
  await page.unroute(failing);
  await problem.getByRole('button', { name: 'Try again' }).click();
  await expect(problem).toBeHidden();
  // One for the first answer and one for the automatic retry.
  allowConsoleErrors(consoleErrors, /status of 503/, /status of 503/);

  // A new account's one event: the sign-up's confirmation link signed the user in.
  const rows = card.getByRole('table').locator('tbody').getByRole('row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Signed in with the link confirming the e-mail address');

  // An account with no events (one whose events were all older than a year, say).
  await page.route(failing, (route) => route.fulfill({ status: 200, json: { data: [], next_cursor: null } }));
  await page.reload();
  await expect(card.getByRole('heading', { name: 'No events yet' })).toBeVisible();
});

test('more events than a page: "Load more" adds the next page under the first', async ({ page, request }) => {
  const user = await signInAsNewUser(page, request);
  const auth = { authorization: `Bearer ${user.session.access_token}` };
  // 26 downloads of the contacts: a page (25) and one more.
  for (let index = 0; index < 26; index += 1) {
    expect((await request.get('/v1/contacts/export.csv', { headers: auth })).status()).toBe(200);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/settings/audit-log');
  const rows = page.locator('#audit-log').getByRole('table').locator('tbody').getByRole('row');
  await expect(rows).toHaveCount(25);
  await page.getByRole('button', { name: 'Load more' }).click();
  // The 26th download, then the sign-up's confirmation link that signed the user in.
  await expect(rows).toHaveCount(27);
  await expect(rows.nth(25)).toContainText('Downloaded the contacts as CSV');
  await expect(rows.last()).toContainText('Signed in with the link confirming the e-mail address');
  await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden();
  await expect(page.getByText('Showing 27 events, all loaded')).toBeAttached();
});
