import { PAID_PLANS, PLANS } from '@callwise/shared/plans';
import { PUBLIC_PAGE_META } from '@callwise/shared/site';
import {
  allowRepeatedConsoleErrors,
  createUser,
  expect,
  restoreSession,
  seriousViolations,
  test,
} from './fixtures.ts';

test.describe('the landing page', () => {
  test('a visitor gets the sign-up buttons, the sections and the footer of the spec', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/signup');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
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
  test('footer: every entry with a page links to it; Contact Us opens the help form; Blog is plain text', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const [name, path, heading] of [
      ['Features', '/demo', 'Hear Callwise in action'],
      ['Pricing', '/pricing', 'Simple, transparent pricing'],
      ['About', '/about', 'About Callwise'],
      ['API', '/api', 'API Documentation'],
      ['Help Center', '/help', 'How can we help?'],
      ['Status', '/status', 'System Status'],
      ['Privacy', '/privacy', 'Privacy Policy'],
    ] as const) {
      await footer.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await expect(footer.getByText('Blog', { exact: true })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Blog' })).toHaveCount(0);

    // Contact Us: the Help page's contact form, opened; again from the Help page itself.
    await footer.getByRole('link', { name: 'Contact Us', exact: true }).click();
    await expect(page).toHaveURL(/\/help#contact$/);
    const form = page.getByRole('dialog', { name: 'Message support' });
    await expect(form).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await footer.getByRole('link', { name: 'Contact Us', exact: true }).click();
    await expect(form).toBeVisible();
  });

  test('a visitor is offered Sign In beside Start Free Trial on every public page', async ({ page }) => {
    for (const path of ['/', '/pricing', '/about', '/demo']) {
      await page.goto(path);
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Callwise' })).toHaveAttribute('href', '/');
      await expect(header.getByRole('link', { name: 'Pricing' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'About' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Sign In' }), path).toHaveAttribute('href', '/login');
      await expect(header.getByRole('link', { name: 'Sign In' }), path).toBeVisible();
      await expect(header.getByRole('link', { name: 'Start Free Trial' }), path).toHaveAttribute(
        'href',
        '/signup',
      );
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
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

    // Sign In is in the menu (the bar itself keeps Start Free Trial).
    await expect(page.getByRole('banner').getByRole('link', { name: 'Start Free Trial' })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
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
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    await expect(page.getByText('Our mission', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our story' })).toBeVisible();
    // The story fills the width: its three steps side by side, none of the row left empty.
    const story = page.locator('section[aria-labelledby="story-heading"]');
    const steps = story.getByRole('listitem');
    await expect(steps).toHaveCount(3);
    const boxes = await steps.evaluateAll((items) => items.map((item) => item.getBoundingClientRect()));
    const row = (await story.boundingBox())?.width ?? 0;
    expect(new Set(boxes.map((box) => Math.round(box.top))).size, 'one row').toBe(1);
    expect(boxes.reduce((sum, box) => sum + box.width, 0)).toBeGreaterThan(row * 0.9);
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

test.describe('paths that are no page', () => {
  test('answer 404 with the app’s 404 page; every page and deep link answers 200', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expect(page).toHaveTitle('Page Not Found · Callwise');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    // The page logs the path it was asked for (spec), and the browser the 404 status.
    expect(consoleErrors.join('\n')).toContain('/no/such/page');
    consoleErrors.length = 0;

    for (const path of ['/pricing/extra', '/contacts/123', '/settings/nope', '/wp-login.php']) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
    for (const path of [
      '/settings',
      '/settings/billing',
      '/campaigns/new',
      '/campaigns/5f0c7a9e',
      '/contacts?tag=vip',
      '/status',
    ]) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
  });
});

test.describe('status', () => {
  test('says from the server’s own probes that everything is up, and checks again', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/status');
    await expect(page.getByRole('heading', { level: 1, name: 'System Status' })).toBeVisible();
    await expect(page.getByTestId('status-summary')).toHaveText('All systems operational');
    await expect(page.getByTestId('status-api')).toContainText('Operational');
    await expect(page.getByTestId('status-database')).toContainText('Operational');
    await expect(page.getByText(/^Last checked at /)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // A database that does not answer is shown as down.
    await page.route('**/readyz', (route) =>
      route.fulfill({ status: 503, json: { status: 'database unreachable' } }),
    );
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(page.getByTestId('status-database')).toContainText('Down');
    await expect(page.getByTestId('status-summary')).toHaveText(
      'Some systems are not working. We are on it.',
    );
    await expect(page.getByTestId('status-api')).toContainText('Operational');
    allowRepeatedConsoleErrors(consoleErrors, /status of 503/);
  });
});

test.describe('the API documentation', () => {
  test('the Quick start shows its three steps, each numbered', async ({ page }) => {
    await page.goto('/api');
    const quickStart = page.locator('[data-slot="card"]').filter({
      has: page.getByRole('heading', { name: 'Quick start' }),
    });
    await expect(quickStart.getByText('From nothing to a placed call in three steps.')).toBeVisible();
    const steps = quickStart.locator('ol > li');
    await expect(steps).toHaveCount(3);
    // A step shows its number only while it is a list item.
    expect(await steps.evaluateAll((items) => items.map((item) => getComputedStyle(item).display))).toEqual([
      'list-item',
      'list-item',
      'list-item',
    ]);
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

  test('favicon.ico, robots.txt and sitemap.xml are real files, not the app', async ({
    request,
    baseURL,
  }) => {
    const icon = await request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect([...(await icon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);

    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toContain('text/plain');
    const robotsText = await robots.text();
    expect(robotsText).toContain('Disallow: /dashboard');
    expect(robotsText).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const path of ['/', '/pricing', '/about', '/demo', '/help', '/api', '/terms', '/privacy']) {
      expect(locs).toContain(`${baseURL}${path}`);
    }
    // Every page listed is a page.
    for (const loc of locs) {
      const response = await request.get(loc ?? '');
      expect(response.status(), loc).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
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
