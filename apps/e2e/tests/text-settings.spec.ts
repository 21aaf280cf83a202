import type { Page } from '@playwright/test';
import { expect, seriousViolations, signInAsNewUser, test } from './fixtures.ts';

// Settings → Texts: the text after a call that reached nobody (for the call types ticked) and the missed-call
// text-back, each with a live preview and its size as the carrier bills it; saved with PUT /v1/text-settings.

const UNKNOWN_VARIABLE = 'Use only {{first_name}}, {{name}} and {{business_name}}.';

const followUp = (page: Page) => page.getByRole('region', { name: 'Text after a missed call' });
const textBack = (page: Page) => page.getByRole('region', { name: 'Missed-call text-back' });

test('a new account’s defaults; a changed text is previewed, counted, saved and kept', async ({
  page,
  request,
}) => {
  await signInAsNewUser(page, request);
  await page.goto('/settings/texts');
  await expect(page.getByRole('heading', { level: 2, name: 'Texts after calls' })).toBeVisible();

  // The defaults: reminders followed by a text, missed calls answered.
  const types = followUp(page).getByRole('group', {
    name: 'Follow up by text when a call of this type reaches nobody or voicemail',
  });
  await expect(types.getByRole('checkbox', { name: 'Appointment Reminder' })).toBeChecked();
  await expect(types.getByRole('checkbox', { name: 'Promotional' })).not.toBeChecked();
  await expect(types.getByRole('checkbox')).toHaveCount(6);
  const switchBack = textBack(page).getByRole('switch', {
    name: 'Answer a call to your business number nobody took with a text, at most one a day per caller',
  });
  await expect(switchBack).toBeChecked();
  await expect(followUp(page).getByTestId('follow-up-window')).toContainText('in the person’s time zone');

  // The preview fills the variables for Maria and the counter follows.
  const text = page.getByLabel('Follow-up text', { exact: true });
  await expect(text).toHaveValue(/\{\{first_name\}\}/);
  const preview = page.getByTestId('follow-up-preview-text');
  const size = page.getByTestId('follow-up-preview-size');
  await expect(preview).toContainText('Hi Maria,');
  await expect(size).toHaveText(/^\d+ characters · 1 segment · GSM-7 · about \$0\.0079 each$/);

  await text.fill('Hi {{first_name}}, {{business_name}} missed you. Call us back!');
  await expect(preview).toHaveText(/^Hi Maria, .+ missed you\. Call us back!$/);
  await expect(size).toContainText('GSM-7');
  await expect(page.getByTestId('follow-up-preview-ucs2')).toHaveCount(0);

  // An emoji makes it UCS-2, and the preview names it; a long text takes more segments.
  await text.fill('Hi {{first_name}}, we missed you 😊 Call us back!');
  await expect(preview).toHaveText('Hi Maria, we missed you 😊 Call us back!');
  await expect(size).toHaveText('39 characters · 1 segment · UCS-2 · about $0.0079 each');
  await expect(page.getByTestId('follow-up-preview-ucs2')).toContainText('😊');
  await text.fill(`Hi {{first_name}} 😊 ${'x'.repeat(70)}`);
  await expect(size).toHaveText('81 characters · 2 segments · UCS-2 · about $0.0158 each');

  // Promotional calls too, and no text-back.
  await types.getByRole('checkbox', { name: 'Promotional' }).check();
  await switchBack.click();
  await expect(switchBack).not.toBeChecked();
  await text.fill('Hi {{first_name}}, we missed you 😊 Call us back!');
  const save = page.getByRole('button', { name: 'Save Texts' });
  await save.click();
  await expect(page.getByText('Texts saved')).toBeVisible();
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(text).toHaveValue('Hi {{first_name}}, we missed you 😊 Call us back!');
  await expect(types.getByRole('checkbox', { name: 'Promotional' })).toBeChecked();
  await expect(types.getByRole('checkbox', { name: 'Appointment Reminder' })).toBeChecked();
  await expect(switchBack).not.toBeChecked();
  await expect(size).toContainText('UCS-2');

  // Cancel puts back what was saved.
  await text.fill('Not saved');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(text).toHaveValue('Hi {{first_name}}, we missed you 😊 Call us back!');
});

test('a variable texts do not have is refused under its field, with the server’s words', async ({
  page,
  request,
}) => {
  const user = await signInAsNewUser(page, request);
  await page.goto('/settings/texts');
  const text = page.getByLabel('Text-back text', { exact: true });
  await expect(text).toHaveValue(/\{\{business_name\}\}/);

  // The server's own answer to this text.
  const answer = await request.put('/v1/text-settings', {
    headers: { authorization: `Bearer ${user.session.access_token}` },
    data: { missed_call_text: 'Dear {{last_name}}, we missed your call.' },
  });
  expect(answer.status()).toBe(400);
  const body = (await answer.json()) as {
    error: { code: string; details: { field: string; message: string }[] };
  };
  expect(body.error.code).toBe('validation_failed');
  expect(body.error.details).toEqual([{ field: 'missed_call_text', message: UNKNOWN_VARIABLE }]);

  await text.fill('Dear {{last_name}}, we missed your call.');
  await expect(page.getByTestId('missed-call-preview-text')).toContainText(
    '{{last_name}} cannot be filled in',
  );
  await page.getByRole('button', { name: 'Save Texts' }).click();
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await expect(text).toHaveAccessibleDescription(
    new RegExp(`^${UNKNOWN_VARIABLE.replace(/[{}.]/g, '\\$&')}`),
  );
  await expect(textBack(page).getByText(UNKNOWN_VARIABLE)).toBeVisible();
  await expect(text).toBeFocused();

  // Nothing was saved.
  await page.reload();
  await expect(text).toHaveValue(/\{\{business_name\}\}/);
});

for (const width of [1280, 360]) {
  test(`no serious axe problem at ${width} px${width === 360 ? ', nothing wider than the screen' : ''}`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await signInAsNewUser(page, request);
    await page.goto('/settings/texts');
    const text = page.getByLabel('Follow-up text', { exact: true });
    await expect(text).toBeVisible();
    // With the UCS-2 hint and an error showing too.
    await text.fill('Hi {{first_name}} 😊 “thanks”');
    await page.getByLabel('Text-back text', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save Texts' }).click();
    await expect(page.getByText('Write the text.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
