import type { Browser, Locator, Page } from '@playwright/test';
import { generate } from 'otplib';
import {
  allowConsoleErrors,
  allowRepeatedConsoleErrors,
  expect,
  latestMail,
  newUser,
  signInAsNewUser,
  test,
} from './fixtures.ts';
import { checkWidths, WIDTHS } from './widths.ts';

// Team members, roles and invitations (decision 035): an owner invites a staff member from Settings → Team; the
// invitee opens the e-mailed link in their own browser, joins and sees only what staff may (no Billing, no API
// keys, no exports; a settings page they cannot use says who can); the owner makes them an admin, revokes a second
// invitation and removes them, and their next step lands on the sign-in page. A business that requires two-factor
// sign-in sends a new member to set it up before anything else; a member leaves. axe and no sideways scrolling at
// 1280 and 360 px on the Team page, the invite dialog, the /invite page and the set-up page, with screenshots in
// SHOTS (TEAM_SHOTS_DIR).

const SHOTS = process.env.TEAM_SHOTS_DIR ?? 'test-results/team';
/** The newest toast with this title. */
const toast = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).last();

/** A page (the whole of it shot) or a dialog at both widths, heading levels included. */
const checkAt = (page: Page, name: string, within?: string) =>
  checkWidths(page, name, {
    ...(within ? { within } : {}),
    alsoRules: ['heading-order'],
    // Dialogs and toasts settle.
    settleMs: 400,
    shots: SHOTS,
    shoot: within ? 'page' : 'full',
  });

/** The invitee's own browser: no session of the owner's; its console errors and refused calls noted. */
async function inviteeBrowser(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: WIDTHS[0] });
  const page = await context.newPage();
  const errors: string[] = [];
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(`${response.request().method()} ${response.url()}`);
  });
  return { context, page, errors, refused };
}

