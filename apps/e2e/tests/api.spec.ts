import type { Page } from '@playwright/test';
import { createUser, expect, restoreSession, test } from './fixtures.ts';

// Copy buttons write to the clipboard; the tests read it back.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const toast = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).last();
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
/** The code block labelled `label`. */
const codeBlock = (page: Page, label: string) =>
  page.locator('[data-slot=code-block]').filter({ has: page.getByText(label, { exact: true }) });

test.describe('Settings → API Keys', () => {
  test('create a key shown once with a copy button, use it, then revoke it', async ({
    page,
    consoleErrors,
  }) => {
    const user = await createUser(page.request);
    await restoreSession(page, user.session);
    await page.goto('/settings/api-keys');
    const section = page.locator('#api-keys');
    await expect(section.getByRole('heading', { name: 'API Keys' })).toBeVisible();
    await expect(section.getByText('No API keys yet.')).toBeVisible();

    await section.getByRole('button', { name: 'Create API Key' }).click();
    await expect(section.getByText('Give the key a name')).toBeVisible();
    await section.getByLabel('Key name').fill('Booking system');
    await section.getByRole('button', { name: 'Create API Key' }).click();

    const dialog = page.getByRole('dialog', { name: 'Your new API key' });
    await expect(dialog).toBeVisible();
    const key = (await dialog.locator('pre code').textContent()) ?? '';
    expect(key).toMatch(/^cw_live_[A-Za-z0-9]{40}$/);
    await dialog.getByRole('button', { name: 'Copy API key' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied API key' })).toBeVisible();
    await expect(dialog.getByText('Copied!')).toBeVisible();
    expect(await clipboard(page)).toBe(key);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // From now on only the prefix is shown.
    const row = section.getByRole('row').filter({ hasText: 'Booking system' });
    await expect(row).toContainText(`${key.slice(0, 14)}…`);
    await expect(row).toContainText('Never');
    expect(await page.content()).not.toContain(key);
    await page.reload();
    await expect(section.getByRole('row').filter({ hasText: 'Booking system' })).toBeVisible();
    expect(await page.content()).not.toContain(key);

    // The key works with curl-like requests.
    const authorization = { authorization: `Bearer ${key}` };
    const created = await page.request.post('/v1/calls', {
      headers: authorization,
      data: { phone: '+12025550100', script: 'Hi {{name}}, this is a test call.', voice: 'female' },
    });
    expect(created.status()).toBe(201);
    expect((await created.json()).status).toBe('queued');
    expect(created.headers()['ratelimit-limit']).toBe('100');
    await page.reload();
    await expect(section.getByRole('row').filter({ hasText: 'Booking system' })).toContainText('just now');

    await section.getByRole('button', { name: 'Revoke Booking system' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke “Booking system”?' });
    await expect(confirm).toContainText(`${key.slice(0, 14)}… will be refused immediately`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(section.getByRole('row').filter({ hasText: 'Booking system' })).toBeVisible();
    await section.getByRole('button', { name: 'Revoke Booking system' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(toast(page, 'API key revoked')).toBeVisible();
    await expect(section.getByText('No API keys yet.')).toBeVisible();
    expect((await page.request.get('/v1/calls', { headers: authorization })).status()).toBe(401);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('the /api page', () => {
  test('a visitor reads it: a sidebar of four tabs, Authentication points to Settings → API Keys', async ({
    page,
  }) => {
    await page.goto('/api');
    await expect(page.getByRole('heading', { level: 1, name: 'API Documentation' })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'API documentation' });
    await expect(tabs.getByRole('tab')).toHaveText(['Overview', 'Authentication', 'Endpoints', 'Examples']);
    await expect(tabs).toHaveAttribute('aria-orientation', 'vertical');
    await expect(tabs.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(`${new URL(page.url()).origin}/v1`, { exact: true })).toBeVisible();

    await tabs.getByRole('tab', { name: 'Authentication' }).click();
    await expect(page).toHaveURL(/\/api#authentication$/);
    const panel = page.getByRole('tabpanel');
    await expect(panel).toContainText(
      'You find your API key in your account settings under the API Keys section.',
    );
    await expect(panel.getByRole('link', { name: 'API Keys' })).toHaveAttribute('href', '/settings/api-keys');
    await expect(panel).toContainText('GET /v1/api-keys');

    // A link straight to a tab.
    await page.goto('/api#examples');
    await expect(tabs.getByRole('tab', { name: 'Examples' })).toHaveAttribute('aria-selected', 'true');
  });

  test('lists every endpoint an API key can call, from the OpenAPI document', async ({ page, request }) => {
    const document = (await (await request.get('/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, { security?: Array<Record<string, unknown>> }>>;
    };
    const expected = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation.security?.some((scheme) => 'apiKey' in scheme))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(expected.length).toBeGreaterThan(25);
    expect(expected).toContain('POST /v1/calls');

    await page.goto('/api#endpoints');
    const routes = page.getByTestId('endpoint-route');
    await expect(routes).toHaveCount(expected.length);
    expect((await routes.allTextContents()).sort()).toEqual([...expected].sort());
    // Session-only endpoints are not offered to keys.
    await expect(page.getByTestId('endpoint-route').filter({ hasText: '/v1/api-keys' })).toHaveCount(0);

    // An endpoint opens on its parameters, body, answers and an example.
    const create = page
      .getByTestId('endpoint')
      .filter({ has: page.getByText('POST /v1/calls', { exact: true }) });
    await create.getByText('Schedule a call', { exact: true }).click();
    await expect(create.getByText('callback_url', { exact: true })).toBeVisible();
    await expect(create.getByText('Receives status webhooks')).toBeVisible();
    await expect(create.getByText('idempotency-key', { exact: true })).toBeVisible();
    await expect(create.getByText('429', { exact: true })).toBeVisible();
    await expect(create.getByText('"estimated_duration"').first()).toBeVisible();
  });

  test('examples in cURL, JavaScript and Python; copy confirms for two seconds', async ({ page }) => {
    await page.goto('/api#examples');
    const panel = page.getByRole('tabpanel');
    const block = codeBlock(page, 'Place a call now (cURL)');
    await expect(block).toContainText('curl -X POST');
    await expect(block).toContainText('"voice": "female"');

    // How long the confirmation shows is timed in the page itself (a busy test machine delays the test's own
    // steps, not the page's clock).
    await page.evaluate(() => {
      const marks: Array<{ copied: boolean; at: number }> = [];
      Object.assign(window, { copyMarks: marks });
      const look = () => {
        const copied = Array.from(document.querySelectorAll('[role="tabpanel"] button')).some((button) =>
          button.textContent?.includes('Copied!'),
        );
        if (marks.at(-1)?.copied !== copied) marks.push({ copied, at: performance.now() });
      };
      look();
      new MutationObserver(look).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    const copy = panel.getByRole('button', { name: 'Copy Place a call now (cURL)' });
    await copy.click();
    const copied = panel.getByRole('button', { name: 'Copied Place a call now (cURL)' });
    await expect(copied).toBeVisible();
    await expect(copied).toContainText('Copied!');
    expect(await clipboard(page)).toContain('/v1/calls');
    await expect(copy).toBeVisible({ timeout: 10_000 });
    const marks = (await page.evaluate(
      () => (window as unknown as { copyMarks: unknown }).copyMarks,
    )) as Array<{
      copied: boolean;
      at: number;
    }>;
    const shown = marks.findIndex((mark) => mark.copied);
    const hidden = marks.findIndex((mark, index) => index > shown && !mark.copied);
    expect(shown).toBeGreaterThanOrEqual(0);
    expect(hidden).toBeGreaterThan(shown);
    // Confirmed for two seconds, then back to Copy.
    const duration = (marks[hidden]?.at ?? 0) - (marks[shown]?.at ?? 0);
    expect(duration).toBeGreaterThanOrEqual(1900);
    expect(duration).toBeLessThan(4000);

    // The language is a setting for every example (a radio group), not tabs: there is no panel per language.
    const language = page.getByRole('radiogroup', { name: 'Language' });
    await expect(language.getByRole('radio', { name: 'cURL' })).toBeChecked();
    await language.getByRole('radio', { name: 'JavaScript' }).click();
    await expect(panel.getByText('Place a call now (JavaScript)', { exact: true })).toBeVisible();
    await expect(panel).toContainText('await fetch(');
    await language.getByRole('radio', { name: 'Python' }).click();
    await expect(panel).toContainText('requests.post(');

    // Webhooks: the Standard Webhooks scheme the server signs with, and code that checks it.
    const webhooks = panel.locator('#webhooks');
    await expect(webhooks).not.toContainText('X-Callwise-Signature');
    await expect(webhooks).not.toContainText('later release');
    const delivery = codeBlock(page, 'A delivery');
    await expect(delivery).toContainText('webhook-id: ');
    await expect(delivery).toContainText('webhook-timestamp: ');
    await expect(delivery).toContainText('webhook-signature: v1,');
    await expect(delivery).toContainText('"type": "call.status_changed"');
    await expect(delivery).toContainText('"previous_status": "in-progress"');
    await expect(webhooks).toContainText(
      '30 seconds, 2 minutes, 10 minutes, 1 hour, 6 hours, 12 hours and 24 hours',
    );
    await expect(webhooks).toContainText('after 8 attempts the delivery is marked failed');
    await expect(webhooks.getByRole('link', { name: 'Settings → Webhooks' })).toHaveAttribute(
      'href',
      '/settings/webhooks',
    );
    await expect(codeBlock(page, 'Verify a delivery (JavaScript, Node.js)')).toContainText(
      "createHmac('sha256', key)",
    );
    await expect(codeBlock(page, 'Verify a delivery (Python)')).toContainText('def verify_webhook(');
    // The delivery log follows the chosen language (Python here).
    await expect(codeBlock(page, 'See a call’s deliveries (Python)')).toContainText('/webhook-deliveries');
  });

  test('the examples work as printed: the cURL request places a call', async ({ page, request }) => {
    const user = await createUser(request);
    const key = await request.post('/v1/api-keys', {
      headers: { authorization: `Bearer ${user.session.access_token}` },
      data: { name: 'Docs' },
    });
    const { key: apiKey } = (await key.json()) as { key: string };
    await page.goto('/api#examples');
    const code = (await codeBlock(page, 'Place a call now (cURL)').locator('pre code').textContent()) ?? '';
    // Read the request back out of the cURL command and send it.
    const url = /curl -X POST '([^']+)'/.exec(code)?.[1] ?? '';
    const body = /-d '([\s\S]+)'$/.exec(code)?.[1] ?? '';
    const response = await request.post(url, {
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      data: JSON.parse(body),
    });
    expect(response.status()).toBe(201);
    expect(await response.json()).toMatchObject({ status: 'queued', voice: 'aria' });
  });

  test('a signed-in user reads it in the workspace', async ({ signedInPage: page }) => {
    await page.goto('/api');
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'API Documentation' })).toBeVisible();
    await page.getByRole('tab', { name: 'Endpoints' }).click();
    await expect(page.getByTestId('endpoint').first()).toBeVisible();
  });
});
