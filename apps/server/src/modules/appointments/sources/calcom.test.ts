import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CALCOM_BOOKINGS_API_VERSION,
  CalApiError,
  type CalClientOptions,
  CalcomClient,
  CalPayloadError,
  calSignature,
  parseCalWebhook,
  verifyCalSignature,
} from './calcom.ts';
import { calError, type FakeCalcom, startFakeCalcom } from './calcom-test-server.ts';

const SECRET = 'whsec-calcom-test-0123456789';
const API_KEY = 'cal_live_0123456789abcdef0123456789abcdef';

/** Cal.com's documented BOOKING_CREATED example (docs/developing/guides/automation/webhooks.mdx), with a phone. */
function createdBody() {
  return {
    triggerEvent: 'BOOKING_CREATED',
    createdAt: '2023-05-24T09:30:00.538Z',
    payload: {
      type: '60min',
      title: '60min between Pro Example and John Doe',
      description: '',
      additionalNotes: 'Please call me on my cell',
      customInputs: {},
      startTime: '2023-05-25T09:30:00Z',
      endTime: '2023-05-25T10:30:00Z',
      organizer: {
        id: 5,
        name: 'Pro Example',
        email: 'pro@example.com',
        username: 'pro',
        timeZone: 'Asia/Kolkata',
        language: { locale: 'en' },
        timeFormat: 'h:mma',
        utcOffset: 330,
      },
      responses: {
        name: { label: 'your_name', value: 'John Doe' },
        email: { label: 'email_address', value: 'john.doe@example.com' },
        location: { label: 'location', value: { optionValue: '', value: 'inPerson' } },
        notes: { label: 'additional_notes', value: 'Please call me on my cell' },
        guests: { label: 'additional_guests' },
        rescheduleReason: { label: 'reschedule_reason' },
      },
      userFieldsResponses: {},
      attendees: [
        {
          email: 'john.doe@example.com',
          name: 'John Doe',
          firstName: 'John',
          lastName: 'Doe',
          timeZone: 'America/New_York',
          phoneNumber: '+14155550123',
          language: { locale: 'en' },
          utcOffset: -240,
        },
      ],
      location: 'Calcom HQ',
      destinationCalendar: null,
      hideCalendarNotes: false,
      requiresConfirmation: null,
      eventTypeId: 7,
      seatsShowAttendees: true,
      seatsPerTimeSlot: null,
      uid: 'bFJeNb2uX8ANpT3JL5EfXw',
      appsStatus: [],
      eventTitle: '60min',
      eventDescription: '',
      price: 0,
      currency: 'usd',
      length: 60,
      bookingId: 91,
      metadata: {},
      status: 'ACCEPTED',
    },
  };
}

/** BOOKING_RESCHEDULED: the new booking, with the one it replaced in rescheduleUid / rescheduleId. */
function rescheduledBody() {
  const body = createdBody();
  return {
    ...body,
    triggerEvent: 'BOOKING_RESCHEDULED',
    createdAt: '2023-05-24T11:02:13.120Z',
    payload: {
      ...body.payload,
      uid: 'n3wUidAfterMove0000001',
      bookingId: 92,
      startTime: '2023-05-26T11:00:00.000Z',
      endTime: '2023-05-26T12:00:00.000Z',
      rescheduleId: 91,
      rescheduleUid: 'bFJeNb2uX8ANpT3JL5EfXw',
      rescheduleStartTime: '2023-05-25T09:30:00Z',
      rescheduleEndTime: '2023-05-25T10:30:00Z',
      rescheduledBy: 'john.doe@example.com',
      responses: {
        ...body.payload.responses,
        rescheduleReason: { label: 'reschedule_reason', value: 'Conflict' },
      },
    },
  };
}

/** BOOKING_CANCELLED, as the 2021-10-20 payload builder sends it. */
function cancelledBody() {
  const body = createdBody();
  return {
    ...body,
    triggerEvent: 'BOOKING_CANCELLED',
    createdAt: '2023-05-24T12:00:00.000Z',
    payload: {
      ...body.payload,
      status: 'CANCELLED',
      cancelledBy: 'john.doe@example.com',
      cancellationReason: 'Feeling unwell',
      requestReschedule: false,
    },
  };
}

