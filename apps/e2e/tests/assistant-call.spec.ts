import type { Page } from '@playwright/test';
import { expect, seriousViolations, signInAsNewUser, test } from './fixtures.ts';

// Settings → Assistant → "Call your assistant": the owner calls the business number from the browser, answers by
// typing (a line of keys presses them), hears each reply in the call's voice, and finds the call in Call History.

const PARKING = {
  topic: 'parking',
  question: 'Where can I park?',
  answer: 'There is free parking behind the building.',
};

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(clientWidth);
}

test('the owner talks to the assistant in the browser, hears its voice, and the call is in Call History', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await signInAsNewUser(page, request);
  const saved = await request.put('/v1/assistant', {
    headers: { authorization: `Bearer ${user.session.access_token}` },
    data: { knowledge: [PARKING] },
  });
  expect(saved.status()).toBe(200);
  await page.goto('/settings/assistant');

  const voices: string[] = [];
  page.on('response', (response) => {
    if (/\/v1\/assistant\/test-calls\/[^/]+\/lines\/\d+\/audio$/.test(response.url())) {
      voices.push(`${response.status()} ${response.headers()['content-type']}`);
    }
  });

  await page.getByRole('button', { name: 'Call Your Assistant' }).click();
  const call = page.getByRole('dialog', { name: 'Call your assistant' });
  await expect(call.getByLabel('Call from')).toHaveValue('+1 312 555 0142');
  await call.getByRole('button', { name: 'Call', exact: true }).click();

  const transcript = call.getByRole('log', { name: 'Call transcript' });
  await expect(transcript).toContainText('Thank you for calling');
  const answer = call.getByLabel('Your answer');
  await expect(answer).toBeFocused();
  // The greeting is played in the call's voice.
  await expect.poll(() => voices).toContain('200 audio/wav');

  await answer.fill('Where can I park?');
  await answer.press('Enter');
  await expect(transcript).toContainText(`${PARKING.answer} Is there anything else I can help you with?`);
  await expect.poll(() => voices.length).toBeGreaterThanOrEqual(2);

  await answer.fill('Do you sell gift cards?');
  await call.getByRole('button', { name: 'Send' }).click();
  await expect(transcript).toContainText('Please leave a short message after the tone');
  await answer.fill('Please call me back about gift cards.');
  await answer.press('Enter');

  const ended = call.getByTestId('test-call-ended');
  await expect(ended).toContainText('Call ended. Outcome: Message taken.');
  await expect(answer).toBeDisabled();
  expect(await seriousViolations(page), 'axe with the call ended').toEqual([]);

  await ended.getByRole('link', { name: 'View the call in Call History' }).click();
  await expect(page).toHaveURL(/\/call-history\?direction=inbound&call=[0-9a-f-]{36}$/);
  const sheet = page.getByRole('dialog', { name: /^Inbound call from / });
  await expect(sheet.getByTestId('call-transcript')).toContainText('Please call me back about gift cards.');
});

test('keys press the menu, Hang Up ends the call, and the dialog fits a 360 px phone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInAsNewUser(page, request);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/settings/assistant');
  await page.getByRole('button', { name: 'Call Your Assistant' }).click();
  const call = page.getByRole('dialog', { name: 'Call your assistant' });
  expect(await seriousViolations(page), 'axe before the call').toEqual([]);
  await call.getByRole('button', { name: 'Call', exact: true }).click();
  const transcript = call.getByRole('log', { name: 'Call transcript' });
  await expect(transcript).toContainText('press 0 to talk to someone');

  const answer = call.getByLabel('Your answer');
  await answer.fill('5');
  await answer.press('Enter');
  await expect(transcript).toContainText('You: Pressed 5');
  await expect(transcript).toContainText("Sorry, I didn't understand.");
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page), 'axe during the call at 360 px').toEqual([]);

  await call.getByRole('button', { name: 'Hang Up' }).click();
  await expect(call).toBeHidden();
  await expect(page.getByRole('button', { name: 'Call Your Assistant' })).toBeFocused();

  // The call is on the dashboard among the recent calls, marked inbound.
  await page.goto('/dashboard');
  const recent = page.getByRole('list', { name: 'Recent Call Activity' });
  await expect(recent.getByRole('listitem').first()).toContainText('+1 312 555 0142');
  await expect(recent.getByRole('listitem').first().getByTestId('call-direction')).toHaveText('Inbound');
  await expectNoSidewaysScroll(page);
});
