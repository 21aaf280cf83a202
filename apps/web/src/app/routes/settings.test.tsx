import { callingRulesSchema } from '@callwise/shared/schemas/calling-rules';
import { meSchema } from '@callwise/shared/schemas/me';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import SettingsPage from '@/app/routes/settings';
import * as fixtures from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { apiError, reply, server, url } from '@/test/server';
import { authUser } from '@/test/session';

const unavailable = (element: HTMLElement) => element.matches(':disabled, [aria-disabled="true"]');

function renderSettings(section: string) {
  return renderWithProviders(<SettingsPage />, { route: `/settings/${section}`, path: '/settings/:section' });
}

function answerMe(overrides: Parameters<typeof fixtures.me>[0] = {}) {
  server.use(http.get(url('/v1/me'), () => reply(meSchema, fixtures.me(overrides))));
}

describe('Settings → Calling rules', () => {
  it('loads the rules into the form, then saves the changes with PATCH', async () => {
    answerMe();
    let patched: unknown;
    server.use(
      http.get(url('/v1/account/calling-rules'), async () => {
        await delay(50);
        return reply(callingRulesSchema, fixtures.callingRules({ calling_window_start: '09:00' }));
      }),
      http.patch(url('/v1/account/calling-rules'), async ({ request }) => {
        patched = await request.json();
        return reply(
          callingRulesSchema,
          fixtures.callingRules({
            calling_window_start: '09:00',
            calling_window_end: '18:30',
            daily_call_cap: 3,
          }),
        );
      }),
    );
    const { user } = renderSettings('calling-rules');

    expect(await screen.findByRole('status', { name: 'Loading calling rules' })).toBeInTheDocument();
    const from = await screen.findByLabelText('From');
    expect(from).toHaveValue('09:00');
    expect(screen.getByLabelText('Until')).toHaveValue('21:00');
    expect(screen.getByLabelText('Most calls per day')).toHaveValue(2);
    expect(screen.getByTestId('disclosure-preview')).toHaveTextContent(
      'This is an automated call from Sunny Dental.',
    );
    const save = screen.getByRole('button', { name: 'Save Rules' });
    expect(save).toBeDisabled();

    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '18:30' } });
    await user.clear(screen.getByLabelText('Most calls per day'));
    await user.type(screen.getByLabelText('Most calls per day'), '3');
    expect(screen.getByText(/Each person gets at most 3 calls a day/)).toBeInTheDocument();
    await user.click(save);

    expect(await screen.findByText('Calling rules saved')).toBeInTheDocument();
    expect(patched).toEqual({
      calling_window_start: '09:00',
      calling_window_end: '18:30',
      daily_call_cap: 3,
      disclosure: 'This is an automated call from {{business_name}}.',
    });
    // Saved: nothing left to save (the button keeps the focus, marked aria-disabled, until the focus moves on).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save Rules' })).toSatisfy(unavailable, 'unavailable'),
    );
  });

  it('refuses rules the law does not allow, without sending them', async () => {
    answerMe();
    let patches = 0;
    server.use(
      http.get(url('/v1/account/calling-rules'), () => reply(callingRulesSchema, fixtures.callingRules())),
      http.patch(url('/v1/account/calling-rules'), () => {
        patches += 1;
        return apiError(500, 'internal', 'unexpected');
      }),
    );
    const { user } = renderSettings('calling-rules');

    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '07:00' } });
    await user.clear(screen.getByLabelText('Most calls per day'));
    await user.type(screen.getByLabelText('Most calls per day'), '11');
    await user.clear(screen.getByLabelText('Disclosure'));
    await user.type(screen.getByLabelText('Disclosure'), 'Hello from us, a business.');
    await user.click(screen.getByRole('button', { name: 'Save Rules' }));

    expect(await screen.findByText(/Calls cannot start before 08:00/)).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Most calls per day')).toHaveAccessibleDescription(
      'Allow between 1 and 10 calls per day.',
    );
    expect(screen.getByLabelText('Disclosure')).toHaveAccessibleDescription(
      expect.stringContaining('Keep {{business_name}} in the disclosure'),
    );
    expect(patches).toBe(0);
  });

  it('shows the server’s refusal under its field, and any other failure in a toast', async () => {
    answerMe();
    let answer = apiError(400, 'validation_failed', 'Invalid input', [
      { field: 'calling_window_end', message: 'The window must end after it starts.' },
    ]);
    server.use(
      http.get(url('/v1/account/calling-rules'), () => reply(callingRulesSchema, fixtures.callingRules())),
      http.patch(url('/v1/account/calling-rules'), () => answer),
    );
    const { user } = renderSettings('calling-rules');

    fireEvent.change(await screen.findByLabelText('Until'), { target: { value: '20:00' } });
    await user.click(screen.getByRole('button', { name: 'Save Rules' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Until')).toHaveAccessibleDescription(
        'The window must end after it starts.',
      ),
    );
    expect(screen.queryByText('Error saving calling rules')).not.toBeInTheDocument();

    answer = apiError(503, 'unavailable', 'The database is busy. Try again in a moment.');
    await user.click(screen.getByRole('button', { name: 'Save Rules' }));
    expect(await screen.findByText('Error saving calling rules')).toBeInTheDocument();
    expect(screen.getByText('The database is busy. Try again in a moment.')).toBeInTheDocument();
  });

  it('says when the rules could not be loaded, and loads them on Try again', async () => {
    answerMe();
    let fail = true;
    server.use(
      http.get(url('/v1/account/calling-rules'), () =>
        fail
          ? apiError(500, 'internal', 'Something broke.')
          : reply(callingRulesSchema, fixtures.callingRules()),
      ),
    );
    const { user } = renderSettings('calling-rules');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The calling rules could not be loaded. Something broke.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('From')).toHaveValue('08:00');
  });

  it('tells a staff member who may change the rules instead of showing them', async () => {
    answerMe({ role: 'staff' });
    renderSettings('calling-rules');

    expect(
      await screen.findByRole('heading', { name: 'Only an owner or admin can change this.' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute(
      'href',
      '/settings/profile',
    );
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
  });
});

describe('Settings → Notifications', () => {
  it('saves a switch as it is flipped, and puts it back with a toast when the server refuses', async () => {
    answerMe();
    const patches: unknown[] = [];
    let refuse = false;
    server.use(
      http.patch(url('/v1/me/notifications'), async ({ request }) => {
        const body = (await request.json()) as Record<string, boolean>;
        patches.push(body);
        if (refuse) return apiError(500, 'internal', 'Could not save the switch.');
        const current = fixtures.me().notifications;
        return reply(meSchema, fixtures.me({ notifications: { ...current, ...body } }));
      }),
    );
    const { user } = renderSettings('notifications');

    const summaries = await screen.findByRole('switch', { name: 'Call summaries' });
    expect(summaries).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Email notifications' })).toBeChecked();

    await user.click(summaries);
    await waitFor(() => expect(patches).toEqual([{ call_summaries: true }]));
    expect(summaries).toBeChecked();

    refuse = true;
    const alerts = screen.getByRole('switch', { name: 'Failure alerts' });
    await user.click(alerts);
    expect(await screen.findByText('Error updating notifications')).toBeInTheDocument();
    expect(screen.getByText('Could not save the switch.')).toBeInTheDocument();
    await waitFor(() => expect(alerts).toBeChecked());
    expect(patches).toEqual([{ call_summaries: true }, { failure_alerts: false }]);
  });
});

describe('Settings → Profile', () => {
  it('saves the account’s side with PATCH /v1/me, then the name on the auth server', async () => {
    answerMe();
    let patched: unknown;
    let authUpdate: unknown;
    server.use(
      http.patch(url('/v1/me'), async ({ request }) => {
        patched = await request.json();
        return reply(meSchema, fixtures.me({ phone_number: '+12025550199' }));
      }),
      http.put(url('/auth/v1/user'), async ({ request }) => {
        authUpdate = await request.json();
        const user = authUser();
        return HttpResponse.json({ ...user, user_metadata: { ...user.user_metadata, last_name: 'Smith' } });
      }),
    );
    const { user } = renderSettings('profile');

    const lastName = await screen.findByLabelText('Last Name');
    expect(screen.getByLabelText('First Name')).toHaveValue('Olivia');
    expect(lastName).toHaveValue('Owner');
    expect(screen.getByLabelText('Email')).toHaveValue('owner@example.com');
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 202 555 0100');
    await user.clear(lastName);
    await user.type(lastName, 'Smith');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '(202) 555-0199');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(patched).toEqual({ timezone: 'America/New_York', phone_number: '(202) 555-0199' });
    // The auth client adds its own fields (code_challenge); the e-mail address did not change, so it is not sent.
    expect(authUpdate).toMatchObject({
      data: { first_name: 'Olivia', last_name: 'Smith', business_name: 'Sunny Dental' },
    });
    expect(authUpdate).not.toHaveProperty('email');
  });

  it('shows a refused number under the phone field, with a toast, and saves nothing else', async () => {
    answerMe();
    let authUpdates = 0;
    server.use(
      http.patch(url('/v1/me'), () =>
        apiError(400, 'validation_failed', 'Invalid input', [
          { field: 'phone_number', message: 'Enter a phone number with its area code.' },
        ]),
      ),
      http.put(url('/auth/v1/user'), () => {
        authUpdates += 1;
        return HttpResponse.json(authUser());
      }),
    );
    const { user } = renderSettings('profile');

    const phone = await screen.findByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '555');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Error updating profile')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(
        'Enter a phone number with its area code.',
      ),
    );
    expect(authUpdates).toBe(0);
  });
});
