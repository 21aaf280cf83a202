import { expect, seriousViolations, test } from './fixtures.ts';

const PUBLIC_PAGES = ['/', '/pricing', '/about', '/demo', '/help', '/terms', '/privacy', '/login', '/signup'];

test.describe('accessibility (axe): no serious or critical problems', () => {
  // axe reads the whole page: on a busy machine one run can take several seconds.
  test.slow();
  for (const path of PUBLIC_PAGES) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the 404 page', async ({ page, consoleErrors }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    consoleErrors.length = 0;
  });

  test('the incoming call', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Try Calling' }).click();
    await expect(page.getByRole('dialog', { name: 'Incoming Call' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the interactive call', async ({ page }) => {
    await page.goto('/demo');
    await page.getByRole('button', { name: 'Call: Follow-up Call (interactive)' }).click();
    const call = page.getByRole('dialog', { name: 'Follow-up Call' });
    await call.getByPlaceholder('Type your response...').fill('All good, thanks');
    await call.getByPlaceholder('Type your response...').press('Enter');
    await expect(call.locator('[data-speaker="ai"]')).toHaveCount(2);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the contact form, with its errors', async ({ page }) => {
    await page.goto('/help');
    await page.getByRole('button', { name: 'Send a Message' }).click();
    const form = page.getByRole('dialog', { name: 'Message support' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Please enter your name.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the landing page for a phone, with the menu open', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('responsive from 360 px to wide screens', () => {
  for (const width of [360, 768, 1440]) {
    test(`nothing overflows sideways at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, path).toBeLessThanOrEqual(width);
      }
    });
  }
});

test.describe('keyboard', () => {
  test('the skip link, then every control of the landing page is reachable by Tab', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();

    const reached = new Set<string>();
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      reached.add(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
    }
    for (const name of ['Start Your Free Trial', 'Watch Demo', 'Try Calling']) {
      expect(
        [...reached].some((text) => text.includes(name)),
        name,
      ).toBe(true);
    }
  });
});
