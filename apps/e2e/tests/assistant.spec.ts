import type { APIRequestContext, Page } from '@playwright/test';
import {
  allowConsoleErrors,
  expect,
  type SignedInUser,
  seriousViolations,
  signInAsNewUser,
  test,
} from './fixtures.ts';

// Settings → Assistant: the phone assistant that answers the business number (its knowledge, the transfer number,
// the greeting) saved as one document, a simulated call to the business number to try it, and that call in Call
// History among the inbound calls.

const region = (page: Page, name: string) => page.getByRole('region', { name });

const PARKING = {
  topic: 'parking',
  question: 'Where can I park?',
  answer: 'There is free parking behind the building.',
};

async function saveAssistant(
  request: APIRequestContext,
  user: SignedInUser,
  settings: Record<string, unknown>,
) {
  const response = await request.put('/v1/assistant', {
    headers: { authorization: `Bearer ${user.session.access_token}` },
    data: settings,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The page is no wider than the screen (nothing scrolls sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(clientWidth);
}

test('save the knowledge, transfer number and greeting; they are kept after a reload', async ({
  page,
  request,
}) => {
  await signInAsNewUser(page, request);
  await page.goto('/settings/assistant');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Assistant' }),
  ).toHaveAttribute('aria-current', 'page');

  // The simulated carrier gives the account a fictional business number on first use.
  const number = region(page, 'Business number');
  await expect(number.getByTestId('business-number')).toHaveText(/\+1 \d{3} 555 01\d\d/);
  await expect(number.getByRole('button', { name: 'Copy the business number' })).toBeVisible();
  await expect(number).toContainText('Callers who call this number reach the assistant');

  // Knowledge: empty at first; a new entry takes the focus, a removed one gives it back.
  const knowledge = region(page, 'Knowledge');
  await expect(knowledge).toContainText('No answers yet');
  await expect(knowledge.getByTestId('knowledge-count')).toHaveText('0 of 50 entries');
  const add = knowledge.getByRole('button', { name: 'Add an answer' });
  await add.click();
  const entries = knowledge.getByTestId('knowledge-entry');
  await expect(entries.nth(0).getByLabel('Topic')).toBeFocused();
  await entries.nth(0).getByLabel('Topic').selectOption('parking');
  await entries.nth(0).getByLabel('Question').fill(PARKING.question);
  await entries.nth(0).getByLabel('Answer').fill(PARKING.answer);
  await add.click();
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(1).getByLabel('Topic')).toBeFocused();
  await entries.nth(1).getByRole('button', { name: 'Remove entry 2' }).click();
  await expect(entries).toHaveCount(1);
  await expect(entries.nth(0).getByLabel('Topic')).toBeFocused();
  await expect(knowledge.getByTestId('knowledge-count')).toHaveText('1 of 50 entries');

  const transfer = region(page, 'Transfer to a person');
  await expect(transfer).toContainText('only during your business hours');
  await expect(transfer.getByRole('link', { name: 'Settings → Booking' })).toHaveAttribute(
    'href',
    '/settings/booking',
  );
  await transfer.getByLabel('Transfer number').fill('(202) 555-0199');
  await transfer.getByLabel('Ring for (seconds)').fill('25');

  const greeting = region(page, 'Greeting').getByLabel('Greeting');
  await expect(greeting).toHaveAttribute('placeholder', /Thank you for calling \{\{business_name\}\}/);
  await greeting.fill('Thanks for calling {{business_name}}, how can I help?');

  await page.getByRole('button', { name: 'Save Assistant Settings' }).click();
  await expect(page.getByText('Assistant settings saved')).toBeVisible();
  await expect(page.getByText('All changes saved.')).toBeVisible();
  // Kept in E.164 by the server, shown as a person reads it.
  await expect(transfer.getByLabel('Transfer number')).toHaveValue('+1 202 555 0199');

  await page.reload();
  await expect(entries).toHaveCount(1);
  await expect(entries.nth(0).getByLabel('Topic')).toHaveValue('parking');
  await expect(entries.nth(0).getByLabel('Question')).toHaveValue(PARKING.question);
  await expect(entries.nth(0).getByLabel('Answer')).toHaveValue(PARKING.answer);
  await expect(transfer.getByLabel('Transfer number')).toHaveValue('+1 202 555 0199');
  await expect(transfer.getByLabel('Ring for (seconds)')).toHaveValue('25');
  await expect(greeting).toHaveValue('Thanks for calling {{business_name}}, how can I help?');

  // Removing the only entry gives the focus to the Add button.
  await entries
    .nth(0)
    .getByRole('button', { name: `Remove “${PARKING.question}”` })
    .click();
  await expect(knowledge).toContainText('No answers yet');
  await expect(add).toBeFocused();
});

test('refusals show on their inputs: the browser’s check and the server’s', async ({
  page,
  request,
  consoleErrors,
}) => {
  await signInAsNewUser(page, request);
  await page.goto('/settings/assistant');
  const save = page.getByRole('button', { name: 'Save Assistant Settings' });
  const knowledge = region(page, 'Knowledge');

  // An entry without an answer: refused before it is sent, under its input.
  await knowledge.getByRole('button', { name: 'Add an answer' }).click();
  const entry = knowledge.getByTestId('knowledge-entry').first();
  await entry.getByLabel('Question').fill('Do you take walk-ins?');
  await save.click();
  await expect(entry.getByLabel('Answer')).toHaveAttribute('aria-invalid', 'true');
  await expect(entry.getByText('Enter the answer')).toBeVisible();
  await entry.getByLabel('Answer').fill('Yes, every morning.');

  // A transfer number the server cannot read: its message under the input, which gets the focus.
  const transferNumber = region(page, 'Transfer to a person').getByLabel('Transfer number');
  await transferNumber.fill('front desk');
  await save.click();
  await expect(transferNumber).toHaveAttribute('aria-invalid', 'true');
  await expect(transferNumber).toBeFocused();
  const message = await transferNumber.getAttribute('aria-describedby');
  await expect(page.locator(`#${message}`)).not.toHaveText(/front desk’s phone/);
  allowConsoleErrors(consoleErrors, /status of 400/);

  // Leaving with unsaved changes asks first.
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: 'Booking', exact: true })
    .click();
  const discard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/settings\/assistant$/);

  // A number it can read saves.
  await transferNumber.fill('+1 202 555 0199');
  await save.click();
  await expect(page.getByText('Assistant settings saved')).toBeVisible();
  await expect(transferNumber).not.toHaveAttribute('aria-invalid', 'true');
});