/** The link of an invitation e-mail, as a path on this server. */
function invitationPath(text: string): string {
  const link = /https?:\/\/\S+?\/invite\?token=[^\s"<>]+/.exec(text)?.[0];
  if (!link) throw new Error(`No invitation link in: ${text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test('an owner invites staff, who join and see only what staff may; made admin, an invitation revoked, removed', async ({
  page,
  request,
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  const owner = await signInAsNewUser(page, request);
  const business = owner.businessName;
  const staff = { ...newUser(), firstName: 'Sam', lastName: 'Staff' };
  const second = newUser();
  await page.setViewportSize(WIDTHS[0]);

  // Settings → Team: the owner alone, no invitation yet.
  await page.goto('/settings/team');
  await expect(page.getByRole('heading', { level: 2, name: 'Team', exact: true })).toBeVisible();
  const subnav = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(subnav.getByRole('link', { name: 'Team', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const members = page.getByRole('list', { name: 'Members' }).getByRole('listitem');
  await expect(members).toHaveCount(1);
  await expect(members.first()).toContainText(`${owner.firstName} ${owner.lastName}`);
  await expect(members.first()).toContainText('You');
  await expect(members.first()).toContainText('Owner');
  const invitations = page.getByTestId('invitations-card');
  await expect(invitations).toContainText('No pending invitations');
  await expect(
    page.getByRole('switch', { name: 'Require two-factor sign-in for every member' }),
  ).not.toBeChecked();

  // Invite member: e-mail and role (an owner may pick Owner; Staff by default).
  await invitations.getByRole('button', { name: 'Invite member' }).click();
  let dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await expect(dialog.getByRole('radio', { name: 'Owner' })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Staff' })).toBeChecked();
  await expect(dialog).toContainText('Contacts, scripts, calls, appointments and messages.');
  await dialog.getByLabel('E-mail').fill(staff.email);
  await checkAt(page, 'invite-dialog', '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, 'Invitation sent')).toBeVisible();
  await expect(dialog).toBeHidden();

  // A second one, as admin (revoked later).
  await invitations.getByRole('button', { name: 'Invite member' }).click();
  dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('E-mail').fill(second.email);
  await dialog.getByRole('radio', { name: 'Admin' }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();

  // The same address again: refused, said under the address.
  await invitations.getByRole('button', { name: 'Invite member' }).click();
  dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('E-mail').fill(staff.email.toUpperCase());
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.locator('#invite-email-message')).toContainText(/already/i);
  allowConsoleErrors(consoleErrors, /status of 409/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const pending = invitations.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem');
  await expect(pending).toHaveCount(2);
  const staffInvitation = pending.filter({ hasText: staff.email });
  await expect(staffInvitation).toContainText('Staff');
  await expect(staffInvitation).toContainText(`Invited by ${owner.email}`);
  await expect(staffInvitation).toContainText('Expires in 6 days');

  // The e-mail, opened in the invitee's own browser: first a link that does not work.
  const mail = await latestMail(request, staff.email, /You're invited to join/);
  expect(mail.subject).toBe(`You're invited to join ${business} on Callwise`);
  const invitee = await inviteeBrowser(browser, baseURL);
  await invitee.page.goto(`/invite?token=${'x'.repeat(40)}`);
  await expect(
    invitee.page.getByRole('heading', { level: 1, name: 'This invitation link does not work' }),
  ).toBeVisible();
  await expect(invitee.page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();

  await invitee.page.goto(invitationPath(mail.text));
  const joinHeading = invitee.page.getByRole('heading', { level: 1, name: `Join ${business} on Callwise` });
  await expect(joinHeading).toBeVisible();
  await expect(
    invitee.page.getByText(`${owner.firstName} ${owner.lastName} invited you as Staff.`),
  ).toBeVisible();
  await expect(invitee.page.getByLabel('E-mail')).toHaveValue(staff.email);
  await expect(invitee.page.getByLabel('E-mail')).toHaveJSProperty('readOnly', true);
  await checkAt(invitee.page, 'invite-page');
  // A password that is too short is refused before it is sent.
  await invitee.page.getByLabel('First name').fill(staff.firstName);
  await invitee.page.getByLabel('Last name').fill(staff.lastName);
  await invitee.page.getByLabel('Password', { exact: true }).fill('short');
  await invitee.page.getByRole('button', { name: `Join ${business}` }).click();
  await expect(invitee.page.getByText('Use at least 8 characters.')).toBeVisible();
  // One that is known to be weak is refused by the server, said under the field.
  await invitee.page.getByLabel('Password', { exact: true }).fill('password');
  await invitee.page.getByRole('button', { name: `Join ${business}` }).click();
  await expect(invitee.page.locator('#join-password-message')).toContainText('known to be weak');
  await expect(invitee.page.getByLabel('Password', { exact: true })).toBeFocused();
  await invitee.page.getByLabel('Password', { exact: true }).fill(staff.password);
  await invitee.page.getByRole('button', { name: `Join ${business}` }).click();
  await expect(invitee.page).toHaveURL(/\/dashboard$/);
  await expect(toast(invitee.page, `Welcome to ${business}`)).toBeVisible();

  // Staff: no API in the sidebar, no checklist; in Settings only their own sections and the team.
  const workspaceNav = invitee.page.getByRole('navigation', { name: 'Workspace' });
  await expect(workspaceNav.getByRole('link', { name: 'Contacts', exact: true })).toBeVisible();
  await expect(workspaceNav.getByRole('link', { name: 'API', exact: true })).toHaveCount(0);
  await invitee.page.getByRole('link', { name: 'Settings', exact: true }).first().click();
  const staffSubnav = invitee.page.getByRole('navigation', { name: 'Settings sections' });
  await expect(staffSubnav.getByRole('link')).toHaveText(['Profile', 'Team', 'Notifications', 'Security']);
  await expect(invitee.page.getByLabel('Company')).toHaveJSProperty('readOnly', true);
  // A section they cannot use, by its address: who can change it, not an error.
  await invitee.page.goto('/settings/billing');
  await expect(
    invitee.page.getByRole('heading', { level: 2, name: 'Only an owner can change this.' }),
  ).toBeVisible();
  await invitee.page.goto('/settings/api-keys');
  await expect(
    invitee.page.getByRole('heading', { level: 2, name: 'Only an owner or admin can change this.' }),
  ).toBeVisible();
  // The team as staff see it: the members, no invitations, no role to change, a way to leave.
  await invitee.page.goto('/settings/team');
  await expect(invitee.page.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(2);
  await expect(invitee.page.getByRole('combobox')).toHaveCount(0);
  await expect(invitee.page.getByTestId('invitations-card')).toHaveCount(0);
  await expect(invitee.page.getByRole('button', { name: `Leave ${business}` })).toBeVisible();
  // No exports for staff.
  await invitee.page.goto('/contacts');
  await expect(invitee.page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await expect(invitee.page.getByRole('button', { name: 'Add Contact' }).first()).toBeVisible();
  await expect(invitee.page.getByRole('button', { name: 'Export' })).toHaveCount(0);
  await invitee.page.goto('/call-history');
  await expect(invitee.page.getByRole('heading', { level: 1, name: 'Call History' })).toBeVisible();
  await expect(invitee.page.getByRole('button', { name: 'Export' })).toHaveCount(0);
  // Nothing they opened asked for what their role may not have.
  expect(invitee.refused).toEqual([]);

  // The owner's Team page now: two members, one invitation pending.
  await page.reload();
  await expect(members).toHaveCount(2);
  await expect(pending).toHaveCount(1);
  const member = members.filter({ hasText: `${staff.firstName} ${staff.lastName}` });
  await expect(member).toContainText(staff.email);
  await expect(member).toContainText('Two-factor off');
  await checkAt(page, 'team-page');

  // Made an admin: their next page shows the account's settings.
  await page.getByLabel(`Role for ${staff.firstName} ${staff.lastName}`).selectOption('admin');
  await expect(toast(page, 'Role changed')).toBeVisible();
  await expect(page.getByLabel(`Role for ${staff.firstName} ${staff.lastName}`)).toHaveValue('admin');
  // Appointments can be booked with them.
  const bookable = page.getByRole('switch', {
    name: `Takes appointments (${staff.firstName} ${staff.lastName})`,
  });
  await expect(bookable).not.toBeChecked();
  await bookable.click();
  await expect(toast(page, 'Takes appointments')).toBeVisible();
  await expect(bookable).toBeChecked();
  await invitee.page.goto('/settings/profile');
  await expect(staffSubnav.getByRole('link', { name: 'Audit log', exact: true })).toBeVisible();
  await expect(staffSubnav.getByRole('link', { name: 'Billing', exact: true })).toHaveCount(0);

  // The second invitation sent again: a new link, the first one no longer works.
  const firstLink = invitationPath((await latestMail(request, second.email, /You're invited to join/)).text);
  await pending
    .first()
    .getByRole('button', { name: `Resend the invitation to ${second.email}` })
    .click();
  await expect(toast(page, 'Invitation sent again')).toBeVisible();
  await expect
    .poll(async () =>
      invitationPath((await latestMail(request, second.email, /You're invited to join/)).text),
    )
    .not.toBe(firstLink);
  const firstToken = new URL(firstLink, 'http://x').searchParams.get('token');
  expect((await request.get(`/v1/invitation?token=${firstToken}`)).status()).toBe(404);

  // The second invitation revoked.
  await pending
    .first()
    .getByRole('button', { name: `Revoke the invitation to ${second.email}` })
    .click();
  const revoke = page.getByRole('alertdialog', { name: `Revoke the invitation to ${second.email}?` });
  await revoke.getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(page, 'Invitation revoked')).toBeVisible();
  await expect(invitations).toContainText('No pending invitations');

  // The member removed: asked first, then gone; their next step lands on the sign-in page.
  await member.getByRole('button', { name: `Remove ${staff.firstName} ${staff.lastName}` }).click();
  const remove = page.getByRole('alertdialog', { name: `Remove ${staff.firstName} ${staff.lastName}?` });
  await expect(remove).toContainText(`They are signed out at once and lose access to ${business}.`);
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Member removed')).toBeVisible();
  await expect(members).toHaveCount(1);

  await invitee.page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Contacts' })
    .click();
  await expect(invitee.page).toHaveURL(/\/login(\?|$)/);
  await expect(invitee.page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();

  // The invitee's console: only the refused link and password, and the ended session.
  allowConsoleErrors(invitee.errors, /status of 404/, /status of 400/);
  expect(invitee.errors.filter((error) => !/status of 401/.test(error))).toEqual([]);
  await invitee.context.close();
});

/**
 * The set-up dialog of Settings → Security: the key read off it, a code made here, then the recovery codes, Done.
 */
async function setUpAuthenticator(page: Page, opener: Locator) {
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Set up authenticator app' });
  const secret = ((await dialog.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await dialog.getByLabel('6-digit code').fill(await generate({ secret }));
  await dialog.getByRole('button', { name: 'Verify and turn on' }).click();
  const codes = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await codes.getByRole('button', { name: 'Done' }).click();
  await expect(codes).toBeHidden();
}

test('a business that requires two-factor sign-in: a new member sets it up before anything else', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const owner = await signInAsNewUser(page, request);
  const business = owner.businessName;
  const staff = { ...newUser(), firstName: 'Tess', lastName: 'Factor' };
  await page.setViewportSize(WIDTHS[0]);

  // Turning it on needs a second factor of one's own.
  await page.goto('/settings/team');
  const requirement = page.getByRole('switch', { name: 'Require two-factor sign-in for every member' });
  await expect(requirement).toBeDisabled();
  await expect(page.getByTestId('team-security-card')).toContainText(
    'Set up two-factor sign-in for yourself first, in Security.',
  );
  await page.goto('/settings/security');
  await setUpAuthenticator(page, page.getByRole('button', { name: 'Set up authenticator app' }));
  await page.goto('/settings/team');
  await requirement.click();
  await expect(toast(page, 'Two-factor sign-in required')).toBeVisible();
  await expect(requirement).toBeChecked();

  // A staff member invited and joining.
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('E-mail').fill(staff.email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  const mail = await latestMail(request, staff.email, /You're invited to join/);
  const invitee = await inviteeBrowser(browser, baseURL);
  await invitee.page.goto(invitationPath(mail.text));
  await invitee.page.getByLabel('First name').fill(staff.firstName);
  await invitee.page.getByLabel('Password', { exact: true }).fill(staff.password);
  await invitee.page.getByRole('button', { name: `Join ${business}` }).click();

  // Before anything else, the set-up; then the dashboard.
  await expect(
    invitee.page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' }),
  ).toBeVisible();
  await expect(
    invitee.page.getByText(`${business} requires two-factor sign-in. Set it up to continue.`),
  ).toBeVisible();
  await checkAt(invitee.page, 'two-factor-required');
  await setUpAuthenticator(
    invitee.page,
    invitee.page.getByRole('button', { name: 'Set up authenticator app' }),
  );
  await expect(invitee.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(invitee.page.getByRole('navigation', { name: 'Workspace' })).toBeVisible();
  await expect(invitee.page.getByTestId('trial-badge')).toBeVisible();

  // The owner's list shows it.
  await page.reload();
  const member = page
    .getByRole('list', { name: 'Members' })
    .getByRole('listitem')
    .filter({ hasText: staff.email });
  await expect(member).toContainText('Two-factor on');

  // Ownership handed to the member (the owner becomes an admin), and handed back by them.
  const ownerName = `${owner.firstName} ${owner.lastName}`;
  await member.getByRole('button', { name: `Make owner: ${staff.firstName}` }).click();
  const transfer = page.getByRole('alertdialog', { name: `Make ${staff.firstName} the owner?` });
  await expect(transfer).toContainText('you become an admin');
  await transfer.getByRole('button', { name: 'Make owner' }).click();
  await expect(toast(page, 'Ownership transferred')).toBeVisible();
  await expect(member).toContainText('Owner');
  await expect(
    page.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: owner.email }),
  ).toContainText('Admin');
  await invitee.page.goto('/settings/team');
  const formerOwner = invitee.page
    .getByRole('list', { name: 'Members' })
    .getByRole('listitem')
    .filter({ hasText: owner.email });
  await formerOwner.getByRole('button', { name: `Make owner: ${ownerName}` }).click();
  await invitee.page
    .getByRole('alertdialog', { name: `Make ${ownerName} the owner?` })
    .getByRole('button', { name: 'Make owner' })
    .click();
  await expect(toast(invitee.page, 'Ownership transferred')).toBeVisible();
  await expect(formerOwner).toContainText('Owner');

  // The member leaves: asked first, then signed out, on the sign-in page; the owner's list no longer has them.
  await invitee.page.goto('/settings/team');
  await invitee.page.getByRole('button', { name: `Leave ${business}` }).click();
  const leave = invitee.page.getByRole('alertdialog', { name: `Leave ${business}?` });
  await expect(leave).toContainText(`You are signed out at once and lose access to ${business}.`);
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(invitee.page).toHaveURL(/\/login(\?|$)/);
  await expect(toast(invitee.page, `You left ${business}`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(1);
  // Its only owner cannot leave.
  await expect(page.getByRole('button', { name: `Leave ${business}` })).toBeDisabled();

  // Only the requests refused before the set-up are in the invitee's console, and any that went out with the
  // session as it ended (a live update): without a "Session Ended" toast.
  allowRepeatedConsoleErrors(invitee.errors, /status of 403/);
  expect(invitee.errors.filter((error) => !/status of 401/.test(error))).toEqual([]);
  await expect(invitee.page.locator('[data-sonner-toast]').filter({ hasText: 'Session Ended' })).toHaveCount(
    0,
  );
  await invitee.context.close();
});
