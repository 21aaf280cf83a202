import type { APIRequestContext, Page } from '@playwright/test';
import { expect, type SignedInUser, seriousViolations, signInAsNewUser, test } from './fixtures.ts';

// Plans and money (decision 012): upgrading from the trial in Settings → Billing, the charge in the billing
// history, the monthly budget, and the cost of a call shown on the schedule form before it is scheduled. Every
// test signs up its own user, so that its plan, calls and charges are its own.

/** What the app says wherever a plan is shown or changed without a payment provider (the local one, as here). */
const SIMULATED = 'Billing is simulated on this installation: no payment is taken.';
/** A promise of a charge: never made while billing is simulated. */
const CHARGE_PROMISE = /will be charged|is charged|card on file/i;

/** The newest toast with this title (and text), from the app's one toast outlet. */
const toast = (page: Page, title: string, text?: string | RegExp) => {
  const item = page.locator('[data-sonner-toast]').filter({ hasText: title });
  return (text === undefined ? item : item.filter({ hasText: text })).last();
};

async function send(
  request: APIRequestContext,
  user: SignedInUser,
  method: 'POST' | 'PATCH',
  path: string,
  data: unknown,
) {
  const response = await request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${user.session.access_token}` },
    data,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

test('upgrading from the trial in Settings charges the plan, lists it in the history and changes the estimate', async ({
  page,
  request,
}) => {
  await signInAsNewUser(page, request);

  // The schedule form says what a call costs before it is scheduled.
  await page.goto('/dashboard?schedule=1');
  const estimate = page.getByTestId('schedule-view').getByTestId('cost-estimate');
  await expect(estimate).toHaveText('Included in your free trial (10 left)');
  await expect(estimate).toHaveAttribute('data-state', 'included');

  await page.goto('/settings/billing');
  const billing = page.locator('#billing');
  const plan = page.getByTestId('billing-plan');
  await expect(plan).toContainText('Free Trial');
  await expect(page.getByTestId('billing-usage')).toContainText('0 of 10 calls used');
  const history = page.locator('#billing-history');
  await expect(history.getByRole('heading', { name: 'No charges yet' })).toBeVisible();
  // No payment provider: the plan card says plainly that no payment is taken, and nothing promises a charge.
  await expect(plan).toContainText(SIMULATED);
  await expect(page.getByText(CHARGE_PROMISE)).toHaveCount(0);
  // Stripe's parts are not there: no portal, no invoices.
  await expect(plan.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Invoices' })).toHaveCount(0);

  // View Billing History takes the focus to the history.
  await plan.getByRole('button', { name: 'View Billing History' }).click();
  await expect(history.getByRole('heading', { name: 'Billing History' })).toBeFocused();

  await plan.getByRole('button', { name: 'Upgrade to Pro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a plan' });
  await expect(dialog.getByRole('radio', { name: /Professional/ })).toBeChecked();
  await expect(dialog.getByTestId('plan-change-summary')).toContainText(
    '$79.00 for a month of Professional, with 500 calls.',
  );
  // No payment provider: the dialog says plainly that nothing is paid, and promises no charge.
  await expect(dialog.getByTestId('plan-change-summary')).toContainText(SIMULATED);
  await expect(dialog.getByText(CHARGE_PROMISE)).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);
  // Starter: smaller, and without API access; the dialog says so before the button.
  await dialog.getByRole('radio', { name: /Starter/ }).check();
  await expect(dialog.getByTestId('plan-change-summary')).toContainText(
    'Your API keys will stop working: Starter does not include API access.',
  );
  await dialog.getByRole('radio', { name: /Professional/ }).check();
  await dialog.getByRole('button', { name: 'Switch to Professional · $79.00' }).click();

  await expect(
    toast(page, 'Plan changed', 'You are now on the Professional plan with 500 calls a month.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(plan).toContainText('Professional');
  await expect(plan).toContainText('$79.00/month');
  await expect(plan).toContainText(/Billing month: .+ – .+/);
  await expect(page.getByTestId('billing-usage')).toContainText('0 of 500 calls used');
  await expect(plan.getByRole('button', { name: 'Change plan' })).toBeVisible();
  // On a paid plan too: simulated, and no card is charged.
  await expect(plan).toContainText(SIMULATED);
  await plan.getByRole('button', { name: 'Change plan' }).click();
  const change = page.getByRole('dialog', { name: 'Change plan' });
  await change.getByRole('radio', { name: /Enterprise/ }).check();
  await expect(change.getByTestId('plan-change-summary')).toContainText(SIMULATED);
  await expect(change.getByText(CHARGE_PROMISE)).toHaveCount(0);
  await change.getByRole('button', { name: 'Cancel' }).click();
  await expect(change).toBeHidden();
  await expect(plan.getByRole('button', { name: 'Change plan' })).toBeFocused();
  await expect(page.getByText(CHARGE_PROMISE)).toHaveCount(0);

  const row = history.getByRole('row').filter({ hasText: 'Professional plan' });
  await expect(row).toContainText('Plan');
  await expect(row).toContainText('$79.00');
  await expect(history.getByRole('row')).toHaveCount(2);

  // The monthly budget for extra calls.
  await billing.getByLabel('Monthly budget for extra calls').fill('12.5');
  await billing.getByRole('button', { name: 'Save budget' }).click();
  await expect(toast(page, 'Budget saved')).toBeVisible();
  await expect(page.getByTestId('billing-usage')).toContainText('$12.50 of $12.50');
  await expect(billing.getByLabel('Monthly budget for extra calls')).toHaveValue('12.50');

  await page.goto('/dashboard?schedule=1');
  await expect(estimate).toHaveText('Included in your plan (500 left this month)');
});

test('past the allowance the schedule form shows the extra call’s price, and the budget stops it', async ({
  page,
  request,
}) => {
  const user = await signInAsNewUser(page, request);
  await send(request, user, 'POST', '/v1/billing/plan', { plan: 'starter' });
  // The plan's 100 calls, used up (each to another number: a person gets at most 2 calls a day).
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
  await send(request, user, 'POST', '/v1/calls/batch', {
    calls: Array.from({ length: 100 }, (_, i) => ({
      phone: `+1202555${String(1000 + i)}`,
      recipient_name: 'Customer',
      message: 'Your order is ready for pickup.',
      scheduled_at: tomorrow,
    })),
  });

  await page.goto('/dashboard?schedule=1');
  const view = page.getByTestId('schedule-view');
  const estimate = view.getByTestId('cost-estimate');
  await expect(estimate).toHaveText(
    '1 extra call: $0.50 (your plan’s 100 calls this month are used). See billing',
  );
  await expect(estimate).toHaveAttribute('data-state', 'extra');

  await view.getByLabel('Recipient name').fill('Maria Lopez');
  await view.getByLabel('Phone number').fill('+1 202 555 0199');
  await view.getByLabel('Custom message').fill('Your order is ready for pickup.');
  await view.getByRole('button', { name: 'Schedule Call' }).click();
  await expect(toast(page, 'Call Scheduled!')).toBeVisible();

  // A budget of $0.50 is now spent: the next extra call is refused before it is tried.
  await send(request, user, 'PATCH', '/v1/billing/budget', { monthly_budget_usd: 0.5 });
  await page.reload();
  await expect(estimate).toHaveAttribute('data-state', 'refused');
  await expect(estimate).toContainText('Your $0.50 monthly budget for extra calls is used up');
  await estimate.getByRole('link', { name: 'Billing settings' }).click();
  await expect(page).toHaveURL(/\/settings\/billing$/);

  const history = page.locator('#billing-history');
  const extra = history.getByRole('row').filter({ hasText: 'Extra call to Maria Lopez' });
  await expect(extra).toContainText('$0.50');
  await expect(page.getByTestId('billing-usage')).toContainText('1 · $0.50');
  await expect(page.getByTestId('billing-usage')).toContainText('$0.00 of $0.50');
});

test('a signed-in user upgrades on /pricing, where the dashboard, the trial-used-up notice and the API’s upgrade_url lead', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const user = await signInAsNewUser(page, request);
  // The trial's 10 calls, used up; the 11th is refused by the API with the address to upgrade at.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
  const call = (i: number) => ({
    phone: `+1202555${String(2000 + i)}`,
    recipient_name: 'Customer',
    message: 'Your order is ready for pickup.',
    scheduled_at: tomorrow,
  });
  await send(request, user, 'POST', '/v1/calls/batch', {
    calls: Array.from({ length: 10 }, (_, i) => call(i)),
  });
  const refused = await request.post('/v1/calls', {
    headers: { authorization: `Bearer ${user.session.access_token}` },
    data: call(10),
  });
  expect(refused.status()).toBe(402);
  const { error } = await refused.json();
  expect(error.code).toBe('call_limit_reached');
  expect(error.details.upgrade_url).toBe(`${baseURL}/pricing`);

  const pricingShowsTheTrial = async () => {
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByTestId('pricing-current-plan')).toContainText(
      'You are on the Free Trial plan: 10 of 10 calls used.',
    );
    await expect(page.getByRole('region', { name: 'Free Trial' }).getByText('Current plan')).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
  };

  // The dashboard's Upgrade to Pro Plan.
  await page.goto('/dashboard');
  await page.getByTestId('usage-card').getByRole('link', { name: 'Upgrade to Pro Plan' }).click();
  await pricingShowsTheTrial();

  // The notice on the schedule form when the trial is used up.
  await page.goto('/dashboard?schedule=1');
  await expect(page.getByRole('alert').filter({ hasText: 'You have used all 10 calls' })).toBeVisible();
  await page.getByRole('link', { name: 'Upgrade to keep calling' }).click();
  await pricingShowsTheTrial();

  // The API's upgrade_url: the same page, where the plan changes with the dialog of Settings → Billing.
  await page.goto(error.details.upgrade_url);
  await pricingShowsTheTrial();
  for (const id of ['starter', 'professional', 'enterprise']) {
    await expect(page.getByTestId(`plan-${id}`).getByRole('button', { name: 'Change plan' })).toBeVisible();
  }
  const change = page.getByTestId('plan-starter').getByRole('button', { name: 'Change plan' });
  await change.click();
  const dialog = page.getByRole('dialog', { name: 'Choose a plan' });
  await expect(dialog.getByRole('radio', { name: /Starter/ })).toBeChecked();
  await dialog.getByRole('radio', { name: /Professional/ }).check();
  await dialog.getByRole('button', { name: 'Switch to Professional · $79.00' }).click();
  await expect(
    toast(page, 'Plan changed', 'You are now on the Professional plan with 500 calls a month.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  const professional = page.getByTestId('plan-professional');
  await expect(professional.getByText('Current plan')).toHaveCount(2);
  await expect(professional.getByRole('button', { name: 'Current plan' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(page.getByTestId('plan-starter').getByRole('button', { name: 'Change plan' })).toBeVisible();
  await expect(page.getByTestId('pricing-current-plan')).toContainText(
    'You are on the Professional plan: 0 of 500 calls used this month.',
  );
  // The focus is back on the button that opened the dialog.
  await expect(change).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  // Settings → Billing agrees, and the call the trial refused now goes through.
  await page.getByRole('link', { name: 'Billing settings' }).click();
  await expect(page.getByTestId('billing-plan')).toContainText('Professional');
  await send(request, user, 'POST', '/v1/calls', call(10));
});