describe('verifyCalSignature', () => {
  const raw = JSON.stringify(createdBody());
  const signature = createHmac('sha256', SECRET).update(raw).digest('hex');

  it("accepts Cal.com's hex HMAC-SHA256 of the raw body, as a string or a Buffer", () => {
    expect(calSignature(raw, SECRET)).toBe(signature);
    expect(verifyCalSignature(raw, signature, SECRET)).toBe(true);
    expect(verifyCalSignature(Buffer.from(raw), signature, SECRET)).toBe(true);
  });

  it('accepts the same digest in uppercase hex', () => {
    expect(verifyCalSignature(raw, signature.toUpperCase(), SECRET)).toBe(true);
  });

  it('refuses a tampered body', () => {
    expect(verifyCalSignature(raw.replace('John Doe', 'Jane Doe'), signature, SECRET)).toBe(false);
    // The same JSON re-serialised differently is a different body: the raw bytes are what is signed.
    expect(verifyCalSignature(JSON.stringify(JSON.parse(raw), null, 2), signature, SECRET)).toBe(false);
  });

  it('refuses another secret', () => {
    expect(verifyCalSignature(raw, signature, 'another-secret')).toBe(false);
    expect(verifyCalSignature(raw, signature, '')).toBe(false);
  });

  it("refuses a missing or malformed header, and Cal.com's no-secret-provided", () => {
    expect(verifyCalSignature(raw, undefined, SECRET)).toBe(false);
    expect(verifyCalSignature(raw, '', SECRET)).toBe(false);
    expect(verifyCalSignature(raw, 'no-secret-provided', SECRET)).toBe(false);
    expect(verifyCalSignature(raw, `sha256=${signature}`, SECRET)).toBe(false);
    expect(verifyCalSignature(raw, signature.slice(0, 63), SECRET)).toBe(false);
    expect(verifyCalSignature(raw, `${signature.slice(0, 63)}g`, SECRET)).toBe(false);
    expect(verifyCalSignature(raw, Buffer.from(signature, 'hex').toString('base64'), SECRET)).toBe(false);
  });
});

describe('parseCalWebhook', () => {
  it('reads a BOOKING_CREATED', () => {
    expect(parseCalWebhook(createdBody())).toEqual({
      trigger: 'created',
      uid: 'bFJeNb2uX8ANpT3JL5EfXw',
      previousUid: null,
      startsAt: new Date('2023-05-25T09:30:00Z'),
      endsAt: new Date('2023-05-25T10:30:00Z'),
      title: '60min between Pro Example and John Doe',
      location: 'Calcom HQ',
      notes: 'Please call me on my cell',
      attendee: {
        name: 'John Doe',
        email: 'john.doe@example.com',
        phone: '+14155550123',
        timeZone: 'America/New_York',
      },
      organizerName: 'Pro Example',
      cancellationReason: null,
    });
  });

  it('reads a BOOKING_RESCHEDULED: the new uid, and the one it replaced', () => {
    const event = parseCalWebhook(rescheduledBody());
    expect(event).toMatchObject({
      trigger: 'rescheduled',
      uid: 'n3wUidAfterMove0000001',
      previousUid: 'bFJeNb2uX8ANpT3JL5EfXw',
      startsAt: new Date('2023-05-26T11:00:00Z'),
      endsAt: new Date('2023-05-26T12:00:00Z'),
      cancellationReason: null,
    });
  });

  it('takes the replaced booking from fromReschedule when rescheduleUid is absent', () => {
    const body = rescheduledBody();
    const { rescheduleUid: _dropped, ...payload } = body.payload;
    expect(
      parseCalWebhook({ ...body, payload: { ...payload, fromReschedule: 'oldUid123' } })?.previousUid,
    ).toBe('oldUid123');
  });

  it('refuses a BOOKING_RESCHEDULED that does not say what it replaced', () => {
    const body = rescheduledBody();
    const { rescheduleUid: _dropped, ...payload } = body.payload;
    expect(() => parseCalWebhook({ ...body, payload })).toThrow(
      expect.objectContaining({ field: 'payload.rescheduleUid' }),
    );
  });

  it('reads a BOOKING_CANCELLED with its reason', () => {
    expect(parseCalWebhook(cancelledBody())).toMatchObject({
      trigger: 'cancelled',
      uid: 'bFJeNb2uX8ANpT3JL5EfXw',
      previousUid: null,
      cancellationReason: 'Feeling unwell',
    });
  });

  it('takes offsets into account, and treats empty texts as absent', () => {
    const body = createdBody();
    const event = parseCalWebhook({
      ...body,
      payload: {
        ...body.payload,
        startTime: '2023-02-21T11:00:00+05:30',
        endTime: '2023-02-21T11:30:00+05:30',
        location: '',
        additionalNotes: '',
        description: '',
        responses: { ...body.payload.responses, notes: { label: 'additional_notes' } },
        organizer: null,
      },
    });
    expect(event?.startsAt.toISOString()).toBe('2023-02-21T05:30:00.000Z');
    expect(event?.endsAt.toISOString()).toBe('2023-02-21T06:00:00.000Z');
    expect(event?.location).toBeNull();
    expect(event?.notes).toBeNull();
    expect(event?.organizerName).toBeNull();
  });

  it("finds the booker's phone in the booking form, or the SMS reminder number", () => {
    const body = createdBody();
    const [attendee] = body.payload.attendees;
    const withoutPhone = { ...attendee, phoneNumber: null };
    const fromForm = parseCalWebhook({
      ...body,
      payload: {
        ...body.payload,
        attendees: [withoutPhone],
        responses: {
          ...body.payload.responses,
          attendeePhoneNumber: { label: 'phone', value: '+14155550999' },
        },
      },
    });
    expect(fromForm?.attendee?.phone).toBe('+14155550999');
    const fromReminder = parseCalWebhook({
      ...body,
      payload: { ...body.payload, attendees: [withoutPhone], smsReminderNumber: '+14155550777' },
    });
    expect(fromReminder?.attendee?.phone).toBe('+14155550777');
  });

  it('has no attendee when Cal.com lists none', () => {
    const body = createdBody();
    expect(parseCalWebhook({ ...body, payload: { ...body.payload, attendees: [] } })?.attendee).toBeNull();
  });

  it('answers null for the events that are not about a booking (PING, MEETING_ENDED)', () => {
    expect(
      parseCalWebhook({
        triggerEvent: 'PING',
        createdAt: '2023-05-24T09:30:00.538Z',
        payload: { type: 'Test', title: 'Test trigger event' },
      }),
    ).toBeNull();
    expect(parseCalWebhook({ ...createdBody(), triggerEvent: 'MEETING_ENDED' })).toBeNull();
  });

  it('names payload.startTime when it is missing', () => {
    const body = createdBody();
    const { startTime: _dropped, ...payload } = body.payload;
    let error: unknown;
    try {
      parseCalWebhook({ ...body, payload });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CalPayloadError);
    expect((error as CalPayloadError).field).toBe('payload.startTime');
  });

  it('names the bad field for other broken booking events', () => {
    const body = createdBody();
    const broken = (payload: object) => () =>
      parseCalWebhook({ ...body, payload: { ...body.payload, ...payload } });
    expect(broken({ startTime: 'tomorrow' })).toThrow(
      expect.objectContaining({ field: 'payload.startTime' }),
    );
    expect(broken({ startTime: '2023-05-25T09:30:00' })).toThrow(
      expect.objectContaining({ field: 'payload.startTime' }),
    );
    expect(broken({ endTime: '2023-05-25T08:30:00Z' })).toThrow(
      expect.objectContaining({ field: 'payload.endTime' }),
    );
    expect(broken({ uid: '' })).toThrow(expect.objectContaining({ field: 'payload.uid' }));
    expect(broken({ uid: 42 })).toThrow(expect.objectContaining({ field: 'payload.uid' }));
    expect(() => parseCalWebhook({ triggerEvent: 'BOOKING_CREATED' })).toThrow(
      expect.objectContaining({ field: 'payload' }),
    );
    expect(() => parseCalWebhook('not json')).toThrow(expect.objectContaining({ field: 'triggerEvent' }));
    expect(() => parseCalWebhook({ payload: body.payload })).toThrow(CalPayloadError);
  });
});

