import { apiPost, createUser, expect, restoreSession, type SignedInUser, test } from './fixtures.ts';

// What the lists say about how much they show: the Contacts heading counts what the filters let through, and
// "Showing 1 contact" (never "1 contacts") is announced under every list.

test.describe('list counts', () => {
  let user: SignedInUser;

  test.beforeAll(async ({ playwright }, workerInfo) => {
    const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
    user = await createUser(request);
    for (const [name, phone, tags] of [
      ['Ana Silva', '+12125550111', ['vip']],
      ['Ben Carter', '+13125550122', ['vip', 'weekly']],
      ['Carla Gomez', '+16175550133', ['weekly']],
    ] as const) {
      await apiPost(request, user, '/v1/contacts', {
        name,
        phone,
        email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
        company: 'Example Co',
        tags: [...tags],
      });
    }
    await apiPost(request, user, '/v1/scripts', { title: 'Reminder', content: 'Hi {{name}}, see you soon.' });
    await apiPost(request, user, '/v1/do-not-call', { phone: '+12025550177' });
    await apiPost(request, user, '/v1/billing/plan', { plan: 'starter' });
    await request.dispose();
  });

  test('the Contacts heading counts the contacts the filters show, of all of them', async ({ page }) => {
    await restoreSession(page, user.session);
    await page.goto('/contacts');
    const count = page.getByTestId('contacts-count');
    await expect(count).toHaveText('3 contacts');

    await page.goto('/contacts?tag=vip');
    await expect(page.getByTestId('contact-card')).toHaveCount(2);
    await expect(count).toHaveText('2 of 3 contacts');

    const search = page.getByRole('searchbox', { name: 'Search contacts' });
    await search.fill('carter');
    await expect(page.getByTestId('contact-card')).toHaveCount(1);
    await expect(count).toHaveText('1 of 3 contacts');
    // One shown: "1 contact", announced.
    await expect(page.getByText('Showing 1 contact, all loaded', { exact: true })).toBeAttached();

    await search.fill('');
    await page.goto('/contacts');
    await expect(count).toHaveText('3 contacts');
    await expect(page.getByText('Showing 3 contacts, all loaded', { exact: true })).toBeAttached();
  });

  test('one script, one number, one charge: each list says "1 script", "1 number", "1 charge"', async ({
    page,
  }) => {
    await restoreSession(page, user.session);
    await page.goto('/scripts');
    await expect(page.getByText('Showing 1 script, all loaded', { exact: true })).toBeAttached();
    await page.goto('/settings/do-not-call');
    await expect(page.getByText('Showing 1 number, all loaded', { exact: true })).toBeAttached();
    await page.goto('/settings/billing');
    await expect(page.getByText('Showing 1 charge, all loaded', { exact: true })).toBeAttached();
  });
});
