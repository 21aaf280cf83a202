import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { allowConsoleErrors, createUser, expect, restoreSession, test } from './fixtures.ts';
import { checkWidths, WIDTHS } from './widths.ts';

// Two-factor sign-in (TOTP): turned on from Settings → Security (the key read off the dialog, the code made here
// with otplib), ten recovery codes shown once; a password sign-in then asks for the code (a wrong one is refused,
// the right one continues where the sign-in was going), a stored session still waiting for its code is sent to
// that step, a recovery code works once; new codes replace the old; turned off, the password alone signs in.
// axe and no sideways scrolling at 1280 and 360 px, with screenshots in SHOTS.

const SHOTS = process.env.MFA_SHOTS_DIR ?? 'test-results/two-factor';
const TOTP_PERIOD_S = 30;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The newest toast with this title, from the app's one toast outlet. */
const toast = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).last();

/** The 30-second TOTP window of now. */
const windowNow = () => Math.floor(Date.now() / 1000 / TOTP_PERIOD_S);

/**
 * A TOTP code made right before it is typed, in a window no earlier code of this test used (the server may refuse
 * a code used again within its window): waits for the next window when needed.
 */
async function freshCode(secret: string, used: Set<number>): Promise<string> {
  while (used.has(windowNow())) {
    const msLeft = (windowNow() + 1) * TOTP_PERIOD_S * 1000 - Date.now();
    await new Promise((resolve) => setTimeout(resolve, msLeft + 250));
  }
  // Not within a second of the window's end, so that it is still good when the server checks it.
  if (TOTP_PERIOD_S * 1000 - (Date.now() % (TOTP_PERIOD_S * 1000)) < 1500) {
    await new Promise((resolve) => setTimeout(resolve, 1600));
  }
  used.add(windowNow());
  return generate({ secret });
}

/** A six-digit code that is not the current one (nor the one before or after). */
async function wrongCode(secret: string): Promise<string> {
  const now = Date.now() / 1000;
  const near = new Set(
    await Promise.all([-1, 0, 1].map((step) => generate({ secret, epoch: now + step * TOTP_PERIOD_S }))),
  );
  let code = '000000';
  for (let n = 0; near.has(code); n += 1) code = String(123456 + n).padStart(6, '0');
  return code;
}

/** A page, or a part of it (`shoot`), at both widths, heading levels included. */
const checkAt = (page: Page, name: string, options: { within?: string; shoot?: string } = {}) =>
  checkWidths(page, name, {
    ...(options.within ? { within: options.within } : {}),
    alsoRules: ['heading-order'],
    settleMs: 200,
    shots: SHOTS,
    shoot: options.shoot ?? 'page',
  });

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signOut(page: Page) {
  await page.getByTestId('sidebar').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
}

const codeStep = (page: Page) => page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' });