test('a simulated call asks the knowledge’s question and shows in Call History among inbound calls', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await signInAsNewUser(page, request);
  await saveAssistant(request, user, { knowledge: [PARKING] });
  await page.goto('/settings/assistant');

  const tryIt = region(page, 'Try it');
  await expect(tryIt.getByLabel('Caller’s number')).toHaveValue('+1 312 555 0142');
  await tryIt.getByLabel('What the caller says').fill('Where can I park?\nNo, that is all, thanks.');
  await tryIt.getByRole('button', { name: 'Place Test Call' }).click();
  const link = tryIt.getByRole('link', { name: 'View the call in Call History' });
  await expect(link).toBeVisible();
  await link.click();

  await expect(page).toHaveURL(/\/call-history\?direction=inbound&call=[0-9a-f-]{36}$/);
  // The call takes a few seconds: its transcript shows once it has ended.
  const sheet = page.getByRole('dialog', { name: /^Inbound call from / });
  await expect(async () => {
    await page.reload();
    await expect(sheet.getByTestId('call-transcript')).toContainText(PARKING.answer, { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await expect(sheet.getByTestId('call-transcript')).toContainText('Caller');
  await expect(sheet.getByTestId('call-transcript')).toContainText('Where can I park?');
  await expect(sheet).toContainText('+1 312 555 0142');

  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/call-history\?direction=inbound$/);
  // The filter is read once the sheet is closed: an open sheet hides the page behind it from assistive technology.
  await expect(page.getByRole('combobox', { name: 'Filter by direction' })).toHaveText('Inbound');
  const row = page.getByTestId('call-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('call-direction')).toHaveText('Inbound');

  // Outbound only: none.
  await page.getByRole('combobox', { name: 'Filter by direction' }).click();
  await page.getByRole('option', { name: 'Outbound' }).click();
  await expect(page).toHaveURL(/direction=outbound/);
  await expect(page.getByText('No calls found')).toBeVisible();
});

test('the Assistant page at 1280 and 360 px: no serious axe problem, nothing wider than the screen', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await signInAsNewUser(page, request);
  await saveAssistant(request, user, {
    transfer_number: '+12025550199',
    knowledge: [
      PARKING,
      { topic: 'hours', question: 'When are you open?', answer: 'Monday to Friday, 9 to 5.' },
    ],
  });
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/settings/assistant');
    await expect(region(page, 'Knowledge').getByTestId('knowledge-entry')).toHaveCount(2);
    await expect(region(page, 'Try it').getByRole('button', { name: 'Place Test Call' })).toBeVisible();
    expect(await seriousViolations(page), `axe at ${width} px`).toEqual([]);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath(`assistant-${width}.png`), fullPage: true });
  }
});
