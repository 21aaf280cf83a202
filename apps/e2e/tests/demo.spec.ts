import { DEMO_SCENARIOS } from '@callwise/shared/demo';
import { expect, test } from './fixtures.ts';

test.describe('the demo page', () => {
  test('lists the five scenarios with their scripts and voices, three features and the trial button', async ({
    page,
  }) => {
    await page.goto('/demo');
    for (const scenario of DEMO_SCENARIOS) {
      const card = page.getByTestId(`scenario-${scenario.id}`);
      await expect(card.getByRole('heading', { name: scenario.title })).toBeVisible();
      await expect(card.getByText(scenario.description)).toBeVisible();
      await expect(card.getByText(scenario.script)).toBeVisible();
      await expect(card.getByText(scenario.voiceLabel)).toBeVisible();
    }
    for (const title of ['Interactive Calls', 'Multiple Voice Options', 'Instant Setup']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Start Free Trial - 10 Calls Included' })).toHaveAttribute(
      'href',
      '/signup',
    );
  });

  test('plays one scenario at a time, in its voice from the server', async ({ page }) => {
    await page.goto('/demo');
    const first = page.getByTestId('scenario-appointment-reminder');
    const second = page.getByTestId('scenario-order-confirmation');
    const playing = page.getByText('Playing Demo...');

    const speech = page.waitForResponse((response) => response.url().endsWith('/v1/demo/speech'));
    await first.getByRole('button', { name: 'Play Appointment Reminder demo' }).click();
    await expect(first.getByText('Playing Demo...')).toBeVisible();
    const audio = await speech;
    expect(audio.status()).toBe(200);
    expect(audio.headers()['content-type']).toBe('audio/wav');
    expect(audio.request().postDataJSON()).toEqual({
      scenario: 'appointment-reminder',
      text: DEMO_SCENARIOS[0]?.script,
    });

    await second.getByRole('button', { name: 'Play Order Confirmation demo' }).click();
    await expect(second.getByText('Playing Demo...')).toBeVisible();
    await expect(first.getByText('Playing Demo...')).toHaveCount(0);
    await expect(playing).toHaveCount(1);
    await expect(first.getByRole('button', { name: 'Play Appointment Reminder demo' })).toBeVisible();

    await second.getByRole('button', { name: 'Stop Order Confirmation demo' }).click();
    await expect(playing).toHaveCount(0);
  });

  test('a typed conversation in the Interactive Call, answered by the dialogue engine', async ({ page }) => {
    // Three replies, each shown no sooner than a second after the line it answers.
    test.slow();
    await page.goto('/demo');
    const scenario = DEMO_SCENARIOS[0];
    if (!scenario) throw new Error('no scenario');
    await page.getByRole('button', { name: 'Call: Appointment Reminder (interactive)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Appointment Reminder' });
    await expect(dialog).toBeVisible();
    const transcript = dialog.getByRole('log', { name: 'Call transcript' });
    await expect(transcript.locator('[data-speaker="ai"]')).toHaveText([`AI: ${scenario.initialPrompt}`]);
    const input = dialog.getByPlaceholder('Type your response...');
    await expect(input).toBeFocused();

    // Enter sends; the reply takes at least a second.
    await input.fill('Purple elephants');
    const sentAt = Date.now();
    const reply = page.waitForResponse((response) => response.url().endsWith('/v1/demo/reply'));
    await input.press('Enter');
    await expect(transcript.locator('[data-speaker="you"]')).toHaveText(['You: Purple elephants']);
    await expect(input).toHaveValue('');
    const request = (await reply).request().postDataJSON();
    expect(request).toEqual({
      scenario: 'appointment-reminder',
      transcript: [{ speaker: 'ai', text: scenario.initialPrompt }],
      text: 'Purple elephants',
    });
    await expect(transcript.locator('[data-speaker="ai"]')).toHaveCount(2);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1_000);
    await expect(transcript.locator('[data-speaker="ai"]').nth(1)).toContainText(
      'AI: Sorry, I didn’t catch that.',
    );

    // Send sends too; the engine understands the answer and the call ends with its outcome.
    await input.fill("Yes, I'll be there");
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(transcript.locator('[data-speaker="you"]').nth(1)).toHaveText("You: Yes, I'll be there");
    await expect(transcript.locator('[data-speaker="ai"]').nth(2)).toHaveText(
      'AI: Thank you, your appointment with Bright Smile Dental is confirmed. Goodbye.',
    );
    await expect(dialog.getByText('Recorded outcome: Confirmed')).toBeVisible();
    await expect(input).toBeDisabled();

    // Call Again starts over.
    await dialog.getByRole('button', { name: 'Call Again' }).click();
    await expect(transcript.locator('p[data-speaker]')).toHaveCount(1);
    await expect(input).toBeEnabled();
    await input.fill('Can we do Thursday instead?');
    await input.press('Enter');
    // Open times near the one wished for, as a real call offers them; the conversation goes on.
    await expect(transcript.locator('[data-speaker="ai"]').nth(1)).toContainText(
      'AI: Here are the open times nearest Thursday. For Thursday,',
    );
    await expect(input).toBeEnabled();
    const chosen = page.waitForResponse((response) => response.url().endsWith('/v1/demo/reply'));
    await input.fill('1');
    await input.press('Enter');
    // The state of the conversation went back with the answer.
    expect((await chosen).request().postDataJSON().state).toMatchObject({ stage: 'offering', turns: 1 });
    await expect(transcript.locator('[data-speaker="ai"]').nth(2)).toContainText(
      "AI: You're booked for Thursday,",
    );
    await expect(dialog.getByText('Recorded outcome: Rescheduled')).toBeVisible();

    // Closing ends the call and forgets it.
    await dialog.getByRole('button', { name: 'End Call' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Call: Appointment Reminder (interactive)' }).click();
    await expect(transcript.locator('p[data-speaker]')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('Speak records the answer with the browser’s speech recognition', async ({ page }) => {
    // A stand-in for the browser's recognition service: it hears what the test says.
    await page.addInitScript(() => {
      class FakeRecognition {
        onresult: ((event: unknown) => void) | null = null;
        onerror: ((event: unknown) => void) | null = null;
        onend: (() => void) | null = null;
        lang = '';
        interimResults = false;
        maxAlternatives = 1;
        continuous = false;
        start() {
          (window as unknown as { hear: (text: string) => void }).hear = (text: string) => {
            this.onresult?.({ results: [[{ transcript: text }]] });
            this.onend?.();
          };
        }
        stop() {
          this.onend?.();
        }
        abort() {
          this.onend?.();
        }
      }
      Object.assign(window, { SpeechRecognition: FakeRecognition, webkitSpeechRecognition: FakeRecognition });
    });
    await page.goto('/demo');
    await page.getByRole('button', { name: 'Call: Order Confirmation (interactive)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order Confirmation' });
    await dialog.getByRole('button', { name: 'Speak' }).click();
    const stop = dialog.getByRole('button', { name: 'Stop Recording' });
    await expect(stop).toBeVisible();
    await stop.click();
    await expect(dialog.getByRole('button', { name: 'Speak' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Speak' }).click();
    await page.evaluate(() => (window as unknown as { hear: (text: string) => void }).hear('press one'));
    const transcript = dialog.getByRole('log', { name: 'Call transcript' });
    await expect(transcript.locator('[data-speaker="you"]')).toHaveText(['You: press one']);
    await expect(transcript.locator('[data-speaker="ai"]').nth(1)).toHaveText(
      'AI: Thank you, your order with QuickMart is confirmed. Goodbye.',
    );
    await expect(dialog.getByRole('button', { name: 'Stop Recording' })).toHaveCount(0);
  });
});
