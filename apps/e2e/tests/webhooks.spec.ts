import type { Page } from '@playwright/test';
import {
  allowConsoleErrors,
  createUser,
  expect,
  restoreSession,
  type SignedInUser,
  test,
} from './fixtures.ts';

// Settings → Webhooks (the signing secret: masked, revealed, copied, rotated) and a call's delivery log in its
// details. The e2e server refuses private addresses (no WEBHOOK_ALLOW_PRIVATE), so the call's callback_url is a
// public-looking name under .invalid, which never resolves: the delivery is tried and waits for its retry.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const toast = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).last();

async function secretOf(page: Page, user: SignedInUser): Promise<string> {
  const response = await page.request.get('/v1/webhooks/secret', {
    headers: { authorization: `Bearer ${user.session.access_token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { secret: string }).secret;
}

test.describe('Settings → Webhooks', () => {
  test('the appointment events URL: a refused address is named on its field; a saved one stays; emptied, none', async ({
    page,
    consoleErrors,
  }) => {
    const user = await createUser(page.request);
    await restoreSession(page, user.session);
    await page.goto('/settings/webhooks');
    const field = page.getByRole('textbox', { name: 'Webhook URL' });
    await expect(field).toHaveValue('');
    const save = page.getByRole('button', { name: 'Save Webhook URL' });
    await expect(save).toBeDisabled();

    await field.fill('https://192.168.1.20/hooks');
    await save.click();
    await expect(
      page.getByText('The URL must be a public address: 192.168.1.20 is a private network address.'),
    ).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    // The refusal itself is the browser's logged 400.
    allowConsoleErrors(consoleErrors, /status of 400/);

    await field.fill('https://hooks.example.com/callwise');
    await save.click();
    await expect(toast(page, 'Webhook URL saved')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue(
      'https://hooks.example.com/callwise',
    );

    await page.getByRole('textbox', { name: 'Webhook URL' }).fill('');
    await page.getByRole('button', { name: 'Save Webhook URL' }).click();
    await expect(toast(page, 'Webhook URL removed')).toBeVisible();
    const stored = await page.request.get('/v1/webhooks/endpoint', {
      headers: { authorization: `Bearer ${user.session.access_token}` },
    });
    expect(((await stored.json()) as { url: string | null }).url).toBeNull();
  });

  test('the signing secret is masked, revealed, copied and rotated after a confirmation', async ({
    page,
  }) => {
    const user = await createUser(page.request);
    await restoreSession(page, user.session);
    await page.goto('/settings/webhooks');
    const section = page.locator('#webhooks');
    await expect(section.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();

    const secret = await secretOf(page, user);
    const shown = section.getByTestId('webhook-secret');
    await expect(shown).toContainText('whsec_••••');
    await expect(shown).not.toContainText(secret);
    expect(await page.content()).not.toContain(secret.slice(6));

    const reveal = section.getByRole('button', { name: 'Reveal' });
    await expect(reveal).toHaveAttribute('aria-pressed', 'false');
    await reveal.click();
    await expect(shown).toHaveText(secret);
    await expect(section.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-pressed', 'true');

    await section.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(section.getByText('Copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    await section.getByRole('button', { name: 'Hide' }).click();
    await expect(shown).not.toContainText(secret);

    // Rotating asks first; keeping the secret changes nothing.
    await section.getByRole('button', { name: 'Rotate Secret' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Rotate the signing secret?' });
    await expect(section.getByTestId('webhook-rotation-note')).toHaveText(
      'The previous secret keeps working for 24 hours after a rotation: deliveries carry a signature made with each.',
    );
    await expect(dialog).toContainText('For 24 hours the current secret signs them as well');
    await dialog.getByRole('button', { name: 'Keep Current Secret' }).click();
    await expect(dialog).toBeHidden();
    expect(await secretOf(page, user)).toBe(secret);

    await section.getByRole('button', { name: 'Rotate Secret' }).click();
    await dialog.getByRole('button', { name: 'Rotate Secret' }).click();
    await expect(toast(page, 'Webhook secret rotated')).toBeVisible();
    const rotated = await secretOf(page, user);
    expect(rotated).not.toBe(secret);
    expect(rotated).toMatch(/^whsec_/);
    // The new secret is shown at once, to be copied to the receivers.
    await expect(shown).toHaveText(rotated);

    // The verification snippet is there to copy.
    await expect(
      section.locator('[data-slot=code-block]').filter({ hasText: 'verifyWebhook' }),
    ).toBeVisible();
  });

  test('fits a 360 px wide screen', async ({ page }) => {
    const user = await createUser(page.request);
    await restoreSession(page, user.session);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/settings/webhooks');
    const section = page.locator('#webhooks');
    await section.getByRole('button', { name: 'Reveal' }).click();
    await expect(section.getByTestId('webhook-secret')).toContainText('whsec_');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('Call history → a call’s webhook deliveries', () => {
  test('lists each status change sent to the callback_url with its state, attempts and error', async ({
    page,
  }) => {
    const user = await createUser(page.request);
    await restoreSession(page, user.session);
    const response = await page.request.post('/v1/calls', {
      headers: { authorization: `Bearer ${user.session.access_token}` },
      data: {
        phone: '+1 202 555 0100',
        recipient_name: 'Wendy Hook',
        message: 'Hi {{name}}, see you tomorrow.',
        scheduled_at: new Date(Date.now() + 60 * 60_000).toISOString(),
        callback_url: 'https://hooks.callwise.invalid/calls',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { id } = (await response.json()) as { id: string };

    await page.goto('/call-history');
    const row = page.getByTestId('call-row').filter({ hasText: 'Wendy Hook' });
    await row.getByRole('button', { name: 'Details of the call to Wendy Hook' }).click();
    const sheet = page.getByRole('dialog', { name: 'Call to Wendy Hook' });
    const section = sheet.getByRole('region', { name: 'Webhook Deliveries' });
    await expect(section).toContainText('https://hooks.callwise.invalid/calls');
    const delivery = section.getByTestId('webhook-delivery');
    await expect(delivery).toHaveCount(1);
    await expect(delivery).toContainText('Scheduled');
    // Tried at once; the name does not resolve, so it waits for its retry — the log follows it live.
    await expect(delivery).toContainText('1 attempt');
    await expect(delivery).toContainText('Pending');
    await expect(delivery).toContainText('the host name could not be resolved');
    await expect(delivery).toContainText(/next try/);

    // Cancelled meanwhile: that change waits, in order, behind the first one's retry (the log follows live).
    const cancelled = await page.request.post(`/v1/calls/${id}/cancel`, {
      headers: { authorization: `Bearer ${user.session.access_token}` },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await expect(delivery).toHaveCount(2);
    await expect(delivery.first()).toContainText('Canceled');
    await expect(delivery.first()).toContainText('not sent yet · waits for the change before it');
    await expect(delivery.last()).toContainText('Scheduled');
    await expect(delivery.last()).toContainText('1 attempt · next try');

    // A call without a callback_url has no such section.
    await page.request.post('/v1/calls', {
      headers: { authorization: `Bearer ${user.session.access_token}` },
      data: {
        phone: '+1 202 555 0100',
        recipient_name: 'Nora Plain',
        message: 'Hi {{name}}.',
        scheduled_at: new Date(Date.now() + 60 * 60_000).toISOString(),
      },
    });
    await page.keyboard.press('Escape');
    await page.reload();
    const plain = page.getByTestId('call-row').filter({ hasText: 'Nora Plain' });
    await plain.getByRole('button', { name: 'Details of the call to Nora Plain' }).click();
    const other = page.getByRole('dialog', { name: 'Call to Nora Plain' });
    await expect(other.getByRole('heading', { name: 'Recording' })).toBeVisible();
    await expect(other.getByRole('region', { name: 'Webhook Deliveries' })).toHaveCount(0);
  });
});
