import type { Page } from '@playwright/test';
import {
  allowConsoleErrors,
  allowRepeatedConsoleErrors,
  createUser,
  expect,
  latestMail,
  linkIn,
  newUser,
  restoreSession,
  test,
} from './fixtures.ts';

// Auth requests are rate limited per address and kind (30 per 5 minutes on the e2e server). This file signs in
// through the form five times and signs up or follows a link about a dozen times in all; keep it that way.

/** The newest toast with this title (and text), from the app's one toast outlet. */
const toast = (page: Page, title: string, text?: string | RegExp) => {
  const item = page.locator('[data-sonner-toast]').filter({ hasText: title });
  return (text === undefined ? item : item.filter({ hasText: text })).last();
};

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signOutFromSidebar(page: Page) {
  await page.getByTestId('sidebar').getByRole('button', { name: 'Sign Out' }).click();
  await expect(toast(page, 'Signed Out', 'You have been successfully signed out.')).toBeVisible();
  await expect(page).toHaveURL('/');
}

test.describe('sign up, e-mail confirmation, sign out and sign in', () => {
  test('a new account confirms its address by e-mail, then signs out and in again', async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.slow();
    const user = newUser();
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Start Free Trial' });

    await page.getByLabel('First Name').fill(user.firstName);
    await page.getByLabel('Last Name').fill(user.lastName);
    await page.getByLabel('Business Name').fill(user.businessName);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('password');
    // The terms box gates the button.
    await expect(submit).toBeDisabled();
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await expect(submit).toBeEnabled();
    await page.getByRole('checkbox', { name: /I agree to the/ }).uncheck();
    await expect(submit).toBeDisabled();
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();

    // The server's password rules surface as the toast's text.
    await submit.click();
    await expect(toast(page, 'Signup Error', /weak/i)).toBeVisible();
    allowConsoleErrors(consoleErrors, /status of 422/);
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await submit.click();
    await expect(
      toast(page, 'Account Created!', 'Please check your email to verify your account.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByTestId('check-email')).toContainText(user.email);
    const mailbox = page.getByRole('link', { name: /Open the local mailbox/ });
    await expect(mailbox).toHaveAttribute('href', '/_dev/mail');
    await expect(mailbox).toHaveAttribute('target', '_blank');

    // The link in the e-mail signs the new user in on the landing page.
    await page.goto(linkIn(await latestMail(request, user.email, /confirm/i)));
    await expect(page).toHaveURL('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Dashboard' }).first()).toBeVisible();
    await header.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('sidebar').getByText(user.email)).toBeVisible();

    await signOutFromSidebar(page);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Start Free Trial' })).toBeVisible();

    await page.goto('/login');
    await signInThroughForm(page, user.email, 'not-my-password');
    await expect(toast(page, 'Sign In Error', 'Invalid login credentials')).toBeVisible();
    allowConsoleErrors(consoleErrors, /status of 400/);
    await expect(page).toHaveURL('/login');

    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page, 'Welcome back!', 'You have successfully signed in.')).toBeVisible();
    await expect(page).toHaveURL('/');

    // Signed in, the sign-in and sign-up pages lead home.
    await page.goto('/signup');
    await expect(page).toHaveURL('/');
    await page.goto('/login');
    await expect(page).toHaveURL('/');
  });
});

