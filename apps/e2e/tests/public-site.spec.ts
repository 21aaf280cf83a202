import { PAID_PLANS, PLANS } from '@callwise/shared/plans';
import { PUBLIC_PAGE_META } from '@callwise/shared/site';
import { createUser, expect, restoreSession, test } from './fixtures.ts';

test.describe('the landing page', () => {
  test('a visitor gets the sign-up buttons, the sections and the footer of the spec', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);

    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Start Your Free Trial', exact: true })).toHaveAttribute(
      'href',
      '/signup',
    );
    await expect(main.getByRole('link', { name: 'Watch Demo' })).toHaveAttribute('href', '/demo');
    await expect(main.getByRole('button', { name: 'Try Calling' })).toBeVisible();
    await expect(
      main.locator('section[aria-labelledby="features-heading"]').getByRole('heading', { level: 3 }),
    ).toHaveCount(6);
    await expect(
      main.locator('section[aria-labelledby="industries-heading"]').getByRole('heading', { level: 3 }),
    ).toHaveCount(4);
    await expect(
      main.getByRole('link', { name: 'Start Your Free Trial - 10 Calls Included' }),
    ).toHaveAttribute('href', '/signup');
  });

  test('a signed-in user sees "Loading..." while the session resolves, then Dashboard and Sign Out', async ({
    page,
    request,
  }) => {
    // Its own user: signing out ends every session of the user, and the worker's account is shared.
    const user = await createUser(request);
    await restoreSession(page, user.session);
    // Hold the auth client's code back, so that the state in between can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('GoTrueClient')) await held;
      await route.fulfill({ response, body });
    });
    await page.goto('/');
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Free Trial' })).toHaveCount(0);
    release();

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(header.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Start Free Trial' })).toHaveCount(0);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Go to Dashboard' })).toHaveCount(2);
    await expect(main.getByRole('link', { name: /Start Your Free Trial/ })).toHaveCount(0);

    await header.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByText('You have been successfully signed out.')).toBeVisible();
    await expect(header.getByRole('link', { name: 'Start Free Trial' })).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Start Your Free Trial', exact: true }),
    ).toBeVisible();
  });

  test('the incoming call closes by itself after 5 seconds', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('button', { name: 'Try Calling' }).click();
    const call = page.getByRole('dialog', { name: 'Incoming Call' });
    await expect(call).toBeVisible();
    await expect(call.getByText('Live', { exact: true })).toBeVisible();
    await expect(call.getByText('AI Assistant')).toBeVisible();
    await expect(call).toHaveAccessibleDescription('Calling to demonstrate our service');

    await page.clock.runFor(4_000);
    await expect(call).toBeVisible();
    await page.clock.runFor(1_100);
    await expect(call).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });

  test('declining closes the call; accepting opens the demo', async ({ page }) => {
    await page.goto('/');
    const tryCalling = page.getByRole('button', { name: 'Try Calling' });
    await tryCalling.click();
    const call = page.getByRole('dialog', { name: 'Incoming Call' });
    await call.getByRole('button', { name: 'Decline call' }).click();
    await expect(call).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await expect(tryCalling).toBeFocused();

    // By keyboard this time.
    await tryCalling.press('Enter');
    await expect(call).toBeVisible();
    await call.getByRole('button', { name: 'Accept call' }).click();
    await expect(page).toHaveURL(/\/demo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hear Callwise in action' })).toBeVisible();
    await expect(call).toBeHidden();
  });

  test('Escape closes the call', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Try Calling' }).click();
    await expect(page.getByRole('dialog', { name: 'Incoming Call' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Incoming Call' })).toBeHidden();
  });
});

test.describe('the public header and footer', () => {
  test('footer: Features, Pricing and About navigate; the rest is plain text', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const [name, path, heading] of [
      ['Features', '/demo', 'Hear Callwise in action'],
      ['Pricing', '/pricing', 'Simple, transparent pricing'],
      ['About', '/about', 'About Callwise'],
    ] as const) {
      await footer.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    for (const text of ['API', 'Help Center', 'Contact Us', 'Status', 'Blog', 'Privacy']) {
      await expect(footer.getByText(text, { exact: true })).toBeVisible();
      await expect(footer.getByRole('link', { name: text, exact: true })).toHaveCount(0);
    }
  });

  test('on the demo page a visitor is offered Sign In', async ({ page }) => {
    await page.goto('/demo');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Callwise' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Pricing' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'About' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  test('on a phone the links fold into a menu that works with the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/about');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(menu).toBeHidden();
  });
});

