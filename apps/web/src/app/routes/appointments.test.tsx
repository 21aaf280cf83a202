import { appointmentSchema } from '@callwise/shared/schemas/appointments';
import { bookingSettingsSchema } from '@callwise/shared/schemas/booking';
import { contactSchema } from '@callwise/shared/schemas/contacts';
import { pageSchema } from '@callwise/shared/schemas/pagination';
import { slotOfferSchema, waitlistEntrySchema } from '@callwise/shared/schemas/waitlist';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import AppointmentsPage from '@/app/routes/appointments';
import * as fixtures from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { apiError, recordRequests, reply, server, url } from '@/test/server';

const appointmentsPage = pageSchema(appointmentSchema);
const DAY = '2026-12-02';

function answerAppointments(list: z.input<typeof appointmentSchema>[], wait = 0) {
  server.use(
    http.get(url('/v1/appointments'), async () => {
      await delay(wait);
      return reply(appointmentsPage, { data: list, next_cursor: null });
    }),
  );
}

beforeEach(() => {
  server.use(
    http.get(url('/v1/booking-settings'), () =>
      reply(
        bookingSettingsSchema,
        fixtures.bookingSettings({
          staff: [
            { name: 'Dr. Kim', bookable: true, hours: null },
            { name: 'Sam', bookable: true, hours: null },
          ],
        }),
      ),
    ),
    http.get(url('/v1/waitlist'), () =>
      reply(z.object({ data: z.array(waitlistEntrySchema) }), { data: [] }),
    ),
    http.get(url('/v1/waitlist/offers'), () =>
      reply(z.object({ data: z.array(slotOfferSchema) }), { data: [] }),
    ),
    http.get(url('/v1/contacts/:id'), ({ params }) =>
      reply(
        contactSchema,
        params.id === fixtures.id(102)
          ? fixtures.contact({ id: fixtures.id(102), name: 'Ben Carter', phone: '+12025550188' })
          : fixtures.contact(),
      ),
    ),
  );
});

describe('Appointments page: the agenda', () => {
  it('shows that it is loading, then that the day is empty, having asked for that day', async () => {
    const sent = recordRequests();
    answerAppointments([], 100);
    renderWithProviders(<AppointmentsPage />, { route: `/appointments?view=day&date=${DAY}` });

    expect(await screen.findByRole('status', { name: 'Loading appointments' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No appointments this day' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading appointments' })).not.toBeInTheDocument();
    const asked = sent.find((request) => request.path === '/appointments');
    expect(asked?.search.get('from')).toBe('2026-12-02T00:00:00.000Z');
    expect(asked?.search.get('to')).toBe('2026-12-03T00:00:00.000Z');
    expect(asked?.search.has('status')).toBe(false);
  });

  it('lists the day’s appointments by staff member, with the contact’s name, service and status', async () => {
    answerAppointments([
      fixtures.appointment(),
      fixtures.appointment({
        id: fixtures.id(402),
        contact_id: fixtures.id(102),
        starts_at: '2026-12-02T16:00:00.000Z',
        ends_at: '2026-12-02T17:00:00.000Z',
        duration_minutes: 60,
        service: 'Whitening',
        staff: 'Sam',
        status: 'confirmed',
      }),
      // Moved: shown once, at its new time (the appointment that replaced it), not here.
      fixtures.appointment({
        id: fixtures.id(403),
        starts_at: '2026-12-02T09:00:00.000Z',
        ends_at: '2026-12-02T09:30:00.000Z',
        status: 'rescheduled',
        rescheduled_to: fixtures.id(401),
      }),
    ]);
    renderWithProviders(<AppointmentsPage />, { route: `/appointments?view=day&date=${DAY}` });

    const kim = await screen.findByRole('list', { name: 'Dr. Kim' });
    const kimCards = within(kim).getAllByRole('button');
    expect(kimCards).toHaveLength(1);
    await waitFor(() => expect(kimCards[0]).toHaveTextContent('Maria Lopez'));
    expect(kimCards[0]).toHaveTextContent('2:00 PM to 2:30 PM');
    expect(kimCards[0]).toHaveTextContent('Cleaning');
    expect(kimCards[0]).toHaveTextContent('Scheduled');

    const sam = screen.getByRole('list', { name: 'Sam' });
    await waitFor(() => expect(within(sam).getByRole('button')).toHaveTextContent('Ben Carter'));
    expect(within(sam).getByRole('button')).toHaveTextContent('4:00 PM to 5:00 PM');
    expect(within(sam).getByRole('button')).toHaveTextContent('Confirmed');
    expect(screen.queryByText(/9:00 AM/)).not.toBeInTheDocument();
  });

  it('says when the appointments could not be loaded, and tries again', async () => {
    let fail = true;
    server.use(
      http.get(url('/v1/appointments'), () =>
        fail
          ? apiError(500, 'internal', 'The agenda is unavailable.')
          : reply(appointmentsPage, { data: [fixtures.appointment()], next_cursor: null }),
      ),
    );
    const { user } = renderWithProviders(<AppointmentsPage />, {
      route: `/appointments?view=day&date=${DAY}`,
    });

    expect(await screen.findByText('Appointments could not be loaded')).toBeInTheDocument();
    expect(screen.getAllByText('The agenda is unavailable.').length).toBeGreaterThan(0);
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('list', { name: 'Dr. Kim' })).toBeInTheDocument();
  });

  it('with a filter, says nothing matches and clears the filter on request', async () => {
    const sent = recordRequests();
    answerAppointments([]);
    const { user } = renderWithProviders(<AppointmentsPage />, {
      route: `/appointments?view=day&date=${DAY}&status=confirmed`,
    });

    expect(
      await screen.findByRole('heading', { name: 'No matching appointments this day' }),
    ).toBeInTheDocument();
    expect(sent.find((request) => request.path === '/appointments')?.search.get('status')).toBe('confirmed');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('heading', { name: 'No appointments this day' })).toBeInTheDocument();
    expect(
      sent
        .filter((request) => request.path === '/appointments')
        .at(-1)
        ?.search.has('status'),
    ).toBe(false);
  });
});
