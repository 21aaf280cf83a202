import type { Page } from '@playwright/test';
import { expect, seriousViolations, signInAsNewUser, test } from './fixtures.ts';

// The Messages page (issue #19): text conversations with customers. The simulated carrier delivers a text within
// seconds; its phone at +1 202 555 0120 replies "C", once per ten minutes whichever account writes (so only the
// first test texts it), and the one at 0122 never replies (packages/shared/src/simulator.ts).

const CUSTOMER = '+1 202 555 0120';
const QUIET_CUSTOMER = '+1 202 555 0122';
const FIRST_TEXT = 'Hi! Your cleaning is tomorrow at 10. Reply C to confirm.';

/** Nothing wider than the screen. */
const fitsTheScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Opens New message and sends the first text to a customer; its conversation opens. */
async function sendFirstText(page: Page, customer: string) {
  await page.getByRole('button', { name: 'New message' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New message' });
  await dialog.getByLabel('Phone number').fill(customer);
  await dialog.getByLabel('Message', { exact: true }).fill(FIRST_TEXT);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`/messages?phone=${encodeURIComponent(customer.replaceAll(' ', ''))}`);
}

test.describe('messages', () => {
  test('a new account texts a customer from New message, sees it delivered and the reply, and writes again', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsNewUser(page, request);
    await page.goto('/dashboard');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Messages' }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Messages', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No messages yet' })).toBeVisible();
    await expect(page.getByText('Texts you send and replies from customers appear here.')).toBeVisible();
    expect(await seriousViolations(page), 'the empty page').toEqual([]);

    // New message checks its fields, and shows the size of the text as it is written.
    await page.getByRole('button', { name: 'New message' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New message' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('Enter a phone number.')).toBeVisible();
    await expect(dialog.getByLabel('Phone number')).toBeFocused();
    await dialog.getByLabel('Message', { exact: true }).fill(FIRST_TEXT);
    await expect(dialog.getByTestId('sms-counter')).toHaveText(
      `${FIRST_TEXT.length} characters · 1 segment · GSM-7 · $0.0079`,
    );
    expect(await seriousViolations(page, { within: '[role="dialog"]' }), 'New message').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await sendFirstText(page, CUSTOMER);
    // The focus is in the conversation's message box, ready for the next text.
    const box = page.getByRole('textbox', { name: 'Message', exact: true });
    await expect(box).toBeFocused();

    const log = page.getByRole('log', { name: `Texts with ${CUSTOMER}` });
    const sent = log.getByTestId('message').filter({ hasText: FIRST_TEXT });
    await expect(sent).toHaveAttribute('data-direction', 'outbound');
    await expect(sent.getByTestId('message-status')).toHaveText('Delivered', { timeout: 30_000 });
    await expect(sent).toContainText('1 segment');

    // The customer's reply arrives in the thread, on their side.
    const reply = log.locator('[data-testid="message"][data-direction="inbound"]');
    await expect(reply.getByTestId('message-body')).toHaveText('C', { timeout: 30_000 });
    await expect(reply.getByTestId('message-status')).toHaveCount(0);

    // The list of conversations has it, with the latest text.
    const thread = page.getByTestId('message-thread');
    await expect(thread).toHaveCount(1);
    await expect(thread).toContainText(CUSTOMER);
    await expect(thread).toHaveAttribute('aria-current', 'true');
    expect(await seriousViolations(page), 'a conversation').toEqual([]);

    // The composer: an emoji makes the text UCS-2 and is named; Ctrl+Enter sends and the focus stays.
    await box.fill('See you soon 😊');
    const counter = page.getByTestId('sms-counter');
    await expect(counter).toContainText('1 segment · UCS-2');
    await expect(counter).toContainText('UCS-2 because of: 😊');
    await box.press('Control+Enter');
    await expect(log.getByTestId('message').filter({ hasText: 'See you soon 😊' })).toBeVisible();
    await expect(box).toHaveValue('');
    await expect(box).toBeFocused();
    await expect(counter).toHaveText('0 characters · 0 segments · GSM-7 · $0.0000');

    // An empty text is refused on the field.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Write a message.')).toBeVisible();
    await expect(box).toHaveAttribute('aria-invalid', 'true');

    // The open conversation survives a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: CUSTOMER })).toBeVisible();
    await expect(log.getByTestId('message').filter({ hasText: FIRST_TEXT })).toBeVisible();
  });

  test('on a 360 px phone: the list, then the conversation with Back; nothing wider than the screen', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAsNewUser(page, request);
    await page.goto('/messages');
    await expect(page.getByRole('heading', { name: 'No messages yet' })).toBeVisible();
    expect(await seriousViolations(page), 'the empty page').toEqual([]);
    expect(await fitsTheScreen(page), 'the empty page fits').toBe(true);

    await sendFirstText(page, QUIET_CUSTOMER);
    const log = page.getByRole('log', { name: `Texts with ${QUIET_CUSTOMER}` });
    await expect(log.getByTestId('message').filter({ hasText: FIRST_TEXT })).toBeVisible();
    // One column: the conversation alone.
    await expect(page.getByRole('heading', { name: 'Conversations' })).toBeHidden();
    await expect(
      log.getByTestId('message').filter({ hasText: FIRST_TEXT }).getByTestId('message-status'),
    ).toHaveText('Delivered', { timeout: 30_000 });
    expect(await seriousViolations(page), 'a conversation').toEqual([]);
    expect(await fitsTheScreen(page), 'a conversation fits').toBe(true);

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/messages$/);
    const thread = page.getByTestId('message-thread');
    await expect(thread).toBeVisible();
    await expect(thread).toBeFocused();
    await expect(page.getByRole('log')).toHaveCount(0);
    expect(await seriousViolations(page), 'the list').toEqual([]);
    expect(await fitsTheScreen(page), 'the list fits').toBe(true);

    await thread.click();
    await expect(page.getByRole('heading', { level: 2, name: QUIET_CUSTOMER })).toBeFocused();
  });
});
