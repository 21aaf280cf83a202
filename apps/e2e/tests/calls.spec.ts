import type { Page } from '@playwright/test';
import { apiPost, expect, inputValueAt, signInAsNewUser, test } from './fixtures.ts';

// The call engine end to end: the schedule view (validation, prefill, voice preview states), a call placed by the
// simulated carrier and followed live in call history, and its recording. The e2e server runs the simulator at
// SIMULATOR_SPEED=20 (apps/e2e/start-server.mjs); the due time itself is real, so one test waits a minute.
// Every test signs up its own user, so that its trial allowance and its history are its own.

/** The newest toast with this title (and text), from the app's one toast outlet. */
const toast = (page: Page, title: string, text?: string | RegExp) => {
  const item = page.locator('[data-sonner-toast]').filter({ hasText: title });
  return (text === undefined ? item : item.filter({ hasText: text })).last();
};

async function openScheduleView(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Schedule Call' }).click();
  await expect(page).toHaveURL(/\/dashboard\?schedule=1$/);
  await expect(page.getByRole('heading', { name: 'Schedule a Call' })).toBeFocused();
}

/** A `datetime-local` value `ms` from now, in the browser's own time zone, to the second. */
const inputValueFromNow = (page: Page, ms: number) => inputValueAt(page, new Date(Date.now() + ms));

