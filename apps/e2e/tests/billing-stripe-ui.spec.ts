import type { APIRequestContext, Page, Route } from '@playwright/test';
import { allowRepeatedConsoleErrors, expect, seriousViolations, signInAsNewUser, test } from './fixtures.ts';

// Settings → Billing's states with Stripe that a working Stripe seldom gives: checkout or the portal refused,
// invoices failing then retried, a payment past due. The server's billing answers are changed on their way to the
// page (on the main server, which simulates billing). The real flow, on the server that takes payments through the
// fake Stripe, is billing-stripe.spec.ts; what the server does with Stripe is tested with the server.

const CHECKOUT_URL = 'https://checkout.stripe.test/c/pay/cs_test_1';
const PORTAL_URL = 'https://billing.stripe.test/p/session/test_1';

/** Each of Stripe's pages the browser is sent to: a stand-in page, so that the redirect can be seen. */
async function fakeStripePages(page: Page) {
  await page.route(/^https:\/\/(checkout|billing)\.stripe\.test\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Stripe</title><h1>Stripe</h1>' }),
  );
}

/** The account's real billing summary, with these fields changed (the plan, the provider, the payment status). */
async function billingAs(page: Page, changes: () => Record<string, unknown>) {
  await page.route('**/v1/billing', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), ...changes() } });
  });
}

/** A new user, signed in, whose billing summary has these fields changed; Stripe's pages stood in for. */
async function asStripeUser(page: Page, request: APIRequestContext, changes: () => Record<string, unknown>) {
  await signInAsNewUser(page, request);
  await fakeStripePages(page);
  await billingAs(page, changes);
}

const PROFESSIONAL = {
  plan: 'professional',
  plan_name: 'Professional',
  price_usd: 79,
  calls_included: 500,
  calls_left: 500,
  period_end: new Date(Date.now() + 20 * 86_400_000).toISOString(),
};

const error = (route: Route, status: number, code: string, message: string) =>
  route.fulfill({ status, json: { error: { code, message } } });

const invoice = (number: string, status: string, amount: number) => ({
  id: `in_${number}`,
  number,
  status,
  amount_usd: amount,
  amount_paid_usd: status === 'paid' ? amount : 0,
  description: 'Professional plan',
  created_at: '2026-10-01T12:00:00.000Z',
  invoice_url: `https://invoice.stripe.test/i/${number}`,
  pdf_url: `https://invoice.stripe.test/i/${number}/pdf`,
});

