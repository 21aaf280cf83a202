import { SUPPORT_EMAIL } from '@callwise/shared/product';
import { expect, latestMail, test } from './fixtures.ts';

test.describe('help', () => {
  test('a visitor gets it with the public header; search filters the topics and questions', async ({
    page,
  }) => {
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Pricing' })).toBeVisible();
    const topics = page.getByTestId('help-topic');
    const faqs = page.getByTestId('help-faq');
    await expect(topics).toHaveCount(3);
    await expect(faqs).toHaveCount(4);

    const search = page.getByRole('searchbox', { name: 'Search help' });
    await search.fill('trial');
    await expect(topics).toHaveCount(1);
    await expect(topics.getByRole('heading')).toHaveText('Billing and Plans');
    await expect(faqs).toHaveCount(1);
    await expect(faqs.locator('dt')).toHaveText('What is included in the free trial?');
    await expect(page.getByRole('heading', { name: 'Matching questions' })).toBeVisible();

    await search.fill('VOICE preview');
    await expect(topics.getByRole('heading')).toHaveText(['Scripts and Voices']);
    await expect(faqs.locator('dt')).toHaveText(['How do I schedule my first call?']);

    await search.fill('spaceship');
    await expect(topics).toHaveCount(0);
    await expect(faqs).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No results for “spaceship”' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(search).toHaveValue('');
    await expect(topics).toHaveCount(3);
    await expect(faqs).toHaveCount(4);

    await expect(page.getByText('Our support team replies in about 24 hours.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Email Support' })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}`,
    );
  });

  test('a signed-in user gets it in the workspace, with the form filled in', async ({
    signedInPage: page,
    account,
  }) => {
    await page.goto('/help');
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await page.getByRole('button', { name: 'Send a Message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Message support' });
    await expect(dialog.getByLabel('Name')).toHaveValue(`${account.firstName} ${account.lastName}`);
    await expect(dialog.getByLabel('Email')).toHaveValue(account.email);
  });

  test('Send a Message checks the form, sends the message to support and a copy to the sender', async ({
    page,
    request,
  }) => {
    await page.goto('/help');
    await page.getByRole('button', { name: 'Send a Message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Message support' });
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(dialog.getByText('Please enter your name.')).toBeVisible();
    await expect(dialog.getByText('Please enter your email address.')).toBeVisible();
    await expect(dialog.getByText(/Please tell us a little more/)).toBeVisible();
    await expect(dialog.getByLabel('Name')).toBeFocused();

    const email = `visitor-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await dialog.getByLabel('Name').fill('Dana Miller');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Message').fill('Can I import contacts from a spreadsheet?\n\nThanks!');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    // The dialog now says that the message went.
    const sent = page.getByRole('dialog', { name: 'Message sent' });
    await expect(sent).toBeVisible();
    await expect(sent.getByText(`We have e-mailed a copy to ${email}`)).toBeVisible();
    await expect(sent.getByText('replies in about 24 hours')).toBeVisible();

    const copy = await latestMail(request, email, /We received your message/);
    expect(copy.text).toContain('Can I import contacts from a spreadsheet?');
    const toSupport = await latestMail(request, SUPPORT_EMAIL, /Support request from Dana Miller/);
    expect(toSupport.text).toContain(email);

    await sent.getByRole('button', { name: 'Close' }).first().click();
    await expect(sent).toBeHidden();
    await expect(page.getByRole('button', { name: 'Send a Message' })).toBeFocused();
  });
});