test.describe('schedule view', () => {
  test('Back and Cancel return to the dashboard; a blank message is refused with the spec texts', async ({
    page,
    request,
  }) => {
    await signInAsNewUser(page, request);
    await openScheduleView(page);

    const view = page.getByTestId('schedule-view');
    await expect(view.getByTestId('schedule-allowance')).toHaveText('10 of 10 trial calls remaining');
    await expect(view.getByTestId('simulated-carrier-note')).toContainText('Calls are simulated');
    await expect(view.getByLabel('Custom message')).toHaveAttribute('rows', '4');
    await expect(view.getByLabel('Phone number')).toHaveAttribute('type', 'tel');
    await expect(view.getByLabel('Schedule time')).toHaveAttribute('type', 'datetime-local');

    await view.getByRole('button', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Schedule Call' })).toBeFocused();
    await page.getByRole('button', { name: 'Schedule Call' }).click();

    // The preview needs a message too, with its own text.
    await view.getByRole('button', { name: 'Generate Preview' }).click();
    await expect(toast(page, 'Error', 'Please enter a message to generate voice preview.')).toBeVisible();
    await expect(view.getByTestId('voice-preview')).toHaveAttribute('data-state', 'idle');

    await view.getByLabel('Recipient name').fill('Maria Lopez');
    await view.getByLabel('Phone number').fill('+1 202 555 0100');
    await view.getByLabel('Custom message').fill('   ');
    await view.getByRole('button', { name: 'Schedule Call' }).click();
    await expect(view.getByText('Please enter a message for the call.')).toBeVisible();
    await expect(toast(page, 'Error', 'Please enter a message for the call.')).toBeVisible();
    await expect(view.getByLabel('Custom message')).toBeFocused();
    await expect(view.getByLabel('Custom message')).toHaveAttribute('aria-invalid', 'true');

    // A message with a variable needs its value.
    await view.getByLabel('Custom message').fill('Your order ships on {{date}}.');
    await view.getByRole('button', { name: 'Schedule Call' }).click();
    await expect(view.getByText('Enter a value for {{date}}.')).toBeVisible();

    await view.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('usage-card')).toContainText('0 of 10 calls used');
  });

  test('Call Now on a contact and Test on a script open the view prefilled', async ({ page, request }) => {
    const user = await signInAsNewUser(page, request);
    await apiPost(request, user, '/v1/contacts', {
      name: 'Maria Lopez',
      phone: '+1 202 555 0106',
      email: 'maria@example.com',
      company: 'Lopez Bakery',
    });
    const script = await apiPost(request, user, '/v1/scripts', {
      title: 'Order confirmation',
      content: 'Hello {{name}}, your order is ready for pickup.',
      category: 'general',
    });

    await page.goto('/contacts');
    await page.getByRole('link', { name: 'Call Now Maria Lopez' }).click();
    await expect(page).toHaveURL(/\/dashboard\?schedule=1&contact=[0-9a-f-]{36}$/);
    const view = page.getByTestId('schedule-view');
    await expect(view.getByTestId('picked-contact')).toContainText('Maria Lopez');
    await expect(view.getByLabel('Recipient name')).toHaveValue('Maria Lopez');
    await expect(view.getByLabel('Phone number')).toHaveValue('+1 202 555 0106');

    // Clearing the contact goes back to typing.
    await view.getByRole('button', { name: 'Clear contact Maria Lopez' }).click();
    await expect(view.getByLabel('Recipient name')).toHaveValue('');
    await expect(view.getByLabel('Recipient name')).toBeFocused();

    // The picker finds the contact again by a part of the name.
    await view.getByLabel('Choose a contact').fill('lop');
    await view.getByRole('option', { name: /Maria Lopez/ }).click();
    await expect(view.getByLabel('Phone number')).toHaveValue('+1 202 555 0106');

    await page.goto(`/dashboard?schedule=1&script=${script.id}`);
    await expect(view.getByLabel('Custom message')).toHaveValue(
      'Hello {{name}}, your order is ready for pickup.',
    );
    await expect(view.getByLabel('Call type')).toHaveText('Order Confirmation');
  });

  test('the voice preview goes idle -> generating -> ready -> playing -> ready, and editing discards it', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signInAsNewUser(page, request);
    await openScheduleView(page);
    const view = page.getByTestId('schedule-view');
    const preview = view.getByTestId('voice-preview');
    const audio = view.getByTestId('voice-preview-audio');

    await view.getByLabel('Recipient name').fill('Casey');
    await view.getByRole('button', { name: 'Order Confirmation' }).click();
    await expect(view.getByLabel('Custom message')).toHaveValue(
      /^Hello \{\{first_name\}\}, thank you for your order!/,
    );
    await expect(view.getByLabel('Call type')).toHaveText('Order Confirmation');
    await view.getByLabel('{{date}}').fill('Friday');
    await view.getByLabel('{{time}}').fill('noon');

    // Hold the answer, so that "generating" can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/v1/voices/preview', async (route) => {
      await held;
      await route.continue();
    });
    await expect(preview).toHaveAttribute('data-state', 'idle');
    await view.getByRole('button', { name: 'Generate Preview' }).click();
    await expect(preview).toHaveAttribute('data-state', 'generating');
    await expect(view.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    release();

    await expect(preview).toHaveAttribute('data-state', 'ready');
    await expect(
      toast(page, 'Voice Generated!', 'Click play to preview how your call will sound.'),
    ).toBeVisible();
    await expect(audio).toHaveAttribute('src', /^blob:/);

    await view.getByRole('button', { name: 'Play Preview' }).click();
    await expect(preview).toHaveAttribute('data-state', 'playing');
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(false);
    await view.getByRole('button', { name: 'Stop' }).click();
    await expect(preview).toHaveAttribute('data-state', 'ready');
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(true);

    // Played to the end (the whole call: disclosure, message and menu), it is ready to play again.
    await view.getByRole('button', { name: 'Play Preview' }).click();
    await expect(preview).toHaveAttribute('data-state', 'playing');
    await expect(preview).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.ended)).toBe(true);

    // Changing the voice or the message throws the preview away.
    await view.getByLabel('Custom message').press('End');
    await view.getByLabel('Custom message').pressSequentially(' Thanks!');
    await expect(preview).toHaveAttribute('data-state', 'idle');
    await expect(audio).not.toHaveAttribute('src', /.+/);
  });
});