test.describe('pricing', () => {
  test('shows the plans and the trial the server enforces, Professional marked popular', async ({ page }) => {
    await page.goto('/pricing');
    for (const plan of PAID_PLANS) {
      const card = page.getByTestId(`plan-${plan.id}`);
      await expect(card.getByRole('heading', { name: plan.name })).toBeVisible();
      await expect(card.getByText(`$${plan.price}`, { exact: true })).toBeVisible();
      for (const feature of plan.features)
        await expect(card.getByText(feature, { exact: true })).toBeVisible();
      await expect(card.getByText('Most Popular')).toHaveCount(plan.popular ? 1 : 0);
      await expect(card.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
    }
    expect(PLANS.professional.popular).toBe(true);
    const trial = page.getByRole('region', { name: PLANS.trial.name });
    await expect(trial.getByText('$0', { exact: true })).toBeVisible();
    await expect(trial.getByText('No credit card required', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();

    await page.getByTestId('plan-professional').getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test.describe('about', () => {
  test('mission, story, values and the two buttons', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByText('Our mission', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our story' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What we value' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Free Trial' }).last()).toHaveAttribute(
      'href',
      '/signup',
    );
    await expect(page.getByRole('main').getByRole('link', { name: 'Watch Demo' })).toHaveAttribute(
      'href',
      '/demo',
    );
  });
});

test.describe('legal pages', () => {
  test('terms: 11 sections, last updated January 2024, with the product’s rules', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByText('Last updated January 2024')).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(11);
    await expect(page.getByRole('heading', { name: '1. Acceptance of Terms' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '11. Contact Information' })).toBeVisible();
    const text = await page.getByRole('main').innerText();
    for (const fact of ['at least 13 years old', 'do-not-call', 'consent', 'at least 30 days', '90 days']) {
      expect(text).toContain(fact);
    }
  });

  test('privacy: 12 sections, the data we keep and the cookies really set', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByText('Last updated January 2024')).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(12);
    await expect(page.getByRole('heading', { name: '9. Children’s Privacy' })).toBeVisible();
    const text = await page.getByRole('main').innerText();
    for (const fact of [
      'sidebar_state',
      'callwise-auth',
      'kept for 90 days',
      'under 13',
      'at least 30 days',
    ]) {
      expect(text).toContain(fact);
    }
  });
});

test.describe('titles, descriptions and link previews', () => {
  test('the server sends each public page its own title, description and Open Graph tags', async ({
    request,
    baseURL,
  }) => {
    for (const [path, meta] of Object.entries(PUBLIC_PAGE_META)) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain(`<title>${meta.title} · Callwise</title>`);
      expect(html, path).toContain(`<meta property="og:title" content="${meta.title} · Callwise" />`);
      expect(html, path).toContain(`<meta property="og:url" content="${baseURL}${path}" />`);
      expect(html, path).toContain(`<meta property="og:image" content="${baseURL}/og-image.png" />`);
      expect(html, path).toMatch(/<meta\s+name="description"\s+content="[^"]{50,}"/);
      expect(html, path).toContain('rel="modulepreload"');
    }
    for (const asset of ['/favicon.svg', '/favicon-32.png', '/apple-touch-icon.png', '/og-image.png']) {
      const response = await request.get(asset);
      expect(response.status(), asset).toBe(200);
    }
  });

  test('moving between pages updates the title and the description', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('AI Voice Calls for Small Businesses · Callwise');
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveTitle('Pricing · Callwise');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      PUBLIC_PAGE_META['/pricing'].description,
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Pricing · Callwise');
  });
});
