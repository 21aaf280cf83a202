import type { APIRequestContext, Page } from '@playwright/test';
import { allowConsoleErrors, apiPost, createUser, expect, restoreSession, test } from './fixtures.ts';

// Campaigns end to end: the empty page, the New Campaign form (its checks, contacts chosen one by one, the
// confirmation with the cost estimate and the calling rules), the calls placed by the simulated carrier and
// followed live on the campaign's page, a campaign by tag that is paused, resumed and cancelled, and the list.
// Every test signs up its own user, so that its trial allowance and its campaigns are its own.

const toast = (page: Page, title: string, text?: string | RegExp) => {
  const item = page.locator('[data-sonner-toast]').filter({ hasText: title });
  return (text === undefined ? item : item.filter({ hasText: text })).last();
};

/** A new user with a script and three contacts: two who agreed to calls (tagged "spring"), one who did not. */
async function userWithContacts(page: Page, request: APIRequestContext) {
  const user = await createUser(request);
  await apiPost(request, user, '/v1/scripts', {
    title: 'Spring cleaning',
    content: 'Hi {{name}}, your spring cleaning is on {{date}}. Press 1 to confirm.',
    category: 'Reminder',
  });
  const contacts = [
    { name: 'Ana Alvarez', phone: '+12025550100', consent: 'informational', tags: ['spring'] },
    { name: 'Ben Brooks', phone: '+12025550150', consent: 'informational', tags: ['spring'] },
    { name: 'Cleo Chen', phone: '+12025550111', consent: 'none', tags: [] },
  ];
  for (const contact of contacts) {
    await apiPost(request, user, '/v1/contacts', {
      ...contact,
      email: `${contact.name.split(' ')[0]?.toLowerCase()}@example.com`,
      company: 'Example Co',
    });
  }
  await restoreSession(page, user.session);
  return user;
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/** The page is no wider than the screen (nothing scrolls sideways). */
async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

test('a campaign to chosen contacts: checks, confirmation with cost, skipped contacts, live progress', async ({
  page,
  request,
}) => {
  await userWithContacts(page, request);
  await page.goto('/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No campaigns yet' })).toBeVisible();
  await page.getByRole('link', { name: 'New Campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/new$/);
  await expect(page.getByRole('heading', { name: 'New Campaign', level: 2 })).toBeFocused();

  // Nothing filled in: every problem is named at its field.
  const form = page.getByTestId('new-campaign');
  await form.getByRole('button', { name: 'Review Campaign' }).click();
  await expect(form.getByText('Please give the campaign a name.')).toBeVisible();
  await expect(form.getByText('Please choose a script.')).toBeVisible();
  await expect(form.getByText('Choose at least one contact.')).toBeVisible();
  await expect(form.getByLabel('Campaign name')).toBeFocused();

  await form.getByLabel('Campaign name').fill('Spring cleanings');
  await choose(page, 'Script', 'Spring cleaning');
  await expect(form.getByLabel('The script’s text')).toContainText('your spring cleaning is on {{date}}');
  await form.getByLabel('{{date}}').fill('Friday, April 3');

  // Everyone on the list; the one without consent is marked before anything is sent.
  const contacts = form.getByRole('list', { name: 'Contacts to call' });
  await expect(contacts.getByRole('listitem')).toHaveCount(3);
  await expect(contacts.getByRole('listitem').filter({ hasText: 'Cleo Chen' })).toContainText('No consent');
  await form.getByRole('checkbox', { name: /Ana Alvarez/ }).check();
  await expect(form.getByTestId('chosen-count')).toHaveText('1 contact selected');
  await form.getByRole('button', { name: 'Select all shown' }).click();
  await expect(form.getByTestId('chosen-count')).toHaveText('3 contacts selected');

  await form.getByRole('button', { name: 'Review Campaign' }).click();
  const confirm = page.getByTestId('campaign-confirm');
  await expect(page.getByRole('heading', { name: 'Confirm the campaign' })).toBeFocused();
  await expect(confirm.getByTestId('campaign-call-count')).toHaveText('3 calls');
  await expect(confirm.getByTestId('cost-estimate')).toBeVisible();
  await expect(confirm).toContainText('The calling rules apply to every call.');
  await expect(confirm).toContainText('Friday, April 3');
  // Said before anything is created: who the calling rules will skip for consent.
  await expect(confirm.getByTestId('campaign-consent-skips')).toContainText(
    '1 contact would be skipped for consent: they have no consent on record',
  );

  // Back keeps every choice.
  await confirm.getByRole('button', { name: 'Back' }).click();
  await expect(form.getByLabel('Campaign name')).toHaveValue('Spring cleanings');
  await expect(form.getByTestId('chosen-count')).toHaveText('3 contacts selected');
  await form.getByRole('button', { name: 'Review Campaign' }).click();

  await confirm.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(
    toast(page, 'Campaign created', '2 calls scheduled; 1 contact skipped by the calling rules.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);

  const detail = page.getByTestId('campaign-detail');
  await expect(detail.getByRole('heading', { name: 'Spring cleanings' })).toBeVisible();
  const skipped = detail.getByTestId('campaign-skipped');
  await expect(skipped.getByRole('row')).toHaveCount(2);
  await expect(skipped).toContainText('+1 202 555 0111');
  await expect(skipped).toContainText('No consent for this kind of call');

  // The simulated carrier places both calls, and both people confirm: the page follows without a reload.
  await expect(detail.locator('[data-state="completed"]')).toBeVisible({ timeout: 45_000 });
  const outcomes = detail.getByTestId('campaign-outcomes');
  await expect(outcomes.getByRole('listitem').filter({ hasText: 'Confirmed' })).toContainText('2 · 100%');
  await expect(detail.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
  await expect(detail.getByRole('button', { name: 'Pause' })).toHaveCount(0);

  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page);
  await detail.getByRole('link', { name: 'Back to Campaigns' }).click();
  const list = page.getByRole('list', { name: 'Campaigns' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('link', { name: 'Spring cleanings' })).toBeVisible();
  await expect(list).toContainText('1 skipped');
  await expectNoSidewaysScroll(page);
});

test('a campaign by tag, starting later: pause, resume and cancel', async ({ page, request }) => {
  await userWithContacts(page, request);
  await page.goto('/campaigns/new');
  const form = page.getByTestId('new-campaign');
  await form.getByLabel('Campaign name').fill('Spring by tag');
  await choose(page, 'Script', 'Spring cleaning');
  await form.getByLabel('{{date}}').fill('Monday');
  await form.getByLabel('Everyone with a tag').check();
  await choose(page, 'Tag', /spring/);
  await expect(form).toContainText('2 contacts with this tag.');
  await form.getByLabel('Start later').check();
  await expect(form.getByLabel('Start time')).toHaveAttribute('type', 'datetime-local');
  await form.getByLabel('Spread the calls out').click();
  await form.getByLabel('Calls per hour').fill('0');
  await form.getByRole('button', { name: 'Review Campaign' }).click();
  await expect(form.getByText('Enter a whole number of calls per hour, from 1 to 3,600.')).toBeVisible();
  await form.getByLabel('Calls per hour').fill('30');
  await expect(form).toContainText('2 calls take about 2 minutes from the first to the last.');
  await form.getByRole('button', { name: 'Review Campaign' }).click();

  const confirm = page.getByTestId('campaign-confirm');
  await expect(confirm.getByTestId('campaign-call-count')).toHaveText('2 calls');
  await expect(confirm).toContainText('Everyone tagged “spring” (2 contacts)');
  await expect(confirm).toContainText('30 calls per hour');
  await confirm.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(toast(page, 'Campaign created', '2 calls scheduled.')).toBeVisible();

  const detail = page.getByTestId('campaign-detail');
  await expect(detail.locator('[data-state="scheduled"]')).toBeVisible();
  await expect(detail.getByTestId('campaign-skipped')).toContainText('No contact skipped.');

  await detail.getByRole('button', { name: 'Pause' }).click();
  await expect(toast(page, 'Campaign paused')).toBeVisible();
  await expect(detail.locator('[data-state="paused"]')).toBeVisible();
  await expect(detail).toContainText(
    'Paused: none of the 2 waiting calls goes out until you resume the campaign.',
  );

  await detail.getByRole('button', { name: 'Resume' }).click();
  await expect(toast(page, 'Campaign resumed')).toBeVisible();
  await expect(detail.locator('[data-state="scheduled"]')).toBeVisible();

  // Cancel asks first; keeping the campaign changes nothing.
  await detail.getByRole('button', { name: 'Cancel Campaign' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel “Spring by tag”?' });
  await expect(dialog).toContainText('The 2 calls that have not gone out yet will be cancelled');
  await dialog.getByRole('button', { name: 'Keep Campaign' }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.locator('[data-state="scheduled"]')).toBeVisible();

  await detail.getByRole('button', { name: 'Cancel Campaign' }).click();
  await dialog.getByRole('button', { name: 'Cancel Campaign' }).click();
  await expect(toast(page, 'Campaign cancelled', '2 calls cancelled')).toBeVisible();
  await expect(detail.locator('[data-state="canceled"]')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Cancel Campaign' })).toHaveCount(0);
  await expect(detail.getByTestId('campaign-progress')).toContainText('Cancelled2');
});

test('a campaign by tag says how many its kind of call would skip for consent, and skips exactly those', async ({
  page,
  request,
}) => {
  const user = await userWithContacts(page, request);
  // Two more tagged "spring": one who agreed to marketing, one with no consent and not a customer.
  for (const [name, phone, consent] of [
    ['Dora Diaz', '+12025550112', 'marketing'],
    ['Eli Evans', '+12025550113', 'none'],
  ] as const) {
    await apiPost(request, user, '/v1/contacts', {
      name,
      phone,
      consent,
      tags: ['spring'],
      email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
      company: 'Example Co',
    });
  }
  await page.goto('/campaigns/new');
  const form = page.getByTestId('new-campaign');
  await form.getByLabel('Campaign name').fill('Spring promotion');
  await choose(page, 'Script', 'Spring cleaning');
  await form.getByLabel('{{date}}').fill('Monday');
  await form.getByLabel('Everyone with a tag').check();
  await choose(page, 'Tag', /spring/);
  await expect(form).toContainText('4 contacts with this tag.');

  // A reminder needs consent of any kind: one of the four has none.
  await form.getByRole('button', { name: 'Review Campaign' }).click();
  const confirm = page.getByTestId('campaign-confirm');
  const skips = confirm.getByTestId('campaign-consent-skips');
  await expect(skips).toContainText('1 contact would be skipped for consent: they have no consent on record');

  // A promotion needs marketing consent: three of the four lack it.
  await confirm.getByRole('button', { name: 'Back' }).click();
  await choose(page, 'Call type', 'Promotional');
  await form.getByRole('button', { name: 'Review Campaign' }).click();
  await expect(skips).toContainText(
    '3 contacts would be skipped for consent: promotional calls need marketing consent.',
  );
  await expect(confirm.getByTestId('campaign-call-count')).toHaveText('4 calls');

  // The campaign skips exactly the three it said.
  await confirm.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(
    toast(page, 'Campaign created', '1 call scheduled; 3 contacts skipped by the calling rules.'),
  ).toBeVisible();
  const skipped = page.getByTestId('campaign-detail').getByTestId('campaign-skipped');
  await expect(skipped.getByRole('row')).toHaveCount(4);
  for (const phone of ['+1 202 555 0100', '+1 202 555 0150', '+1 202 555 0113']) {
    await expect(skipped).toContainText(phone);
  }
  await expect(skipped).not.toContainText('+1 202 555 0112');
});

test('another account’s campaign is not found', async ({ page, request, consoleErrors }) => {
  const owner = await userWithContacts(page, request);
  const [contact] = (
    (await (
      await request.get('/v1/contacts', {
        headers: { authorization: `Bearer ${owner.session.access_token}` },
      })
    ).json()) as { data: Array<{ id: string }> }
  ).data;
  const scripts = (await (
    await request.get('/v1/scripts', { headers: { authorization: `Bearer ${owner.session.access_token}` } })
  ).json()) as { data: Array<{ id: string }> };
  const campaign = await apiPost(request, owner, '/v1/campaigns', {
    name: 'Private',
    script_id: scripts.data[0]?.id,
    contact_ids: [contact?.id],
    default_variables: { date: 'Friday' },
    starts_at: new Date(Date.now() + 3600_000).toISOString(),
  });

  const stranger = await createUser(request);
  await restoreSession(page, stranger.session);
  await page.goto(`/campaigns/${campaign.id}`);
  await expect(page.getByRole('heading', { name: 'Campaign not found' })).toBeVisible();
  allowConsoleErrors(consoleErrors, /status of 404/);
  await page.getByRole('link', { name: 'All campaigns' }).click();
  await expect(page.getByRole('heading', { name: 'No campaigns yet' })).toBeVisible();
});