test.describe('calls', () => {
  test('a call scheduled a minute ahead is placed on time, cancelled by the callee, shown live and recorded', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    await signInAsNewUser(page, request);
    await openScheduleView(page);
    const view = page.getByTestId('schedule-view');

    await view.getByLabel('Recipient name').fill('Casey Cancel');
    await view.getByLabel('Phone number').fill('+1 202 555 0105');
    await view.getByRole('button', { name: 'Appointment Reminder' }).click();
    await view.getByLabel('{{date}}').fill('Monday, March 4');
    await view.getByLabel('{{time}}').fill('3:30 PM');
    await view.getByLabel('AI voice').click();
    await page.getByRole('option', { name: 'Roger' }).click();
    await view.getByLabel('Schedule time').fill(await inputValueFromNow(page, 60_000));
    await view.getByRole('button', { name: 'Schedule Call' }).click();

    await expect(
      toast(page, 'Call Scheduled!', 'Your call to Casey Cancel has been scheduled successfully.'),
    ).toBeVisible();
    // The form and the preview start afresh; the allowance counts the call.
    await expect(view.getByLabel('Recipient name')).toHaveValue('');
    await expect(view.getByLabel('Custom message')).toHaveValue('');
    await expect(view.getByTestId('voice-preview')).toHaveAttribute('data-state', 'idle');
    await expect(view.getByTestId('schedule-allowance')).toHaveText('9 of 10 trial calls remaining');
    await expect(page.getByTestId('trial-badge')).toHaveText('Trial: 9/10 calls remaining');

    // From here on, nothing reloads the page: the history follows the call through the event stream.
    await page.getByRole('link', { name: 'Call History' }).click();
    await page.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { callStatuses: seen, sameDocument: true });
      const record = () => {
        const row = Array.from(document.querySelectorAll('[data-testid="call-row"]')).find((element) =>
          element.textContent?.includes('Casey Cancel'),
        );
        const status = row?.querySelector('[data-status]')?.getAttribute('data-status');
        if (status && seen.at(-1) !== status) seen.push(status);
      };
      record();
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-status'],
      });
    });

    const row = page.getByTestId('call-row').filter({ hasText: 'Casey Cancel' });
    await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'scheduled');
    await expect(row).toContainText('Roger');
    await expect(row.getByRole('button', { name: 'Cancel the call to Casey Cancel' })).toBeVisible();

    await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'completed', {
      timeout: 120_000,
    });
    await expect(row.getByTestId('call-outcome')).toHaveText('Cancelled');
    const statuses = await page.evaluate(
      () => (window as unknown as { callStatuses: string[] }).callStatuses,
    );
    expect(statuses[0]).toBe('scheduled');
    expect(statuses.at(-1)).toBe('completed');
    expect(statuses.some((status) => status === 'in-progress' || status === 'ringing')).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await expect(row.getByRole('button', { name: 'Cancel the call to Casey Cancel' })).toHaveCount(0);

    // The recording plays from memory (fetched with the session's token), and stops.
    const play = row.getByRole('button', { name: 'Play recording of the call to Casey Cancel' });
    await expect(play).toBeVisible();
    await play.click();
    const stop = row.getByRole('button', { name: 'Stop recording of the call to Casey Cancel' });
    await expect(stop).toBeVisible();
    const audio = page.getByTestId('recording-audio');
    await expect(audio).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(false);
    await stop.click();
    await expect(play).toBeVisible();
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(true);
  });

  test('a pending call can be cancelled from call history', async ({ page, request }) => {
    const user = await signInAsNewUser(page, request);
    await apiPost(request, user, '/v1/calls', {
      phone: '+1 202 555 0100',
      recipient_name: 'Pat Pending',
      message: 'Hi {{name}}, see you tomorrow.',
      voice: 'aria',
      call_type: 'custom',
      scheduled_at: new Date(Date.now() + 60 * 60_000).toISOString(),
    });

    await page.goto('/call-history');
    await expect(page.getByTestId('simulated-carrier-note')).toBeVisible();
    const row = page.getByTestId('call-row').filter({ hasText: 'Pat Pending' });
    await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'scheduled');
    await expect(page.getByTestId('trial-badge')).toHaveText('Trial: 9/10 calls remaining');

    await row.getByRole('button', { name: 'Cancel the call to Pat Pending' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel the call to Pat Pending?' });
    await dialog.getByRole('button', { name: 'Keep Call' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'scheduled');

    await row.getByRole('button', { name: 'Cancel the call to Pat Pending' }).click();
    await dialog.getByRole('button', { name: 'Cancel Call' }).click();
    await expect(toast(page, 'Call cancelled', 'The call to Pat Pending will not be placed.')).toBeVisible();
    await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'canceled');
    await expect(row.getByRole('button', { name: 'Cancel the call to Pat Pending' })).toHaveCount(0);
    // The trial call is given back.
    await expect(page.getByTestId('trial-badge')).toHaveText('Trial: 10/10 calls remaining');
  });
});
