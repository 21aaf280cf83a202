import { apiPost, expect, signInAsNewUser, test } from './fixtures.ts';

for (const width of [1280, 360]) {
  test(`shots ${width}`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    const user = await signInAsNewUser(page, request);
    const at = new Date(Date.now() + 86_400_000);
    at.setUTCHours(16, 30, 0, 0);
    await apiPost(request, user, '/v1/calls', {
      phone: '+12025550100',
      recipient_name: 'Ana Ruiz',
      message: 'Hi {{first_name}}, your table for four is ready on Friday at 7 PM.',
      scheduled_at: at.toISOString(),
    });
    await apiPost(request, user, '/v1/calls', {
      phone: '+12025550101',
      recipient_name: 'Bo Lind',
      message: 'Your order is ready.',
    });
    await page.waitForTimeout(8000);
    for (const [name, url] of [
      ['dashboard', '/dashboard'],
      ['history', '/call-history'],
      ['attention', '/call-history?view=needs_attention'],
      ['settings-profile', '/settings/profile'],
      ['settings-rules', '/settings/calling-rules'],
      ['login', '/login'],
    ] as const) {
      await page.goto(url);
      await page.waitForTimeout(1200);
      await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: true });
    }
    await page.goto('/call-history');
    await page.getByRole('button', { name: 'Edit the call to Ana Ruiz' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `/tmp/shots/edit-${width}.png` });
  });
}
