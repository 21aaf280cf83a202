import { z } from 'zod';
import { IMPORT_CONSENT_DEFAULTS } from './contact-imports.ts';

/**
 * CSV import of appointments (issue #17, decision 020): the file's columns mapped to appointment fields like the
 * contact import; each row's contact matched by phone (E.164) or created; times read in the business's time zone
 * unless they carry an offset. Synchronous: at most MAX_APPOINTMENT_IMPORT_ROWS rows, answered with what was
 * created, skipped and refused (by line).
 */
export const APPOINTMENT_IMPORT_FIELDS = [
  'phone',
  'name',
  'first_name',
  'last_name',
  'email',
  'starts_at',
  'date',
  'time',
  'ends_at',
  'duration_minutes',
  'service',
  'staff',
  'location',
  'notes',
  'external_id',
] as const;
export type AppointmentImportField = (typeof APPOINTMENT_IMPORT_FIELDS)[number];

/** Rows one import takes (it is answered at once). */
export const MAX_APPOINTMENT_IMPORT_ROWS = 5000;
/** About 5 MB of CSV: far more than 5,000 rows need. */
export const MAX_APPOINTMENT_IMPORT_BYTES = 5 * 1024 * 1024;

/** How dates written with slashes are read: 12/01/2026 is December 1 (mdy) or 12 January (dmy). */
export const IMPORT_DATE_ORDERS = ['mdy', 'dmy'] as const;
export type ImportDateOrder = (typeof IMPORT_DATE_ORDERS)[number];

const column = (what: string) => z.string().trim().max(200).optional().describe(`The column with ${what}`);

export const appointmentImportMappingSchema = z
  .object({
    phone: z
      .string()
      .trim()
      .min(1, 'Choose the column with phone numbers')
      .max(200)
      .describe('The column with the customers’ phone numbers (contacts are matched by it, or created)'),
    name: column('full names (for new contacts)'),
    first_name: column('first names (for new contacts)'),
    last_name: column('last names (for new contacts)'),
    email: column('e-mail addresses (for new contacts)'),
    starts_at: column(
      'start times: ISO 8601 (with an offset: that instant; without: the business’s time zone) or a date and ' +
        'time such as 2026-12-01 15:00 or 12/01/2026 3:00 PM',
    ),
    date: column('dates, when the start time is in two columns (with time)'),
    time: column('times of day, when the start time is in two columns (with date)'),
    ends_at: column('end times (a date and time, or a time of day on the start’s day)'),
    duration_minutes: column('lengths in minutes'),
    service: column('services (must match a service of the booking settings, any case)'),
    staff: column('staff members or resources'),
    location: column('locations'),
    notes: column('notes'),
    external_id: column(
      'the appointments’ ids in the system they come from (a row whose id was imported before is skipped)',
    ),
  })
  .strict()
  .superRefine((mapping, context) => {
    if (!mapping.starts_at && !mapping.date) {
      context.addIssue({
        code: 'custom',
        path: ['starts_at'],
        message: 'Choose the column with start times, or a date column and a time column',
      });
    }
    if (mapping.date && !mapping.time && !mapping.starts_at) {
      context.addIssue({ code: 'custom', path: ['time'], message: 'Choose the column with times of day' });
    }
    if (mapping.starts_at && (mapping.date || mapping.time)) {
      context.addIssue({
        code: 'custom',
        path: [mapping.date ? 'date' : 'time'],
        message: 'Choose either a start time column or a date and a time column, not both',
      });
    }
    if (mapping.ends_at && mapping.duration_minutes) {
      context.addIssue({
        code: 'custom',
        path: ['duration_minutes'],
        message: 'Choose either an end time column or a duration column, not both',
      });
    }
  })
  .describe('Which column of the file (by its header) feeds each field; phone and a start time are required');
export type AppointmentImportMapping = z.infer<typeof appointmentImportMappingSchema>;

export const createAppointmentImportInputSchema = z
  .object({
    file_name: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .describe('The file’s name (recorded with new contacts’ consent)'),
    csv: z
      .string()
      .min(1, 'The file is empty.')
      .max(MAX_APPOINTMENT_IMPORT_BYTES, 'The file is larger than 5 MB.')
      .describe(`The CSV text, with a header row; at most ${MAX_APPOINTMENT_IMPORT_ROWS} rows`),
    mapping: appointmentImportMappingSchema,
    date_order: z
      .enum(IMPORT_DATE_ORDERS)
      .default('mdy')
      .describe('How dates with slashes are read: mdy (12/01/2026 is December 1) or dmy (12 January)'),
    consent_default: z
      .enum(IMPORT_CONSENT_DEFAULTS, {
        error: 'Choose what new contacts agreed to: existing_customer, informational or none',
      })
      .default('existing_customer')
      .describe(
        'What contacts created by the import agreed to (contacts you already have keep theirs): existing_customer ' +
          '(customers who booked and gave their number: reminders allowed), informational or none. Recorded with ' +
          'the source "Import: <file name>", the time and who imported.',
      ),
  })
  .strict();
