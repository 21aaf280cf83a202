import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, seriousViolations } from './fixtures.ts';

/** The two widths every page is looked at: a laptop and the narrowest phone we support. */
export const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 360, height: 800 },
] as const;

/** Whether anything on the page is wider than the screen (it would scroll sideways). */
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

export interface CheckWidthsOptions {
  /** axe looks only inside this part of the page (a CSS selector); the whole page otherwise. */
  within?: string;
  /** More axe rules that fail whatever their impact (e.g. heading-order). */
  alsoRules?: string[];
  /** A moment for dialogs, toasts and the layout to settle after the resize (ms; 150 unless told). */
  settleMs?: number;
  /** Where the screenshots go (`<shots>/<name>-<width>.png`); none: no screenshots. */
  shots?: string;
  /** The screenshot: `page` (the viewport), `full` (the whole page), `dialog` (the open dialog, top and end as
   * it scrolls inside: `-end.png`) or a CSS selector (that part, scrolled into view). `page` unless told. */
  shoot?: 'page' | 'full' | 'dialog' | (string & {});
}

/**
 * At 1280 and 360 px: no serious or critical axe problem, nothing wider than the screen, and a screenshot to look
 * at; then back to 1280 px. The one check of the browser tests' pages and dialogs.
 */
export async function checkWidths(page: Page, name: string, options: CheckWidthsOptions = {}) {
  if (options.shots) mkdirSync(options.shots, { recursive: true });
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.waitForTimeout(options.settleMs ?? 150);
    const problems = await seriousViolations(page, {
      ...(options.within ? { within: options.within } : {}),
      ...(options.alsoRules ? { alsoRules: options.alsoRules } : {}),
    });
    expect(problems, `${name} at ${size.width}px`).toEqual([]);
    expect(await scrollsSideways(page), `${name} is wider than ${size.width}px`).toBe(false);
    if (options.shots)
      await screenshot(page, `${options.shots}/${name}-${size.width}`, options.shoot ?? 'page');
  }
  await page.setViewportSize(WIDTHS[0]);
}

async function screenshot(page: Page, path: string, shoot: string) {
  if (shoot === 'page' || shoot === 'full') {
    await page.screenshot({ path: `${path}.png`, fullPage: shoot === 'full' });
    return;
  }
  if (shoot === 'dialog') {
    const dialog = page.getByRole('dialog');
    await page.screenshot({ path: `${path}.png` });
    await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await page.screenshot({ path: `${path}-end.png` });
    await dialog.evaluate((element) => element.scrollTo(0, 0));
    return;
  }
  const target = page.locator(shoot);
  await target.scrollIntoViewIfNeeded();
  await target.screenshot({ path: `${path}.png` });
}
