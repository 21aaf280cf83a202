import { callingRulesSchema } from '@callwise/shared/schemas/calling-rules';
import { callSchema } from '@callwise/shared/schemas/calls';
import { contactSchema } from '@callwise/shared/schemas/contacts';
import { dashboardSchema } from '@callwise/shared/schemas/dashboard';
import { voiceListSchema } from '@callwise/shared/schemas/voices';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ScheduleCallView } from '@/features/schedule-call/components/schedule-call-view';
import * as fixtures from '@/test/fixtures';
import { build } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { apiError, recordRequests, reply, server, url } from '@/test/server';

const usage = build('usage', dashboardSchema.shape.usage, {
  plan: 'trial',
  used: 3,
  included: 10,
  remaining: 7,
  percent: 30,
});

function renderView({ contactId = null }: { contactId?: string | null } = {}) {
  const onScheduled = vi.fn();
  const result = renderWithProviders(
    <ScheduleCallView
      usage={usage}
      simulated={false}
      contactId={contactId}
      scriptId={null}
      onClose={() => undefined}
      onScheduled={onScheduled}
    />,
    { route: '/dashboard?schedule=1' },
  );
  return { ...result, onScheduled };
}

beforeEach(() => {
  server.use(
    http.get(url('/v1/voices'), () => reply(voiceListSchema, fixtures.voices())),
    http.get(url('/v1/account/calling-rules'), () => reply(callingRulesSchema, fixtures.callingRules())),
  );
});

