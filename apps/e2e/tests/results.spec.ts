import type { APIRequestContext, Page } from '@playwright/test';
import { apiPost, expect, type SignedInUser, signInAsNewUser, test } from './fixtures.ts';

// How calls are counted and followed up (issue #16 items 4, 5, 6, 8): the dashboard counts placed calls only and
// shows outcomes, call history shows when a call goes out (or its retry), filters by outcome and campaign, and the
// Needs attention view is worked through with Mark handled. The simulated carrier decides each call by the number
// (packages/shared/src/simulator.ts): 0100 confirms, 0102 does not answer (its retry waits 30 minutes), 0103
// fails, 0104 is a voicemail, 0105 cancels, 0106 asks to reschedule. Every test signs up its own user.

interface ApiCall {
  id: string;
  recipient_name: string;
  status: string;
  outcome: string | null;
  attempts: number;
}

const hour = 3600_000;

/** Schedules a call to a simulated number, now or later. */
function call(request: APIRequestContext, user: SignedInUser, name: string, last4: string, at?: Date) {
  return apiPost(request, user, '/v1/calls', {
    phone: `+1202555${last4}`,
    recipient_name: name,
    message: 'Hi {{name}}, this is a reminder of your appointment on Friday.',
    call_type: 'custom',
    ...(at ? { scheduled_at: at.toISOString() } : {}),
  });
}

/** Waits until every named call has been placed and its attempt is over (a retry waiting counts). */
async function untilSettled(request: APIRequestContext, user: SignedInUser, names: string[]) {
  await expect
    .poll(
      async () => {
        const response = await request.get('/v1/calls?limit=100', {
          headers: { authorization: `Bearer ${user.session.access_token}` },
        });
        const calls = ((await response.json()) as { data: ApiCall[] }).data;
        return names.filter((name) => {
          const found = calls.find((c) => c.recipient_name === name);
          if (!found) return true;
          const ended = ['completed', 'busy', 'no-answer', 'failed'].includes(found.status);
          const retryWaiting = found.status === 'scheduled' && found.attempts > 0;
          return !(ended || retryWaiting);
        });
      },
      { timeout: 45_000, message: 'calls still under way' },
    )
    .toEqual([]);
}

const statCard = (page: Page, title: string) =>
  page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const row = (page: Page, name: string) => page.getByTestId('call-row').filter({ hasText: name });

test('dashboard: a call for tomorrow is not counted, success is confirmed answered calls, outcomes shown', async ({
  page,
  request,
}) => {
  const user = await signInAsNewUser(page, request);
  await call(request, user, 'Cara Confirms', '0100');
  await call(request, user, 'Rita Reschedules', '0106');
  await call(request, user, 'Vera Voicemail', '0104');
  await call(request, user, 'Tom Tomorrow', '0100', new Date(Date.now() + 24 * hour));
  await untilSettled(request, user, ['Cara Confirms', 'Rita Reschedules', 'Vera Voicemail']);

  await page.goto('/dashboard');
  const total = statCard(page, 'Total Calls');
  await expect(total).toContainText('3');
  await expect(total).toContainText('Calls placed; 1 more scheduled');
  // Answered: Cara and Rita (a voicemail is not an answer); Cara confirmed.
  await expect(statCard(page, 'Success Rate')).toContainText('50%');

  // The definition in a tooltip, reached with the keyboard. The button is first brought into view: a tooltip
  // closes when the page scrolls, and focus() scrolls to a button below the fold (under the checklist).
  const info = page.getByRole('button', { name: 'How Success Rate is counted' });
  await info.scrollIntoViewIfNeeded();
  await expect(async () => {
    await info.blur();
    await info.focus();
    await expect(page.getByRole('tooltip')).toContainText(
      'The share of answered calls with a positive outcome',
      { timeout: 2000 },
    );
  }).toPass({ timeout: 20_000 });

  const recent = page.getByRole('list', { name: 'Recent Call Activity' });
  await expect(recent.getByRole('listitem')).toHaveCount(3);
  await expect(recent).not.toContainText('Tom Tomorrow');
  await expect(recent.getByRole('listitem').filter({ hasText: 'Cara Confirms' })).toContainText('Confirmed');
  await expect(recent.getByRole('listitem').filter({ hasText: 'Rita Reschedules' })).toContainText(
    'Reschedule requested',
  );
  await expect(recent.getByRole('listitem').filter({ hasText: 'Vera Voicemail' })).toContainText('Voicemail');
  await expect(page.getByRole('link', { name: '1 call needs attention' })).toHaveAttribute(
    'href',
    '/call-history?view=needs_attention',
  );
});

test('call history: the date is when the call goes out, a retry says so, and status names match the filter', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = await signInAsNewUser(page, request);
  await call(request, user, 'Nora Noanswer', '0102');
  await call(request, user, 'Cara Confirms', '0100');
  const later = new Date(Date.now() + 26 * hour);
  await call(request, user, 'Tom Tomorrow', '0100', later);
  await untilSettled(request, user, ['Nora Noanswer', 'Cara Confirms']);

  await page.goto('/call-history');
  await expect(row(page, 'Nora Noanswer').getByTestId('call-when')).toContainText(/Retry at \d/);
  const tomorrow = row(page, 'Tom Tomorrow').getByTestId('call-when');
  await expect(tomorrow).toContainText('Goes out');
  await expect(tomorrow).toHaveAttribute('datetime', later.toISOString());

  // The filter's groups are the rows' words, the exact status beside them.
  await expect(row(page, 'Tom Tomorrow').locator('[data-status]')).toHaveText(/^Pending.*Scheduled$/);
  await expect(row(page, 'Cara Confirms').locator('[data-status]')).toHaveText('Completed');
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  for (const name of ['All statuses', 'Completed', 'Failed', 'Pending', 'In Progress']) {
    await expect(page.getByRole('option', { name, exact: true })).toBeVisible();
  }
  await page.getByRole('option', { name: 'Pending', exact: true }).click();
  await expect(page.getByTestId('call-row')).toHaveCount(2);
  for (const badge of await page.getByTestId('call-row').locator('[data-status]').all()) {
    await expect(badge).toHaveText(/^Pending/);
  }
});

