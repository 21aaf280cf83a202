import type { Browser, Page } from '@playwright/test';
import { createUser, expect, test } from './fixtures.ts';

// "Remember me" (#16 item 14): unticked, the session lives in sessionStorage and ends with the browser; ticked, it
// is kept in localStorage and survives. "The browser closed" is a new context that gets only what a browser keeps
// across a restart: cookies and localStorage (Playwright's storageState), never sessionStorage.

const AUTH_KEY = 'callwise-auth';

async function signIn(page: Page, email: string, password: string, remember: boolean) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const box = page.getByRole('checkbox', { name: 'Remember me' });
  await expect(box).not.toBeChecked();
  if (remember) await box.check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$|\/$/);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
}

const stored = (page: Page) =>
  page.evaluate(
    (key) => ({ local: localStorage.getItem(key), session: sessionStorage.getItem(key) }),
    AUTH_KEY,
  );

/** The same browser after a restart: a new context with only the cookies and localStorage of the old one. */
async function reopened(browser: Browser, page: Page): Promise<Page> {
  const state = await page.context().storageState();
  await page.context().close();
  const context = await browser.newContext({ storageState: state });
  return context.newPage();
}

test('unticked, the session ends with the browser', async ({ page, browser, request }) => {
  const user = await createUser(request);
  await signIn(page, user.email, user.password, false);
  const where = await stored(page);
  expect(where.local).toBeNull();
  expect(where.session).not.toBeNull();
  // A reload of the same tab keeps it.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

  const after = await reopened(browser, page);
  await after.goto('/dashboard');
  await expect(after).toHaveURL(/\/login/);
  await expect(after.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await after.context().close();
});

test('ticked, the session survives the browser, and signing out clears it everywhere', async ({
  page,
  browser,
  request,
}) => {
  const user = await createUser(request);
  await signIn(page, user.email, user.password, true);
  const where = await stored(page);
  expect(where.local).not.toBeNull();
  expect(where.session).toBeNull();

  const after = await reopened(browser, page);
  await after.goto('/dashboard');
  await expect(after.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(after).toHaveURL(/\/dashboard$/);

  await after.getByRole('button', { name: 'Sign Out' }).click();
  await expect(after).toHaveURL(/\/$/);
  expect(await stored(after)).toEqual({ local: null, session: null });
  // The choice is remembered for the next sign-in.
  await after.goto('/login');
  await expect(after.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
  await after.context().close();
});