describe('ScheduleCallView', () => {
  it('says what is missing and sends nothing when the form is submitted empty', async () => {
    const sent = recordRequests();
    const { user } = renderView();
    expect(screen.getByText('7 of 10 trial calls remaining')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Schedule Call' }));

    expect(await screen.findByLabelText('Recipient name')).toHaveAccessibleDescription(
      "Please enter the recipient's name.",
    );
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription('Please enter a phone number.');
    expect(screen.getByLabelText('Custom message')).toHaveAccessibleDescription(
      'Please enter a message for the call.',
    );
    expect(screen.getByLabelText('Recipient name')).toHaveAttribute('aria-invalid', 'true');
    // The first invalid field in the page's order takes the focus.
    await waitFor(() => expect(screen.getByLabelText('Recipient name')).toHaveFocus());
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('asks for the value of each variable the message uses before scheduling', async () => {
    const { user } = renderView();
    await user.type(screen.getByLabelText('Recipient name'), 'Maria Lopez');
    await user.type(screen.getByLabelText('Phone number'), '(202) 555-0143');
    // user-event reads "{{" as a literal "{".
    await user.type(screen.getByLabelText('Custom message'), 'See you on {{{{date}}.');

    const values = await screen.findByRole('group', { name: 'Values for this call' });
    await user.click(screen.getByRole('button', { name: 'Schedule Call' }));

    expect(await within(values).findByLabelText('{{date}}')).toHaveAccessibleDescription(
      'Enter a value for {{date}}.',
    );
  });

  it('posts the call it was given and confirms it', async () => {
    let posted: unknown;
    server.use(
      http.post(url('/v1/calls'), async ({ request }) => {
        posted = await request.json();
        return reply(callSchema, fixtures.call({ recipient_name: 'Maria Lopez' }), { status: 201 });
      }),
    );
    const { user, onScheduled } = renderView();
    await user.type(screen.getByLabelText('Recipient name'), 'Maria Lopez');
    await user.type(screen.getByLabelText('Phone number'), '(202) 555-0143');
    fireEvent.change(screen.getByLabelText(/^Schedule time/), { target: { value: '2027-03-10T15:30' } });
    await user.type(screen.getByLabelText('Custom message'), 'See you on {{{{date}}.');
    await user.type(await screen.findByLabelText('{{date}}'), 'Tuesday');

    await user.click(screen.getByRole('button', { name: 'Schedule Call' }));

    expect(await screen.findByTestId('schedule-success')).toHaveTextContent(
      'Call Scheduled! Your call to Maria Lopez has been scheduled successfully.',
    );
    expect(posted).toEqual({
      phone: '(202) 555-0143',
      recipient_name: 'Maria Lopez',
      message: 'See you on {{date}}.',
      voice: 'aria',
      call_type: 'custom',
      scheduled_at: '2027-03-10T15:30:00.000Z',
      variables: { date: 'Tuesday' },
    });
    expect(onScheduled).toHaveBeenCalledOnce();
    // The form starts again, empty.
    expect(screen.getByLabelText('Recipient name')).toHaveValue('');
  });

  it('puts a calling rule’s refusal under the phone number', async () => {
    server.use(
      http.post(url('/v1/calls'), () =>
        apiError(422, 'do_not_call', 'This number is on your do-not-call list.'),
      ),
    );
    const { user } = renderView();
    await user.type(screen.getByLabelText('Recipient name'), 'Maria Lopez');
    await user.type(screen.getByLabelText('Phone number'), '(202) 555-0143');
    await user.type(screen.getByLabelText('Custom message'), 'Hello');

    await user.click(screen.getByRole('button', { name: 'Schedule Call' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
        'This number is on your do-not-call list.',
      ),
    );
    expect(await screen.findByText('Call not scheduled')).toBeInTheDocument();
    expect(screen.queryByTestId('schedule-success')).not.toBeInTheDocument();
  });

  it('warns when the time falls outside the calling window in the recipient’s time', async () => {
    const { user } = renderView();
    await user.type(screen.getByLabelText('Phone number'), '(202) 555-0143');
    // 03:00 UTC is 22:00 the evening before in Washington, after the window closes at 21:00.
    fireEvent.change(screen.getByLabelText(/^Schedule time/), { target: { value: '2027-03-10T03:00' } });

    const hint = await screen.findByText(/outside the calling window/);
    expect(hint).toHaveTextContent(
      'That is outside the calling window (08:00–21:00 in the recipient’s time). The call will go out at 8:00 AM',
    );
    expect(hint).toHaveTextContent('America/New_York');

    // Inside the window: no warning.
    fireEvent.change(screen.getByLabelText(/^Schedule time/), { target: { value: '2027-03-10T15:00' } });
    await waitFor(() => expect(screen.queryByText(/outside the calling window/)).not.toBeInTheDocument());
  });

  it('generates a voice preview of the message, or says a message is needed first', async () => {
    let previewed: unknown;
    server.use(
      http.post(url('/v1/voices/preview'), async ({ request }) => {
        previewed = await request.json();
        return new HttpResponse(new Uint8Array([82, 73, 70, 70]), {
          headers: { 'content-type': 'audio/wav', 'x-audio-duration': '4.5' },
        });
      }),
    );
    const { user } = renderView();
    expect(screen.getByText(/^Hear the whole call before you schedule it/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Generate Preview' }));
    expect(screen.getByLabelText('Custom message')).toHaveAccessibleDescription(
      'Please enter a message to generate voice preview.',
    );
    expect(previewed).toBeUndefined();

    await user.type(screen.getByLabelText('Recipient name'), 'Maria Lopez');
    await user.type(screen.getByLabelText('Custom message'), 'Hi {{{{first_name}}!');
    await user.click(screen.getByRole('button', { name: 'Generate Preview' }));

    expect(await screen.findByRole('button', { name: 'Play Preview' })).toBeInTheDocument();
    expect(screen.getByText('Preview ready. Press play to listen.')).toBeInTheDocument();
    expect(await screen.findByText('Voice Generated!')).toBeInTheDocument();
    expect(previewed).toEqual({
      voice: 'aria',
      text: 'Hi {{first_name}}!',
      variables: { name: 'Maria Lopez', first_name: 'Maria', last_name: 'Lopez' },
    });

    // A change to the message discards the preview.
    await user.type(screen.getByLabelText('Custom message'), ' Bye.');
    expect(await screen.findByRole('button', { name: 'Generate Preview' })).toBeInTheDocument();
  });

  it('calls a contact from the address (Call Now) by its id, with its name and number filled in', async () => {
    let posted: unknown;
    server.use(
      http.get(url('/v1/contacts/:id'), () => reply(contactSchema, fixtures.contact())),
      http.post(url('/v1/calls'), async ({ request }) => {
        posted = await request.json();
        return reply(callSchema, fixtures.call({ contact_id: fixtures.id(101) }), { status: 201 });
      }),
    );
    const { user } = renderView({ contactId: fixtures.id(101) });

    const picked = await screen.findByTestId('picked-contact');
    expect(picked).toHaveTextContent('Maria Lopez');
    expect(picked).toHaveTextContent('+1 202 555 0143');
    expect(screen.getByLabelText('Recipient name')).toHaveValue('Maria Lopez');
    expect(screen.getByLabelText('Recipient name')).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Appointment Reminder' }));
    await user.type(await screen.findByLabelText('{{date}}'), 'Tuesday');
    await user.type(await screen.findByLabelText('{{time}}'), '3 PM');
    fireEvent.change(screen.getByLabelText(/^Schedule time/), { target: { value: '2027-03-10T15:30' } });

    await user.click(screen.getByRole('button', { name: 'Schedule Call' }));

    await screen.findByTestId('schedule-success');
    expect(posted).toMatchObject({
      contact_id: fixtures.id(101),
      call_type: 'appointment-reminder',
      scheduled_at: '2027-03-10T15:30:00.000Z',
      variables: { date: 'Tuesday', time: '3 PM' },
    });
    expect(posted).not.toHaveProperty('phone');
    expect(posted).not.toHaveProperty('recipient_name');
  });
});