test.describe('forgotten password', () => {
  test('the reset link lets the user choose a new password, which then signs them in', async ({
    page,
    request,
  }) => {
    test.slow();
    const user = await createUser(request);
    const newPassword = `${user.password}-new`;

    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset Password' });
    await expect(dialog).toBeVisible();
    // An empty address does nothing.
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(dialog).toBeVisible();
    await expect(toast(page, 'Password Reset')).toHaveCount(0);

    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(
      toast(page, 'Password Reset Email Sent', 'Please check your email for password reset instructions.'),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('local-mailbox-notice')).toContainText(user.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(dialog.getByLabel('Email')).toHaveValue('');
    await page.keyboard.press('Escape');

    await page.goto(linkIn(await latestMail(request, user.email, /reset/i)));
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    const set = page.getByRole('button', { name: 'Set New Password' });
    await page.getByLabel('New Password').fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await set.click();
    await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByLabel('Confirm Password').fill(`${newPassword}x`);
    await set.click();
    await expect(page.getByText('The passwords do not match.')).toBeVisible();
    await page.getByLabel('Confirm Password').fill(newPassword);
    await set.click();
    await expect(toast(page, 'Password updated')).toBeVisible();
    await expect(page).toHaveURL('/dashboard');

    await signOutFromSidebar(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await signInThroughForm(page, user.email, newPassword);
    await expect(toast(page, 'Welcome back!')).toBeVisible();
    await expect(page).toHaveURL('/');
  });
});

test.describe('the route guard', () => {
  test('a visitor of /settings signs in and comes back to it', async ({ page, request }) => {
    const user = await createUser(request);
    await page.goto('/settings');
    await expect(page).toHaveURL('/login?next=%2Fsettings');
    await signInThroughForm(page, user.email, user.password);
    await expect(toast(page, 'Welcome back!')).toBeVisible();
    await expect(page).toHaveURL('/settings/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    // Signed in, /login follows a return path on this site only.
    await page.goto('/login?next=%2Fcontacts%3Fq%3Dann');
    await expect(page).toHaveURL('/contacts?q=ann');
    for (const foreign of ['https://evil.example/', '//evil.example/', '/\\evil.example']) {
      await page.goto(`/login?next=${encodeURIComponent(foreign)}`);
      await expect(page).toHaveURL('/');
    }
  });

  test('when the session ends on the server, the next API call sends the user to sign in', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const user = await createUser(request);
    const logout = await request.post('/auth/v1/logout?scope=global', {
      headers: { authorization: `Bearer ${user.session.access_token}` },
    });
    expect(logout.status()).toBe(204);

    await restoreSession(page, user.session);
    await page.goto('/settings/profile');
    await expect(toast(page, 'Session Ended')).toBeVisible();
    await expect(page).toHaveURL('/login?next=%2Fsettings%2Fprofile');
    // The page and the sidebar's usage badge may both meet the ended session.
    allowRepeatedConsoleErrors(consoleErrors, /status of 401/);
  });

  test('Sign Out while the dashboard is still loading: its requests finish first, none is refused', async ({
    page,
    request,
  }) => {
    const user = await createUser(request);
    await restoreSession(page, user.session);
    // The appointments card's request is slow to leave, so Sign Out is clicked while it is on its way. It leaves
    // after a second, or as soon as the server has ended the session, whichever comes first: a client that does
    // not wait for it sends it with the ended session.
    let held = 0;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/v1/appointments?*', async (route) => {
      held++;
      setTimeout(release, 1000);
      await released;
      await route.continue();
    });
    await page.route('**/auth/v1/logout*', async (route) => {
      const response = await route.fetch();
      release();
      // The browser hears of the sign-out a moment after the server has done it.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.fulfill({ response });
    });
    const answers: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/v1/')) answers.push(response.status());
    });
    await page.goto('/dashboard');
    await expect.poll(() => held).toBeGreaterThan(0);
    await page.getByTestId('sidebar').getByRole('button', { name: 'Sign Out' }).click();
    await expect(toast(page, 'Signed Out', 'You have been successfully signed out.')).toBeVisible();
    await expect(page).toHaveURL('/');
    // The consoleErrors fixture fails the test on a 401 too; this says which.
    expect(answers.filter((status) => status === 401)).toEqual([]);
    expect(answers.length).toBeGreaterThan(0);
    // The session is over on the server.
    const after = await request.get('/v1/dashboard', {
      headers: { authorization: `Bearer ${user.session.access_token}` },
    });
    expect(after.status()).toBe(401);
  });
});