test('call history filters by outcome and by campaign', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = await signInAsNewUser(page, request);
  await call(request, user, 'Cara Confirms', '0100');
  await call(request, user, 'Carl Cancels', '0105');
  const contact = await apiPost(request, user, '/v1/contacts', {
    name: 'Camille Campaign',
    phone: '+12025550142',
    email: 'camille@example.com',
    company: 'Example Co',
    consent: 'informational',
  });
  const script = await apiPost(request, user, '/v1/scripts', {
    title: 'Spring visit',
    content: 'Hi {{name}}, your visit is on {{date}}. Press 1 to confirm.',
    category: 'Reminder',
  });
  const campaign = await apiPost(request, user, '/v1/campaigns', {
    name: 'Spring visits',
    script_id: script.id,
    contact_ids: [contact.id],
    default_variables: { date: 'Friday' },
    starts_at: new Date(Date.now() + 48 * hour).toISOString(),
  });
  await untilSettled(request, user, ['Cara Confirms', 'Carl Cancels']);

  await page.goto('/call-history');
  await expect(page.getByTestId('call-row')).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Filter by outcome' }).click();
  await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
  await expect(page).toHaveURL(/outcome=cancelled/);
  await expect(page.getByTestId('call-row')).toHaveCount(1);
  await expect(page.getByTestId('call-row')).toContainText('Carl Cancels');

  await page.getByRole('combobox', { name: 'Filter by outcome' }).click();
  await page.getByRole('option', { name: 'All outcomes' }).click();
  await page.getByRole('combobox', { name: 'Filter by campaign' }).click();
  await page.getByRole('option', { name: 'Spring visits' }).click();
  await expect(page).toHaveURL(new RegExp(`campaign=${campaign.id}`));
  await expect(page.getByTestId('call-row')).toHaveCount(1);
  await expect(page.getByTestId('call-row')).toContainText('Camille Campaign');
  await expect(page.getByTestId('call-summary')).toContainText('Total Calls1');

  // Both together: nothing, and the way back.
  await page.getByRole('combobox', { name: 'Filter by outcome' }).click();
  await page.getByRole('option', { name: 'Confirmed', exact: true }).click();
  await expect(page.getByText('No calls found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('call-row')).toHaveCount(3);
});

test('needs attention: work through the list with Mark handled, and undo', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = await signInAsNewUser(page, request);
  await call(request, user, 'Rita Reschedules', '0106');
  await call(request, user, 'Carl Cancels', '0105');
  await call(request, user, 'Fay Fails', '0103');
  await call(request, user, 'Nora Noanswer', '0102');
  await call(request, user, 'Cara Confirms', '0100');
  await untilSettled(request, user, [
    'Rita Reschedules',
    'Carl Cancels',
    'Fay Fails',
    'Nora Noanswer',
    'Cara Confirms',
  ]);

  await page.goto('/call-history');
  const view = page.getByRole('button', { name: /^Needs attention/ });
  await expect(view).toContainText('3');
  await view.click();
  await expect(view).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/view=needs_attention/);
  // A call whose retry is still to come is not in it yet, nor a confirmed one.
  await expect(page.getByTestId('call-row')).toHaveCount(3);
  for (const name of ['Rita Reschedules', 'Carl Cancels', 'Fay Fails']) {
    await expect(row(page, name)).toBeVisible();
  }

  await page.getByRole('button', { name: 'Mark the call to Rita Reschedules handled' }).click();
  await expect(row(page, 'Rita Reschedules')).toHaveCount(0);
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Marked handled' });
  await expect(toast).toContainText('The call to Rita Reschedules left Needs attention.');
  await expect(view).toContainText('2');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(row(page, 'Rita Reschedules')).toBeVisible();
  await expect(view).toContainText('3');

  // With the keyboard: the focus moves on to the next call's Mark handled.
  await page
    .getByRole('button', { name: /^Mark the call to .* handled$/ })
    .first()
    .focus();
  for (let left = 3; left > 0; left--) {
    await expect(page.getByTestId('call-row')).toHaveCount(left);
    await expect(page.locator(':focus')).toHaveAttribute('aria-label', /^Mark the call to .* handled$/);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('call-row')).toHaveCount(left - 1);
  }
  await expect(page.getByText('Nothing to follow up: no call needs attention.')).toBeVisible();
  await expect(page.getByTestId('needs-attention-count')).toHaveCount(0);

  // Still in the history, and no longer needing attention.
  await page.getByRole('button', { name: 'All calls' }).click();
  await expect(page.getByTestId('call-row')).toHaveCount(5);
  await expect(page.getByRole('button', { name: /^Mark the call to/ })).toHaveCount(0);
});