test('two-factor sign-in: turned on in Settings, asked at sign-in, recovery codes once each, turned off', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  const user = await createUser(request);
  const usedWindows = new Set<number>();
  await restoreSession(page, user.session);
  await page.setViewportSize(WIDTHS[0]);

  // Off.
  await page.goto('/settings/security');
  const card = page.getByTestId('two-factor-card');
  await expect(card.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expect(card).toContainText('Ask for a code from an authenticator app each time you sign in.');
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await checkAt(page, 'card-off', { shoot: '[data-testid="two-factor-card"]' });

  // Closed before verifying, it stays off, and the focus goes back to the button.
  const setUp = card.getByRole('button', { name: 'Set up authenticator app' });
  await setUp.click();
  const dialog = page.getByRole('dialog', { name: 'Set up authenticator app' });
  const qr = dialog.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(setUp).toBeFocused();
  await expect(card.getByText('Off', { exact: true })).toBeVisible();

  // Step 1: the QR code and the key.
  await page.keyboard.press('Enter');
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(dialog).toContainText("Can't scan it? Enter this key instead:");
  const shownKey = (await dialog.getByTestId('two-factor-secret').textContent()) ?? '';
  expect(shownKey).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  const secret = shownKey.replace(/\s+/g, '');
  await dialog.getByRole('button', { name: 'Copy key' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  const field = dialog.getByLabel('6-digit code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('maxlength', '6');
  await checkAt(page, 'setup-step1');

  // A wrong code is refused; the right one turns it on.
  await field.fill(await wrongCode(secret));
  await dialog.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(
    dialog.getByText("That code didn't work. Check the time on your phone and try again."),
  ).toBeVisible();
  allowConsoleErrors(consoleErrors, /status of 422/);
  await field.fill(await freshCode(secret, usedWindows));
  await dialog.getByRole('button', { name: 'Verify and turn on' }).click();

  // Step 2: ten recovery codes, shown once.
  const codesDialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(codesDialog).toBeVisible();
  await expect(toast(page, 'Two-factor sign-in is on')).toBeVisible();
  await expect(codesDialog).toContainText(
    'Each code signs you in once if you lose your phone. Keep them somewhere safe.',
  );
  const codeItems = codesDialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codeItems).toHaveCount(10);
  const codes = (await codeItems.allTextContents()).map((code) => code.trim());
  for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  expect(new Set(codes).size).toBe(10);
  const download = page.waitForEvent('download');
  await codesDialog.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('callwise-recovery-codes.txt');
  await codesDialog.getByRole('button', { name: 'Copy codes' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
  await checkAt(page, 'setup-step2');
  await codesDialog.getByRole('button', { name: 'Done' }).click();
  await expect(codesDialog).toBeHidden();

  // On.
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Two-factor sign-in' })).toBeFocused();
  await expect(card.getByText('Authenticator app', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Added /)).toBeVisible();
  await expect(card.getByTestId('recovery-codes-left')).toHaveText('Recovery codes: 10 left');
  await checkAt(page, 'card-on', { shoot: '[data-testid="two-factor-card"]' });

  // Signed out, the password alone leads to the code step.
  await page.goto('/dashboard');
  await signOut(page);
  await signInWithPassword(page, user.email, user.password);
  await expect(codeStep(page)).toBeVisible();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  const signInCode = page.getByLabel('6-digit code');
  await expect(signInCode).toBeFocused();
  await expect(signInCode).toHaveAttribute('inputmode', 'numeric');
  await expect(signInCode).toHaveAttribute('autocomplete', 'one-time-code');
  await checkAt(page, 'code-step');

  // A signed-in page opened now (a tab closed at this step) shows the step, never the app.
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?next=%2Fdashboard');
  await expect(codeStep(page)).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);

  await page.getByLabel('6-digit code').fill(await wrongCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText("That code didn't work. Try again.")).toBeVisible();
  allowConsoleErrors(consoleErrors, /status of 422/);
  await expect(page.getByLabel('6-digit code')).toBeFocused();

  await page.getByLabel('6-digit code').fill(await freshCode(secret, usedWindows));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(toast(page, 'Welcome back!')).toBeVisible();
  await expect(page.getByTestId('sidebar').getByText(user.email)).toBeVisible();

  // A recovery code signs in once.
  await signOut(page);
  await signInWithPassword(page, user.email, user.password);
  await expect(codeStep(page)).toBeVisible();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await expect(page.getByText('Enter one of the recovery codes you saved.')).toBeVisible();
  await expect(page.getByLabel('Recovery code')).toBeFocused();
  await checkAt(page, 'code-step-recovery');
  await page.getByLabel('Recovery code').fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Start Free Trial' })).toBeVisible();
  await signInWithPassword(page, user.email, user.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText("That code didn't work. Try again.")).toBeVisible();
  allowConsoleErrors(consoleErrors, /status of 422/);
  // Back to the app's code, then Cancel: signed out, the form again, with the address still filled in and the
  // focus on the password.
  await page.getByRole('button', { name: 'Use your authenticator app' }).click();
  await expect(page.getByLabel('6-digit code')).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();

  // Another recovery code, then new codes replace the old ones.
  await signInWithPassword(page, user.email, user.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[1] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/settings/security');
  await expect(card.getByTestId('recovery-codes-left')).toHaveText('Recovery codes: 8 left');
  const newCodesButton = card.getByRole('button', { name: 'Create new codes' });
  await newCodesButton.click();
  const confirmNew = page.getByRole('alertdialog', { name: 'Create new recovery codes?' });
  await expect(confirmNew).toContainText('Your old codes stop working.');
  await confirmNew.getByRole('button', { name: 'Create new codes' }).click();
  await expect(codesDialog.getByRole('listitem')).toHaveCount(10);
  const newCodes = (await codesDialog.getByRole('listitem').allTextContents()).map((code) => code.trim());
  expect(newCodes).not.toContain(codes[2]);
  await codesDialog.getByRole('button', { name: 'Done' }).click();
  await expect(newCodesButton).toBeFocused();
  await expect(card.getByTestId('recovery-codes-left')).toHaveText('Recovery codes: 10 left');

  // Turned off: the password alone signs in.
  await card.getByRole('button', { name: 'Remove' }).click();
  const confirmOff = page.getByRole('alertdialog', { name: 'Turn off two-factor sign-in?' });
  await expect(confirmOff).toContainText(
    'You will sign in with your password only. Your recovery codes stop working.',
  );
  await confirmOff.getByRole('button', { name: 'Turn off' }).click();
  await expect(toast(page, 'Two-factor sign-in is off')).toBeVisible();
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Set up authenticator app' })).toBeFocused();

  await signOut(page);
  await signInWithPassword(page, user.email, user.password);
  await expect(toast(page, 'Welcome back!')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(codeStep(page)).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page.getByTestId('sidebar').getByText(user.email)).toBeVisible();
});
