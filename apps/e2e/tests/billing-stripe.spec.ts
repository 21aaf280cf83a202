import { stripeBaseURL, stripeControlURL } from '../playwright.config.ts';
import { expect, seriousViolations, signInAsNewUser, test } from './fixtures.ts';
import { scrollsSideways } from './widths.ts';

// Real payments (decision 036), end to end: the second server of the browser tests takes payments through Stripe —
// a local fake of Stripe's API in its own process (apps/e2e/fake-stripe.ts), which sends its signed webhooks to the
// server. What a person does on Stripe's own pages (pay the checkout, cancel in the portal) goes through the fake's
// control address; everything else is the real app and server.
test.use({ baseURL: stripeBaseURL });

const SIMULATED = 'Billing is simulated on this installation: no payment is taken.';

test('with Stripe: a plan bought through checkout, set by Stripe’s webhook, its invoice, the portal, and the trial again once canceled', async ({
  page,
  request,
}) => {
  // Stripe's hosted pages (checkout, portal) are Stripe's own: the browser is shown a stand-in page there.
  for (const hosted of ['**/c/pay/**', '**/p/session/**']) {
    await page.route(hosted, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Stripe</title><p>Stripe</p>' }),
    );
  }
  const user = await signInAsNewUser(page, request);
  await page.goto('/settings/billing');
  await expect(page.getByText('Free Trial').first()).toBeVisible();
  await expect(page.getByText(SIMULATED)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);

  // From the trial, the plan is paid on Stripe's checkout page.
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: /Professional/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  const sessionId = new URL(page.url()).pathname.split('/').pop() ?? '';

  // Paid there, Stripe sends the browser back; the plan changes when its webhook arrives.
  const paid = await request.post(`${stripeControlURL}/pay/${sessionId}`);
  expect(paid.status(), await paid.text()).toBe(200);
  const { return_url: returnUrl } = (await paid.json()) as { return_url: string };
  expect(returnUrl).toBe(`${stripeBaseURL}/settings/billing?checkout=success`);
  await page.goto(returnUrl);
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'You are on the Professional plan.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(`${stripeBaseURL}/settings/billing`);
  await expect(page.getByText('$79.00/month').first()).toBeVisible();

  // The invoice Stripe made, with its page and PDF; the portal for the card.
  const invoices = page.getByRole('list', { name: 'Invoices' });
  await expect(invoices.getByRole('link', { name: /View invoice CW-\d{4}/ })).toHaveCount(1);
  await expect(invoices.getByText('Paid', { exact: true })).toBeVisible();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page), `axe at ${width} px`).toEqual([]);
    expect(await scrollsSideways(page), `sideways scroll at ${width} px`).toBe(false);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await page.waitForURL(/\/p\/session\/bps_/);

  // Canceled in the portal: back to the trial's state, the card's customer kept.
  const canceled = await request.post(`${stripeControlURL}/cancel/${encodeURIComponent(user.email)}`);
  expect(canceled.status(), await canceled.text()).toBe(200);
  await page.goto('/settings/billing');
  await expect(page.getByText('Free Trial').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage billing' })).toBeVisible();
});