export type CreateAppointmentImportInput = z.input<typeof createAppointmentImportInputSchema>;

export const appointmentImportResultSchema = z.object({
  rows: z.number().int().describe('Data rows in the file'),
  created: z.number().int().describe('Appointments created (with their reminders)'),
  skipped: z.number().int().describe('Rows whose external_id was imported before: left as they are'),
  contacts_created: z.number().int().describe('Contacts created for numbers the account did not have'),
  failed: z
    .array(
      z.object({
        line: z.number().int().describe('The line in the file (the header is line 1)'),
        field: z.string().nullable().describe('The field at fault, when one is'),
        message: z.string().describe('What is wrong with it'),
      }),
    )
    .describe('Every row that was not imported, by line'),
});
export type AppointmentImportResult = z.infer<typeof appointmentImportResultSchema>;

export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const monthOf = (word: string) => MONTHS.indexOf(word.slice(0, 3).toLowerCase()) + 1;
const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

function validDate(year: number, month: number, day: number): CivilDate | null {
  if (month < 1 || month > 12 || day < 1 || year < 1900 || year > 2200) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCDate() === day ? { year, month, day } : null;
}

/**
 * A calendar date as spreadsheets write it: 2026-12-01, 2026/12/01, 12/01/2026 or 12/1/26 (month first, or day
 * first with `dmy`), 01.12.2026 (day first), Dec 1, 2026, 1 Dec 2026, Tue, December 1 2026. Null when it is none.
 */
export function parseImportDate(text: string, order: ImportDateOrder = 'mdy'): CivilDate | null {
  const value = text
    .trim()
    .replace(/^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+/i, '')
    .replace(/,/g, ' ')
    .replace(/\s+/g, ' ');
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value);
  if (match) return validDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/.exec(value);
  if (match) {
    const [first, second] = [Number(match[1]), Number(match[2])];
    const year = fullYear(match[3] as string);
    return order === 'dmy' ? validDate(year, second, first) : validDate(year, first, second);
  }
  match = /^(\d{1,2})[.-](\d{1,2})[.-](\d{4}|\d{2})$/.exec(value);
  if (match) return validDate(fullYear(match[3] as string), Number(match[2]), Number(match[1]));
  match = /^([a-z]{3,})\.? (\d{1,2})(?:st|nd|rd|th)? (\d{4})$/i.exec(value);
  if (match && monthOf(match[1] as string) > 0)
    return validDate(Number(match[3]), monthOf(match[1] as string), Number(match[2]));
  match = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]{3,})\.? (\d{4})$/i.exec(value);
  if (match && monthOf(match[2] as string) > 0)
    return validDate(Number(match[3]), monthOf(match[2] as string), Number(match[1]));
  return null;
}

/** A time of day in minutes after midnight: 15:00, 15:00:00, 3:00 PM, 3 pm, 3:30p.m., 9.30; null when it is none. */
export function parseImportTime(text: string): number | null {
  const match = /^(\d{1,2})(?:[:.](\d{2}))?(?::(\d{2}))?\s*([ap])?\.?\s*(m\.?)?$/i.exec(text.trim());
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = match[2] === undefined ? 0 : Number(match[2]);
  const meridiem = match[4]?.toLowerCase();
  if (match[5] && !match[4]) return null;
  if (match[2] === undefined && !meridiem) return null;
  if (minute > 59) return null;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
  } else if (hour > 23) return null;
  return hour * 60 + minute;
}

/** An ISO 8601 date and time with an offset (Z or ±hh:mm): that exact instant. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A start or end cell: an instant (ISO 8601 with an offset), or a wall-clock date and time (read in the
 * business's time zone by the caller). Null when it is neither.
 */
export function parseImportDateTime(
  text: string,
  order: ImportDateOrder = 'mdy',
): { instant: Date } | { date: CivilDate; minutes: number } | null {
  const value = text.trim();
  if (ISO_WITH_OFFSET.test(value)) {
    const instant = new Date(value.replace(' ', 'T'));
    return Number.isNaN(instant.getTime()) ? null : { instant };
  }
  const iso = /^(\d{4}-\d{1,2}-\d{1,2})[T ](.+)$/.exec(value);
  const [datePart, timePart] = iso ? [iso[1] as string, iso[2] as string] : splitDateAndTime(value);
  if (!timePart) return null;
  const date = parseImportDate(datePart, order);
  const minutes = parseImportTime(timePart.replace(/:\d{2}\.\d+$/, (s) => s.slice(0, 3)));
  return date && minutes !== null ? { date, minutes } : null;
}

/** "12/01/2026 3:00 PM" -> ["12/01/2026", "3:00 PM"]: the time is the part from the first h:mm or "3 pm". */
function splitDateAndTime(value: string): [string, string | undefined] {
  const at = value.search(/\s\d{1,2}(?::\d{2}|\s*[ap]\.?m\b)/i);
  if (at < 0) return [value, undefined];
  return [value.slice(0, at).replace(/,?\s*(?:at)?$/i, ''), value.slice(at + 1)];
}