test('from the trial with Stripe, the plan is bought on Stripe’s checkout page', async ({
  page,
  request,
  consoleErrors,
}) => {
  await asStripeUser(page, request, () => ({
    provider: 'stripe',
    payment_status: 'ok',
    manage_billing: false,
  }));
  await page.route('**/v1/billing/invoices', (route) => route.fulfill({ json: { data: [] } }));
  let checkouts = 0;
  await page.route('**/v1/billing/checkout', async (route) => {
    checkouts += 1;
    expect(route.request().postDataJSON()).toEqual({ plan: 'professional' });
    if (checkouts === 1) {
      return error(route, 502, 'payment_provider_error', 'Stripe could not be reached. Try again.');
    }
    await route.fulfill({ json: { url: CHECKOUT_URL } });
  });

  await page.goto('/settings/billing');
  const plan = page.getByTestId('billing-plan');
  await expect(plan).toContainText('Free Trial');
  // Real payments: no word of simulation, and nothing to manage before the first payment.
  await expect(plan).not.toContainText('Billing is simulated');
  await expect(plan.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);
  const invoices = page.getByTestId('billing-invoices');
  await expect(invoices.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  await expect(invoices).toContainText('No invoices yet. Your first one comes with your first payment.');

  await plan.getByRole('button', { name: 'Upgrade to Pro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a plan' });
  await expect(dialog.getByTestId('plan-change-summary')).toContainText('Stripe’s secure checkout page');
  await expect(dialog.getByTestId('plan-change-summary')).not.toContainText('Billing is simulated');
  const pay = dialog.getByRole('button', { name: 'Continue to payment' });
  await pay.click();
  // Stripe refused: the dialog says why, and stays open.
  await expect(dialog.getByRole('alert')).toHaveText('Stripe could not be reached. Try again.');
  allowRepeatedConsoleErrors(consoleErrors, /status of 502/);
  await pay.click();
  await expect(page).toHaveURL(CHECKOUT_URL);
  expect(checkouts).toBe(2);
});

test('on a paid plan with Stripe: the card on file, the portal, the invoices and a failed payment', async ({
  page,
  request,
  consoleErrors,
}) => {
  await asStripeUser(page, request, () => ({
    ...PROFESSIONAL,
    provider: 'stripe',
    payment_status: 'past_due',
    manage_billing: true,
  }));
  let invoiceAnswers = 0;
  await page.route('**/v1/billing/invoices', async (route) => {
    invoiceAnswers += 1;
    // Twice: a 5xx is asked again once before the page says so.
    if (invoiceAnswers <= 2) return error(route, 502, 'payment_provider_error', 'Stripe is not answering.');
    await route.fulfill({
      json: { data: [invoice('CW-0002', 'open', 79), invoice('CW-0001', 'paid', 79)] },
    });
  });
  let portals = 0;
  await page.route('**/v1/billing/portal', async (route) => {
    portals += 1;
    if (portals === 1) return error(route, 502, 'payment_provider_error', 'Stripe could not be reached.');
    await route.fulfill({ json: { url: PORTAL_URL } });
  });

  await page.goto('/settings/billing');
  const billing = page.locator('#billing');
  await expect(billing.getByTestId('billing-past-due')).toContainText(
    'Your last payment did not go through. Calls are held until it is paid.',
  );
  await expect(billing.getByRole('button', { name: 'Update card' })).toBeVisible();

  // The invoices could not be loaded at first: Try again brings them.
  const invoices = page.getByTestId('billing-invoices');
  await expect(invoices.getByRole('alert')).toContainText('Your invoices could not be loaded.');
  await invoices.getByRole('button', { name: 'Try again' }).click();
  const rows = invoices.getByRole('list', { name: 'Invoices' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('CW-0002');
  await expect(rows.first()).toContainText('Open');
  await expect(rows.first()).toContainText('$79.00');
  await expect(rows.nth(1)).toContainText('Paid');
  const view = invoices.getByRole('link', { name: /^View invoice CW-0001/ });
  await expect(view).toHaveAttribute('href', 'https://invoice.stripe.test/i/CW-0001');
  await expect(view).toHaveAttribute('target', '_blank');
  await expect(invoices.getByRole('link', { name: /^PDF of invoice CW-0001/ })).toHaveAttribute(
    'href',
    'https://invoice.stripe.test/i/CW-0001/pdf',
  );

  expect(await seriousViolations(page)).toEqual([]);

  // A paid plan is changed with the card on file, said before the button.
  const plan = page.getByTestId('billing-plan');
  await plan.getByRole('button', { name: 'Change plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change plan' });
  await dialog.getByRole('radio', { name: /Enterprise/ }).check();
  await expect(dialog.getByTestId('plan-change-summary')).toContainText(
    'Your card on file is charged $199.00 today for a month of Enterprise.',
  );
  await expect(dialog.getByRole('button', { name: 'Switch to Enterprise · $199.00' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(plan.getByRole('button', { name: 'Change plan' })).toBeFocused();

  // Manage billing: Stripe's refusal is said under the buttons; the second time the browser goes to the portal.
  await plan.getByRole('button', { name: 'Manage billing' }).click();
  await expect(plan.getByRole('alert')).toHaveText('Stripe could not be reached.');
  await plan.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(PORTAL_URL);
  allowRepeatedConsoleErrors(consoleErrors, /status of 502/);
});

test('back from Stripe’s checkout: the plan changes when Stripe confirms it; a canceled checkout says so', async ({
  page,
  request,
}) => {
  let summaries = 0;
  await asStripeUser(page, request, () => {
    summaries += 1;
    // Stripe's confirmation (its webhook) arrives after a few answers.
    return { provider: 'stripe', payment_status: 'ok', ...(summaries >= 3 ? PROFESSIONAL : {}) };
  });
  await page.route('**/v1/billing/invoices', (route) => route.fulfill({ json: { data: [] } }));

  await page.goto('/settings/billing?checkout=success');
  const notice = page.getByTestId('checkout-return');
  await expect(notice).toHaveText('Payment received. Your plan changes as soon as Stripe confirms it.');
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'You are on the Professional plan.' }),
  ).toBeVisible();
  await expect(notice).toBeHidden();
  await expect(page.getByTestId('billing-plan')).toContainText('Professional');
  await expect(page).toHaveURL(/\/settings\/billing$/);
  expect(summaries).toBeGreaterThanOrEqual(3);

  await page.goto('/settings/billing?checkout=canceled');
  await expect(notice).toHaveText('Checkout was canceled. Nothing was charged.');
  await expect(page).toHaveURL(/\/settings\/billing$/);
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Billing', exact: true })).toBeFocused();
});
