import { expect, test } from './fixtures.ts';

const publicRoutes = [
  '/',
  '/pricing',
  '/about',
  '/demo',
  '/help',
  '/api',
  '/login',
  '/signup',
  '/terms',
  '/privacy',
];
const workspaceRoutes = [
  '/dashboard',
  '/contacts',
  '/scripts',
  '/call-history',
  '/settings',
  '/help',
  '/api',
];

test.describe('every route of the product renders', () => {
  for (const route of publicRoutes) {
    test(route, async ({ page, consoleErrors }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(/Callwise/);
      expect(consoleErrors).toEqual([]);
    });
  }

  for (const route of workspaceRoutes) {
    test(`${route} (signed in)`, async ({ signedInPage: page, consoleErrors }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('sidebar')).toBeVisible();
      await expect(page).toHaveTitle(/Callwise/);
      expect(consoleErrors).toEqual([]);
    });
  }

  test('workspace routes send a visitor to sign in, with the way back', async ({ page }) => {
    // Help and the API documentation are for visitors too (with the public header): see help.spec.ts, api.spec.ts.
    for (const route of workspaceRoutes.filter((path) => path !== '/help' && path !== '/api')) {
      await page.goto(route);
      await expect(page).toHaveURL(`/login?next=${encodeURIComponent(route)}`);
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    }
  });

  test('public pages have the public header and footer', async ({ page }) => {
    await page.goto('/pricing');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    await expect(header.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Features' })).toHaveAttribute('href', '/demo');
    await expect(footer.getByText('Help Center')).toBeVisible();
  });

  test('the sidebar navigates the workspace', async ({ signedInPage: page, account }) => {
    await page.goto('/dashboard');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByText('Main Menu')).toBeVisible();
    await expect(sidebar.getByText('Support')).toBeVisible();
    await expect(sidebar.getByText(/Trial: \d+\/10 calls remaining/)).toBeVisible();
    await expect(sidebar.getByText(account.email)).toBeVisible();
    await sidebar.getByRole('link', { name: 'Contacts' }).click();
    await expect(page).toHaveURL(/\/contacts$/);
    await expect(sidebar.getByRole('link', { name: 'Contacts' })).toHaveAttribute('aria-current', 'page');
    await sidebar.getByRole('link', { name: 'Call History' }).click();
    await expect(page).toHaveURL(/\/call-history$/);
  });
});

test.describe('the 404 page', () => {
  test('shows the message, logs the path and links home', async ({ page, consoleErrors }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    expect(consoleErrors.join('\n')).toContain('/no/such/page');
    consoleErrors.length = 0;
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('unknown API paths answer JSON, not the page', async ({ request }) => {
    const response = await request.get('/v1/no-such-thing');
    expect(response.status()).toBe(404);
    expect((await response.json()).error.code).toBe('not_found');
  });
});

test.describe('the sidebar', () => {
  test('ctrl+B collapses it, the choice survives a reload, and ctrl+B expands it again', async ({
    signedInPage: page,
    context,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    const expandedWidth = (await sidebar.boundingBox())?.width ?? 0;
    expect(Math.round(expandedWidth)).toBe(256);

    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(async () => Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(48);
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(7 * 24 * 3600 - 120);

    await page.reload();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');

    await page.keyboard.press('Control+b');
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');
    await page.reload();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');
  });

  test('is a drawer on a 375 px screen', async ({ signedInPage: page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/dashboard');
    await expect(page.getByRole('link', { name: 'Scripts' })).toBeHidden();
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    const width = Math.round((await drawer.boundingBox())?.width ?? 0);
    expect(width).toBe(288);
    await drawer.getByRole('link', { name: 'Scripts' }).click();
    await expect(page).toHaveURL(/\/scripts$/);
    await expect(page.getByRole('dialog')).toBeHidden();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
  });
});
