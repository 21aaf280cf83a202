import { allowConsoleErrors, createUser, expect, inputValueAt, restoreSession, test } from './fixtures';

/** Settings → Do-not-call list and Calling rules, as a person uses them. */

/** Area codes no other spec calls: a listed number must never refuse another test's call. */
const AREAS = [303, 305, 404, 503, 602, 713, 720, 214, 206, 480];

/** A number of the fictional 555-01xx range. */
function freshNumber() {
  const area = AREAS[Math.floor(Math.random() * AREAS.length)] as number;
  const line = 100 + Math.floor(Math.random() * 100);
  return {
    typed: `(${area}) 555-0${line}`,
    shown: `+1 ${area} 555 0${line}`,
    digits: `${area}5550${line}`,
  };
}

test('adds a number to the do-not-call list, finds it, and removes it', async ({
  signedInPage: page,
  consoleErrors,
}) => {
  const number = freshNumber();
  await page.goto('/settings/do-not-call');
  const card = page.locator('#do-not-call');
  await expect(card.getByRole('heading', { name: 'Do-not-call list' })).toBeVisible();

  // A number that is not one is explained under the field.
  await card.getByLabel('Phone number').fill('12');
  await card.getByRole('button', { name: 'Add Number' }).click();
  await expect(card.getByText('12 is too short to be a phone number.')).toBeVisible();
  await expect(card.getByLabel('Phone number')).toHaveAttribute('aria-invalid', 'true');

  await card.getByLabel('Phone number').fill(number.typed);
  await card.getByLabel('Note (optional)').fill('Asked by e-mail');
  await card.getByRole('button', { name: 'Add Number' }).click();
  await expect(page.getByText('Number added')).toBeVisible();
  await expect(card.getByLabel('Phone number')).toHaveValue('');

  const list = card.getByRole('list', { name: 'Numbers on the do-not-call list' });
  const row = list.getByRole('listitem').filter({ hasText: number.shown });
  await expect(row).toBeVisible();
  await expect(row.getByText('Added', { exact: true })).toBeVisible();
  await expect(row.getByText('Asked by e-mail')).toBeVisible();

  // Adding it again says so instead of listing it twice.
  await card.getByLabel('Phone number').fill(number.typed);
  await card.getByRole('button', { name: 'Add Number' }).click();
  await expect(page.getByText('Already on the list')).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: number.shown })).toHaveCount(1);

  // Search by digits.
  const search = card.getByRole('searchbox', { name: 'Search the do-not-call list' });
  await search.fill(number.digits.slice(3));
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await search.fill('0000000000');
  await expect(card.getByText('No matching numbers')).toBeVisible();
  await search.fill('');
  await expect(row).toBeVisible();

  // Remove, after confirming.
  await row.getByRole('button', { name: `Remove ${number.shown} from the do-not-call list` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Remove ${number.shown} from the list?`);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Number removed')).toBeVisible();
  await expect(card.getByText(number.shown)).toHaveCount(0);

  await page.reload();
  await expect(page.locator('#do-not-call').getByRole('heading', { name: 'Do-not-call list' })).toBeVisible();
  await expect(page.locator('#do-not-call').getByText(number.shown)).toHaveCount(0);

  allowConsoleErrors(consoleErrors, /status of 400/);
});

test('imports numbers from a CSV file and reports the rows it skipped', async ({ signedInPage: page }) => {
  const a = freshNumber();
  const b = freshNumber();
  await page.goto('/settings/do-not-call');
  const card = page.locator('#do-not-call');
  await expect(card.getByRole('heading', { name: 'Do-not-call list' })).toBeVisible();
  await card.getByTestId('dnc-import-file').setInputFiles({
    name: 'opt-outs.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`phone,note\n${a.typed},Letter\n${b.typed},\nnot a number,\n`),
  });
  await expect(page.getByText('Numbers imported')).toBeVisible();
  const summary = card.getByRole('status').filter({ hasText: 'opt-outs.csv' });
  await expect(summary).toContainText('2 numbers added, 0 already listed, 1 row skipped.');
  await expect(summary).toContainText('Line 4 (“not a number”): "not a number" is not a phone number.');
  const list = card.getByRole('list', { name: 'Numbers on the do-not-call list' });
  await expect(list.getByRole('listitem').filter({ hasText: a.shown }).getByText('Imported')).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: b.shown })).toBeVisible();
});

test('narrows the calling window and rewords the disclosure', async ({ page, request, consoleErrors }) => {
  // An account of its own: the worker's shared account keeps the full window for the other specs' calls.
  const account = await createUser(request);
  await restoreSession(page, account.session);
  await page.goto('/settings/calling-rules');
  const card = page.locator('form[aria-labelledby="calling-rules-heading"]');
  await expect(page.getByRole('heading', { name: 'Calling rules' })).toBeVisible();
  await expect(card.getByLabel('From')).toHaveValue('08:00');
  await expect(card.getByLabel('Until')).toHaveValue('21:00');
  await expect(card.getByTestId('disclosure-preview')).toHaveText(
    `“This is an automated call from ${account.businessName}. To stop these calls, press 9.”`,
  );

  // Past 21:00 is refused before anything is sent.
  await card.getByLabel('Until').fill('21:30');
  await card.getByRole('button', { name: 'Save Rules' }).click();
  await expect(
    card.getByText('Calls cannot go on after 21:00 in the recipient’s time. You can only narrow the window.'),
  ).toBeVisible();

  await card.getByLabel('From').fill('09:00');
  await card.getByLabel('Until').fill('17:30');
  await card.getByLabel('Most calls per day').fill('1');
  await card
    .getByRole('textbox', { name: 'Disclosure', exact: true })
    .fill('Hello, this is an automated call from {{business_name}}.');
  await expect(card.getByTestId('disclosure-preview')).toHaveText(
    `“Hello, this is an automated call from ${account.businessName}. To stop these calls, press 9.”`,
  );
  await card.getByRole('button', { name: 'Save Rules' }).click();
  await expect(page.getByText('Calling rules saved')).toBeVisible();
  await expect(card.getByText(/Calls go out only between 9:00\s?AM and 5:30\s?PM/)).toBeVisible();
  await expect(card.getByText('Each person gets at most 1 call a day')).toBeVisible();

  await page.reload();
  const reloaded = page.locator('form[aria-labelledby="calling-rules-heading"]');
  await expect(reloaded.getByLabel('From')).toHaveValue('09:00');
  await expect(reloaded.getByLabel('Until')).toHaveValue('17:30');
  await expect(reloaded.getByLabel('Most calls per day')).toHaveValue('1');

  // The business's name cannot be taken out of the disclosure.
  await reloaded.getByRole('textbox', { name: 'Disclosure', exact: true }).fill('This is an automated call.');
  await reloaded.getByRole('button', { name: 'Save Rules' }).click();
  await expect(
    reloaded.getByText(
      'Keep {{business_name}} in the disclosure: every call must say which business is calling.',
    ),
  ).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a call to a number on the list is refused with the reason', async ({
  signedInPage: page,
  consoleErrors,
}) => {
  const number = freshNumber();
  await page.goto('/settings/do-not-call');
  const card = page.locator('#do-not-call');
  await card.getByLabel('Phone number').fill(number.typed);
  await card.getByRole('button', { name: 'Add Number' }).click();
  await expect(page.getByText('Number added')).toBeVisible();

  await page.goto('/dashboard?schedule=1');
  const view = page.getByTestId('schedule-view');
  await view.getByLabel('Recipient name').fill('Dana Listed');
  await view.getByLabel('Phone number').fill(number.typed);
  await view.getByLabel('Custom message').fill('Your order is ready for pickup.');
  await view.getByRole('button', { name: 'Now', exact: true }).click();
  await view.getByRole('button', { name: 'Schedule Call' }).click();
  const reason = `${number.shown} is on your do-not-call list, so it cannot be called.`;
  // The rule's own message, beside the number and in the toast, and no "please try again".
  await expect(view.getByText(reason)).toBeVisible();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Call not scheduled' });
  await expect(toast).toContainText(reason);
  await expect(page.getByText(/try again/i)).toHaveCount(0);
  // Nothing was scheduled: the form keeps what was typed.
  await expect(view.getByLabel('Recipient name')).toHaveValue('Dana Listed');

  allowConsoleErrors(consoleErrors, /status of 409/);
});

test('the schedule form says when a call outside the calling window will really go out', async ({
  signedInPage: page,
}) => {
  await page.goto('/dashboard?schedule=1');
  const view = page.getByTestId('schedule-view');
  await view.getByLabel('Phone number').fill('(202) 555-0100');
  // 03:30 UTC is 22:30 or 23:30 the evening before in New York (area code 202): outside 08:00–21:00.
  const instant = new Date(Date.now() + 2 * 86_400_000);
  instant.setUTCHours(3, 30, 0, 0);
  const local = await inputValueAt(page, instant);
  await view.getByLabel('Schedule time').fill(local);
  const hint = view.getByRole('status').filter({ hasText: 'outside the calling window' });
  await expect(hint).toContainText('(08:00–21:00 in the recipient’s time)');
  await expect(hint).toContainText('The call will go out at 8:00 AM on');
  await expect(hint).toContainText('(America/New_York)');

  // Inside the window: no warning.
  instant.setUTCHours(16, 0, 0, 0);
  const inside = await inputValueAt(page, instant);
  await view.getByLabel('Schedule time').fill(inside);
  await expect(hint).toHaveCount(0);
});
