import { expect, seriousViolations, test } from './fixtures';

/** Settings → Calling rules lists the state rules on promotional calls (decision 028), readable on a phone. */
test('shows the state rules with their hours, limits and laws, on a 360 px screen', async ({
  signedInPage: page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/settings/calling-rules');
  const section = page.getByRole('region', { name: 'State rules for promotional calls' });
  await expect(section).toBeVisible();
  await expect(section.getByText(/They apply to promotional calls only/)).toBeVisible();
  const rules = section.getByRole('list', { name: 'State rules' }).getByRole('listitem');
  await expect(rules).toHaveCount(2);
  await expect(rules.nth(0)).toContainText('Florida (FL)');
  await expect(rules.nth(0)).toContainText('8 AM–8 PM in the recipient’s time');
  await expect(rules.nth(0)).toContainText('at most 3 per person in 24 hours on the same subject');
  await expect(rules.nth(0).getByRole('link', { name: /Fla\. Stat\. § 501\.616\(6\)/ })).toHaveAttribute(
    'href',
    /^https:\/\//,
  );
  await expect(rules.nth(1)).toContainText('Oklahoma (OK)');
  await expect(rules.nth(1).getByRole('link', { name: /Okla\. Stat\. tit\. 15, § 775C\.4/ })).toBeVisible();

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await seriousViolations(page, { within: '[data-testid="state-rules"]' })).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