test.describe('settings', () => {
  test('the profile is saved, cancelled and validated; an address change waits for its link', async ({
    page,
    request,
  }) => {
    const user = await createUser(request);
    await restoreSession(page, user.session);
    await page.goto('/settings');

    const firstName = page.getByLabel('First Name');
    const lastName = page.getByLabel('Last Name');
    const email = page.getByLabel('Email', { exact: true });
    const company = page.getByLabel('Company');
    // Other cards of the page have their own Cancel and Save buttons: the profile's are in its form.
    const profile = page.getByRole('form', { name: 'Profile' });
    const save = profile.getByRole('button', { name: 'Save Changes' });
    await expect(firstName).toHaveValue(user.firstName);
    await expect(lastName).toHaveValue(user.lastName);
    await expect(email).toHaveValue(user.email);
    await expect(company).toHaveValue(user.businessName);
    await expect(save).toBeDisabled();

    await firstName.fill('Janet');
    await company.fill('Bright Smile Family Dental');
    await save.click();
    await expect(toast(page, 'Profile updated', 'Your changes have been saved.')).toBeVisible();
    await expect(save).toBeDisabled();
    await page.reload();
    await expect(firstName).toHaveValue('Janet');
    await expect(company).toHaveValue('Bright Smile Family Dental');

    // Cancel brings back the saved values.
    await lastName.fill('Smith');
    await profile.getByRole('button', { name: 'Cancel' }).click();
    await expect(lastName).toHaveValue(user.lastName);

    await firstName.fill('');
    await email.fill('not-an-address');
    await save.click();
    await expect(page.getByText('Enter your first name.')).toBeVisible();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await profile.getByRole('button', { name: 'Cancel' }).click();

    const newAddress = newUser().email;
    await email.fill(newAddress);
    await save.click();
    await expect(toast(page, 'Profile updated')).toBeVisible();
    await expect(toast(page, 'Confirm your new email', newAddress)).toBeVisible();
    await expect(page.getByText(/Waiting for confirmation of/)).toContainText(newAddress);
    await expect(email).toHaveValue(user.email);
    await latestMail(request, newAddress, /new .* e-mail address/i);
  });

  test('the password changes only with the right current password', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const user = await createUser(request);
    const newPassword = `${user.password}-changed`;
    await restoreSession(page, user.session);
    await page.goto('/settings/security');

    const current = page.getByLabel('Current Password');
    const next = page.getByLabel('New Password');
    const confirm = page.getByLabel('Confirm Password');
    const update = page.getByRole('button', { name: 'Update Password' });
    await expect(current).toBeVisible();

    await update.click();
    await expect(page.getByText('Enter your current password.')).toBeVisible();
    await expect(page.getByText('Choose a new password.')).toBeVisible();
    await next.fill('short');
    await confirm.fill('other');
    await update.click();
    await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
    await expect(page.getByText('The passwords do not match.')).toBeVisible();

    await current.fill('not-my-password');
    await next.fill(newPassword);
    await confirm.fill(newPassword);
    await update.click();
    await expect(toast(page, 'Error updating password', 'Current password is incorrect.')).toBeVisible();
    allowConsoleErrors(consoleErrors, /status of 400/);
    await expect(next).toHaveValue(newPassword);

    await current.fill(user.password);
    await update.click();
    await expect(toast(page, 'Password updated', 'Your other devices have been signed out.')).toBeVisible();
    await expect(current).toHaveValue('');
    await expect(next).toHaveValue('');
    await expect(confirm).toHaveValue('');

    // This session stays signed in; the new password is the one that works.
    await page.goto('/settings/profile');
    await expect(page.getByLabel('First Name')).toHaveValue(user.firstName);
    const signIn = await request.post('/auth/v1/token?grant_type=password', {
      data: { email: user.email, password: newPassword },
    });
    expect(signIn.status()).toBe(200);
  });

  test('a notification switch is saved as soon as it is flipped', async ({ page, request }) => {
    const user = await createUser(request);
    await restoreSession(page, user.session);
    await page.goto('/settings/billing');

    // Billing shows the account's own plan: a new account is on the free trial.
    const billing = page
      .locator('[data-slot="card"]')
      .filter({ has: page.getByRole('heading', { name: 'Billing', exact: true }) });
    await expect(billing.getByText('Free Trial', { exact: true })).toBeVisible();
    await expect(billing.getByText('Current plan')).toBeVisible();
    // …and follows the account: the same page for an account on Professional (billing.spec.ts changes plans).
    await page.route('**/v1/billing', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, plan: 'professional', plan_name: 'Professional' } });
    });
    await page.reload();
    await expect(billing.getByText('Professional', { exact: true })).toBeVisible();
    await expect(billing.getByRole('button', { name: 'Change plan' })).toBeVisible();
    await page.unroute('**/v1/billing');
    await page.goto('/settings/notifications');

    const summaries = page.getByRole('switch', { name: 'Call summaries' });
    await expect(summaries).toBeChecked();
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/v1/me/notifications') && response.request().method() === 'PATCH',
    );
    await summaries.click();
    await expect(summaries).not.toBeChecked();
    expect((await saved).status()).toBe(200);

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Call summaries' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Email notifications' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Failure alerts' })).toBeChecked();

    const me = await request.get('/v1/me', {
      headers: { authorization: `Bearer ${user.session.access_token}` },
    });
    expect((await me.json()).notifications).toEqual({
      email_notifications: true,
      call_summaries: false,
      failure_alerts: true,
      message_alerts: true,
    });
  });
});
