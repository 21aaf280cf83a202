import { expect, test } from './fixtures.ts';
import { eachApiTab, problems, settled, widerThanScreen } from './workspace-a11y.ts';

// The API documentation as a visitor sees it on a phone: the workspace walk (workspace-a11y.spec.ts) checks it
// signed in.

test('the API documentation for a visitor on a 360 px phone: every tab fits, no serious axe problem', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/api');
  await expect(page.getByRole('heading', { level: 1, name: 'API Documentation' })).toBeVisible();
  // All four tabs on screen, none cut off.
  for (const tab of await page.getByRole('tab').all()) {
    const box = await tab.boundingBox();
    expect
      .soft(box && box.x >= 0 && box.x + box.width <= 360, `${await tab.textContent()} is on screen`)
      .toBe(true);
  }
  await eachApiTab(page, async (state) => {
    await settled(page);
    expect.soft(await problems(page), state).toEqual([]);
    expect.soft(await widerThanScreen(page), `${state}: wider than the screen`).toEqual([]);
  });
});