describe('CalcomClient', () => {
  let fake: FakeCalcom;
  let waits: number[];

  beforeAll(async () => {
    fake = await startFakeCalcom({ apiKey: API_KEY });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.answers.length = 0;
    fake.delayMs = 0;
    waits = [];
  });

  function client(overrides: Partial<CalClientOptions> = {}) {
    return new CalcomClient({
      apiKey: API_KEY,
      baseUrl: fake.url,
      sleep: async (ms) => {
        waits.push(ms);
      },
      ...overrides,
    });
  }

  const tooMany = { status: 429, body: calError('/v2/bookings', 'ThrottlerException', 'Too many requests') };
  const broken = { status: 500, body: calError('/v2/bookings', 'InternalServerErrorException', 'Oops') };

  it('cancels a booking: POST /v2/bookings/{uid}/cancel with the key, the version and the reason', async () => {
    const booking = fake.addBooking();
    await client().cancelBooking(booking.uid, 'The customer called to cancel');
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: `/v2/bookings/${booking.uid}/cancel`,
      body: { cancellationReason: 'The customer called to cancel' },
    });
    expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.headers['cal-api-version']).toBe('2024-08-13');
    expect(CALCOM_BOOKINGS_API_VERSION).toBe('2024-08-13');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(fake.bookings.get(booking.uid)).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'The customer called to cancel',
    });
  });

  it('reschedules a booking: start in UTC ISO, the reason, and answers the new booking uid', async () => {
    const booking = fake.addBooking();
    const start = new Date('2026-12-03T16:30:00-05:00');
    const moved = await client().rescheduleBooking(booking.uid, start, 'Asked on the phone');
    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: `/v2/bookings/${booking.uid}/reschedule`,
      body: { start: '2026-12-03T21:30:00.000Z', reschedulingReason: 'Asked on the phone' },
    });
    expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.headers['cal-api-version']).toBe('2024-08-13');
    expect(moved.uid).not.toBe(booking.uid);
    expect(fake.bookings.get(moved.uid)).toMatchObject({ rescheduledFromUid: booking.uid, start });
    expect(fake.bookings.get(booking.uid)?.rescheduledToUid).toBe(moved.uid);
  });

  it('sends no reschedulingReason when there is none', async () => {
    const booking = fake.addBooking();
    await client().rescheduleBooking(booking.uid, new Date('2026-12-04T10:00:00Z'));
    expect(fake.requests[0]?.body).toEqual({ start: '2026-12-04T10:00:00.000Z' });
  });

  it('escapes the uid in the path', async () => {
    await expect(client().cancelBooking('a/b?c', 'x')).rejects.toMatchObject({ status: 404 });
    expect(fake.requests[0]?.path).toBe('/v2/bookings/a%2Fb%3Fc/cancel');
  });

  it('waits as long as a 429 says (Retry-After) and then succeeds', async () => {
    const booking = fake.addBooking();
    fake.answers.push({ ...tooMany, headers: { 'retry-after': '2' } });
    await client().cancelBooking(booking.uid, 'reason');
    expect(waits).toEqual([2000]);
    expect(fake.requests).toHaveLength(2);
    expect(fake.bookings.get(booking.uid)?.status).toBe('cancelled');
  });

  it('backs off exponentially after a 429 without Retry-After', async () => {
    const booking = fake.addBooking();
    fake.answers.push(tooMany, tooMany);
    await client().cancelBooking(booking.uid, 'reason');
    expect(waits).toEqual([500, 1000]);
    expect(fake.requests).toHaveLength(3);
  });

  it("gives up after four 500s with Cal.com's message, having waited 500, 1000, 2000 ms", async () => {
    const booking = fake.addBooking();
    fake.answers.push(broken, broken, broken, broken);
    const error = await client()
      .cancelBooking(booking.uid, 'reason')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CalApiError);
    expect(error).toMatchObject({ status: 500, code: 'InternalServerErrorException', message: 'Oops' });
    expect(fake.requests).toHaveLength(4);
    expect(waits).toEqual([500, 1000, 2000]);
    expect(fake.bookings.get(booking.uid)?.status).toBe('accepted');
  });

  it('retries as many times as told', async () => {
    const booking = fake.addBooking();
    fake.answers.push(broken, broken);
    await expect(client({ maxRetries: 1 }).cancelBooking(booking.uid, 'reason')).rejects.toMatchObject({
      status: 500,
    });
    expect(fake.requests).toHaveLength(2);
  });

  it("does not retry a 404, and reports Cal.com's message and code", async () => {
    const error = await client()
      .cancelBooking('noSuchBooking', 'reason')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CalApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'NotFoundException',
      message: 'Booking with uid=noSuchBooking was not found',
    });
    expect(fake.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('does not retry a 400 or a 401', async () => {
    const booking = fake.addBooking({ status: 'cancelled' });
    await expect(client().cancelBooking(booking.uid, 'again')).rejects.toMatchObject({
      status: 400,
      code: 'BadRequestException',
      message: 'This booking has already been cancelled.',
    });
    await expect(client({ apiKey: 'cal_live_wrong' }).cancelBooking(booking.uid, 'x')).rejects.toMatchObject({
      status: 401,
      code: 'UnauthorizedException',
    });
    expect(fake.requests).toHaveLength(2);
    expect(waits).toEqual([]);
  });

  it('fails a 429 at once when Retry-After is longer than a minute', async () => {
    const booking = fake.addBooking();
    fake.answers.push({ ...tooMany, headers: { 'retry-after': '3600' } });
    await expect(client().cancelBooking(booking.uid, 'reason')).rejects.toMatchObject({
      status: 429,
      message: 'Too many requests',
    });
    expect(waits).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it('times a request out and does not retry it', async () => {
    const booking = fake.addBooking();
    fake.delayMs = 500;
    await expect(client({ timeoutMs: 50 }).cancelBooking(booking.uid, 'reason')).rejects.toMatchObject({
      status: 0,
      code: 'TIMEOUT',
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('reports an answer that is not JSON by its status', async () => {
    const booking = fake.addBooking();
    const fetchHtml: typeof fetch = async () =>
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    await expect(
      client({ fetch: fetchHtml, maxRetries: 0 }).cancelBooking(booking.uid, 'reason'),
    ).rejects.toMatchObject({ status: 502, code: null, message: 'Cal.com answered 502' });
  });
});
