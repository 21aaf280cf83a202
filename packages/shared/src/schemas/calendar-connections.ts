import { z } from 'zod';

export const CALENDAR_CONNECTION_KINDS = ['ics', 'calcom', 'google'] as const;
export type CalendarConnectionKind = (typeof CALENDAR_CONNECTION_KINDS)[number];

/** How far an ICS calendar is read: from a day ago to 90 days ahead. */
export const ICS_HORIZON_PAST_DAYS = 1;
export const ICS_HORIZON_FUTURE_DAYS = 90;

export const calendarConnectionSchema = z.object({
  id: z.uuid().describe('The connection’s id'),
  kind: z
    .enum(CALENDAR_CONNECTION_KINDS)
    .describe('ics (a subscribed calendar URL), calcom (a Cal.com webhook) or google (a Google Calendar)'),
  name: z.string().describe('Its name in the settings'),
  url: z.string().nullable().describe('ICS: the calendar’s address; null for the others'),
  webhook_url: z
    .string()
    .nullable()
    .describe('Cal.com: the address to give Cal.com as the webhook’s subscriber URL; null for ICS'),
  has_api_key: z
    .boolean()
    .describe('Cal.com: whether an API key is stored (the key itself is never answered)'),
  staff: z
    .string()
    .nullable()
    .describe(
      'The staff member whose calendar it is (its new appointments are theirs); null: the business as a whole',
    ),
  calendar_id: z.string().nullable().describe('Google: the id of the calendar read; null for the others'),
  calendar_name: z.string().nullable().describe('Google: the name of the calendar read; null for the others'),
  last_synced_at: z.iso
    .datetime()
    .nullable()
    .describe('When it was last read (ICS, Google) or last sent a booking (Cal.com)'),
  last_error: z.string().nullable().describe('Why the last sync failed; null when it worked'),
  created_at: z.iso.datetime().describe('When it was added'),
  updated_at: z.iso.datetime().describe('When it last changed'),
});
export type CalendarConnection = z.infer<typeof calendarConnectionSchema>;

export const calendarSyncSummarySchema = z.object({
  created: z.number().int().describe('Appointments created from new events'),
  updated: z.number().int().describe('Appointments moved or corrected'),
  cancelled: z.number().int().describe('Appointments cancelled (cancelled in, or gone from, the calendar)'),
  unchanged: z.number().int().describe('Events already as they are here'),
  skipped: z
    .array(
      z.object({
        external_id: z.string().describe('The event’s id in the calendar'),
        reason: z.string().describe('Why it was not applied'),
      }),
    )
    .describe('Events not applied, with why (e.g. the time overlaps another appointment)'),
});
export type CalendarSyncSummary = z.infer<typeof calendarSyncSummarySchema>;

const name = z.string().trim().min(1, 'Enter a name.').max(100).describe('Its name in the settings');
const staff = z
  .string()
  .trim()
  .max(100)
  .nullable()
  .transform((value) => value || null)
  .describe(
    'The staff member whose calendar it is, as the booking settings name them; null or absent: the business as a whole',
  );
const apiKey = z.string().trim().min(1, 'Enter the API key.').max(500);

export const createCalendarConnectionInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('ics').describe('An ICS subscription'),
    name,
    staff: staff.optional(),
    url: z
      .string()
      .trim()
      .min(1, 'Enter the calendar’s address.')
      .max(2000)
      .describe('The ICS address (http or https)'),
  }),
  z.object({
    kind: z.literal('calcom').describe('A Cal.com webhook'),
    name,
    staff: staff.optional(),
    api_key: apiKey
      .optional()
      .describe('A Cal.com API key, to write cancellations and moves back (stored, never answered)'),
  }),
]);
export type CreateCalendarConnectionInput = z.infer<typeof createCalendarConnectionInputSchema>;

export const updateCalendarConnectionInputSchema = z
  .object({
    name: name.optional(),
    staff: staff.optional(),
    calendar_id: z
      .string()
      .trim()
      .min(1, 'Choose a calendar.')
      .max(500)
      .optional()
      .describe('Google: another calendar of the same Google account to read (read again from the start)'),
    api_key: apiKey
      .nullable()
      .optional()
      .describe('Cal.com: a new API key to write back with; null removes the stored one'),
  })
  .strict()
  .refine((input) => Object.keys(input).length > 0, { message: 'Send a field to change.' });
export type UpdateCalendarConnectionInput = z.infer<typeof updateCalendarConnectionInputSchema>;

/** The answer to adding one: the connection, Cal.com's signing secret (shown once), the first sync (ICS). */
export const createdCalendarConnectionSchema = calendarConnectionSchema.extend({
  secret: z
    .string()
    .nullable()
    .describe('Cal.com: the webhook’s secret to paste in Cal.com (shown only now); null for ICS'),
  sync: calendarSyncSummarySchema
    .nullable()
    .describe('ICS: what the first sync did; null when it failed or for Cal.com'),
});
export type CreatedCalendarConnection = z.infer<typeof createdCalendarConnectionSchema>;

export const calendarConnectionSyncSchema = z.object({
  connection: calendarConnectionSchema.describe('The connection, with its last sync'),
  sync: calendarSyncSummarySchema
    .nullable()
    .describe('What the sync did; null when it failed (see last_error)'),
});

export const importIcsInputSchema = z.object({
  ics: z.string().min(1, 'Attach the .ics file’s text.').describe('The text of an .ics file'),
});

export const calendarConnectionListSchema = z.object({
  data: z.array(calendarConnectionSchema).describe('The connections, oldest first'),
  google_available: z
    .boolean()
    .describe('Whether this server can connect Google calendars (its Google OAuth client is set up)'),
});

export const connectGoogleInputSchema = z
  .object({
    name: name.optional().describe('Its name in the settings; the calendar’s own name when not given'),
    staff: staff.optional(),
  })
  .strict();
export type ConnectGoogleInput = z.infer<typeof connectGoogleInputSchema>;

export const connectGoogleSchema = z.object({
  authorization_url: z
    .string()
    .describe('Google’s consent page: send the user there; Google sends them back to Settings → Booking'),
});

export const googleCalendarSchema = z.object({
  id: z.string().describe('The calendar’s id in Google'),
  summary: z.string().describe('Its name'),
  primary: z.boolean().describe('Whether it is the account’s main calendar'),
  time_zone: z.string().nullable().describe('Its time zone'),
  writable: z.boolean().describe('Whether confirmations and cancellations can be written to it'),
});
export type GoogleCalendar = z.infer<typeof googleCalendarSchema>;
