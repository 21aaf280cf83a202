import { paths } from '@callwise/shared/routes';
import type { Page } from '@playwright/test';
import { apiPost, createUser, expect, restoreSession, test } from './fixtures.ts';

/** The 404 page logs the path it was asked for (spec), and the browser its 404 status: only those are allowed. */
function allow404Errors(errors: string[]) {
  errors.splice(0, errors.length, ...errors.filter((error) => !/404 Error: |status of 404/.test(error)));
}

// No page may scroll sideways on a 360 px phone: every route of the app (the shared list the router is built
// from), signed out and signed in with some data in each list. Each test measures every page and reports all
// that overflow at once.

const WIDTH = 360;

/** Every route, with a real campaign's id for the one with a parameter; plus the 404 page. */
function routesToVisit(campaignId: string): string[] {
  return [...Object.values(paths).map((path) => path.replace(':id', campaignId)), '/no/such/page'];
}

/** How far past the viewport the page reaches at `path`, once its heading and data are on screen. */
async function overflowAt(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  return page.evaluate(() => document.documentElement.scrollWidth);
}

async function pagesThatOverflow(page: Page, routes: string[]): Promise<Record<string, number>> {
  await page.setViewportSize({ width: WIDTH, height: 740 });
  const overflowing: Record<string, number> = {};
  for (const path of routes) {
    const scrollWidth = await overflowAt(page, path);
    if (scrollWidth > WIDTH) overflowing[path] = scrollWidth;
  }
  return overflowing;
}

test.describe(`no page scrolls sideways at ${WIDTH} px`, () => {
  test.slow();

  test('signed out', async ({ page, consoleErrors }) => {
    const overflowing = await pagesThatOverflow(page, routesToVisit('5f0c7a9e-1b2c-4d3e-8f40-123456789abc'));
    allow404Errors(consoleErrors);
    expect(overflowing).toEqual({});
  });

  test('signed in, with a contact, a script, a call and a campaign', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const user = await createUser(request);
    // Long words, as real data has them: an address or a company name does not wrap.
    const contact = await apiPost(request, user, '/v1/contacts', {
      name: 'Maximiliana Featherstonehaugh-Worthington',
      phone: '+12025550142',
      email: 'maximiliana.featherstonehaugh-worthington@veryverylongcompanydomain.example.com',
      company: 'Featherstonehaugh & Worthington Orthodontics and Dental Surgery',
      tags: ['vip', 'appointment-reminders'],
      consent: 'informational',
    });
    const script = await apiPost(request, user, '/v1/scripts', {
      title: 'Appointment reminder for the orthodontics practice',
      content: 'Hi {{name}}, this is a reminder of your appointment on {{date}}. Press 1 to confirm.',
      category: 'Reminder',
    });
    await apiPost(request, user, '/v1/calls', {
      contact_id: contact.id,
      script_id: script.id,
      variables: { date: 'Friday' },
      scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const campaign = await apiPost(request, user, '/v1/campaigns', {
      name: 'Spring reminders for every patient of the practice',
      script_id: script.id,
      contact_ids: [contact.id],
      default_variables: { date: 'Friday' },
      starts_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    await restoreSession(page, user.session);

    const overflowing = await pagesThatOverflow(page, routesToVisit(campaign.id));
    allow404Errors(consoleErrors);
    expect(overflowing).toEqual({});
  });
});
