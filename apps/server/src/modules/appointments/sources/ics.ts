import ical, { type Attendee, type CalendarResponse, type Organizer, type VEvent } from 'node-ical';

/**
 * Appointments read from a calendar (an uploaded .ics file or a subscribed ICS URL). The parsing itself is
 * node-ical's: it unfolds lines, resolves VTIMEZONE / TZID (Windows zone names included) to real instants,
 * and turns RRULE, EXDATE and RECURRENCE-ID into `rrule`, `exdate` and `recurrences`. This module only picks
 * the timed events that touch a horizon and says what each one means for an appointment.
 */
export interface IcsEvent {
  /** UID for a single event; `${UID}/${original occurrence start, ISO in UTC}` for an occurrence of a series. */
  externalId: string;
  uid: string;
  startsAt: Date;
  endsAt: Date;
  summary: string | null;
  location: string | null;
  description: string | null;
  /** STATUS:CANCELLED on the event or the occurrence, or METHOD:CANCEL on the calendar. */
  cancelled: boolean;
  /** The first phone-number-looking text of ATTENDEE (tel: URI), DESCRIPTION, LOCATION or SUMMARY, as written. */
  phone: string | null;
  /** The first ATTENDEE that is not the ORGANIZER. */
  attendeeName: string | null;
  attendeeEmail: string | null;
  /** SEQUENCE, 0 when absent. */
  sequence: number;
}

/** Text that is not a calendar: no VCALENDAR / VEVENT structure, or cut off before its end. */
export class IcsParseError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IcsParseError';
  }
}

/**
 * A series or one of its overrides. (node-ical types overrides as `Omit<VEvent, 'recurrences'>`, which its
 * `Record<string, unknown>` base flattens to all-unknown properties; they are VEVENTs without `recurrences`.)
 */
type EventData = VEvent;

/**
 * The timed events of an ICS calendar that overlap [from, to), recurring ones expanded to their occurrences
 * (EXDATE removed, RECURRENCE-ID overrides in place of the occurrence they replace), sorted by start then id.
 * All-day events are skipped (they are not appointments), and so are events with neither DTEND nor DURATION.
 * A well-formed calendar without events gives []; text that is not a calendar throws IcsParseError.
 */
export function parseIcsEvents(text: string, horizon: { from: Date; to: Date }): IcsEvent[] {
  const { from, to } = horizon;
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from > to) {
    throw new RangeError('The horizon must be two valid dates, from before to');
  }
  const calendar = parseCalendar(text);
  const calendarCancelled = methodIsCancel(calendar.vcalendar?.method);
  const events: IcsEvent[] = [];
  const overlaps = (start: Date, end: Date) => start < to && end > from;

  for (const component of Object.values(calendar)) {
    if (component?.type !== 'VEVENT') continue;
    const event = component as VEvent;
    if (!event.uid || isAllDay(event)) continue;
    const cancelledByMethod = calendarCancelled || methodIsCancel(event.method);
    const overrides = [...new Set(Object.values(event.recurrences ?? {}))] as EventData[];

    if (event.rrule) {
      const duration = durationMs(event);
      if (duration === null) continue;
      // Occurrences that start before `from` but still run into the horizon count too.
      for (const start of event.rrule.between(new Date(from.getTime() - duration), to, true)) {
        const key = start.toISOString();
        if (isExcluded(event, start) || event.recurrences?.[key]) continue;
        const end = new Date(start.getTime() + duration);
        if (overlaps(start, end)) {
          events.push(toIcsEvent(event, event, `${event.uid}/${key}`, start, end, cancelledByMethod));
        }
      }
    } else if (event.recurrenceid === undefined) {
      const duration = durationMs(event);
      if (duration !== null && overlaps(event.start, event.end as Date)) {
        events.push(toIcsEvent(event, event, event.uid, event.start, event.end as Date, cancelledByMethod));
      }
    }
    // An override (moved, changed or cancelled occurrence) stands wherever it now is, even if the
    // occurrence it replaces lies outside the horizon. A calendar holding only an override (no series)
    // gives the override alone: node-ical keeps it as its own series entry.
    for (const override of overrides) {
      const recurrenceId = override.recurrenceid;
      if (!(recurrenceId instanceof Date) || isAllDay(override) || isExcluded(event, recurrenceId)) continue;
      const start = override.start ?? recurrenceId;
      const end = new Date(start.getTime() + (durationMs(override) ?? durationMs(event) ?? 0));
      if (end <= start || !overlaps(start, end)) continue;
      const externalId = `${event.uid}/${recurrenceId.toISOString()}`;
      events.push(toIcsEvent(override, event, externalId, start, end, cancelledByMethod));
    }
  }

  return events.sort(
    (a, b) =>
      a.startsAt.getTime() - b.startsAt.getTime() ||
      (a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0),
  );
}

function parseCalendar(text: string): CalendarResponse {
  if (!/^BEGIN:VCALENDAR\s*$/im.test(text)) {
    throw new IcsParseError('Not an iCalendar file: no BEGIN:VCALENDAR line');
  }
  if (!/^END:VCALENDAR\s*$/im.test(text)) {
    // A subscribed calendar cut off in transfer would otherwise read as events having been deleted.
    throw new IcsParseError('Incomplete iCalendar file: no END:VCALENDAR line (truncated?)');
  }
  try {
    return ical.sync.parseICS(text);
  } catch (error) {
    throw new IcsParseError(
      `Malformed iCalendar file: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

function methodIsCancel(method: unknown): boolean {
  return typeof method === 'string' && method.trim().toUpperCase() === 'CANCEL';
}

function isAllDay(event: EventData): boolean {
  return event.datetype === 'date' || event.start?.dateOnly === true;
}

/**
 * The length of an event, from DTEND or DURATION (node-ical turns DURATION into `end`). node-ical gives an
 * event with neither an end equal to its start: such an event (or an empty or negative one) has no length.
 */
function durationMs(event: EventData): number | null {
  if (!(event.start instanceof Date) || !(event.end instanceof Date)) return null;
  const ms = event.end.getTime() - event.start.getTime();
  return ms > 0 ? ms : null;
}

/** EXDATE as node-ical keys it: by exact instant, or by date for a DATE-valued EXDATE (the whole day). */
function isExcluded(event: VEvent, start: Date): boolean {
  const iso = start.toISOString();
  return Boolean(event.exdate?.[iso] || event.exdate?.[iso.slice(0, 10)]?.dateOnly);
}

function toIcsEvent(
  data: EventData,
  series: VEvent,
  externalId: string,
  startsAt: Date,
  endsAt: Date,
  cancelledByMethod: boolean,
): IcsEvent {
  // An override carries the whole occurrence, but exporters often leave out what did not change.
  const pick = <K extends keyof EventData>(key: K): EventData[K] => data[key] ?? series[key];
  const summary = text(pick('summary'));
  const location = text(pick('location'));
  const description = text(pick('description'));
  const attendees = asArray(pick('attendee'));
  const organizer = address(pick('organizer'));
  const attendee = attendees.find((a) => {
    const email = attendeeEmail(a);
    return !organizer || (address(a) !== organizer && email?.toLowerCase() !== organizer);
  });
  const status = String(pick('status') ?? '').toUpperCase();
  const sequence = Number(data.sequence ?? 0);

  return {
    externalId,
    uid: series.uid,
    startsAt: new Date(startsAt.getTime()),
    endsAt: new Date(endsAt.getTime()),
    summary,
    location,
    description,
    cancelled: cancelledByMethod || status === 'CANCELLED',
    phone: findPhone([...attendees.map(telUri), description, location, summary]),
    attendeeName: attendee ? paramString(attendee, 'CN') : null,
    attendeeEmail: attendee ? attendeeEmail(attendee) : null,
    sequence: Number.isFinite(sequence) ? sequence : 0,
  };
}

/** A text property's value (node-ical gives `{ params, val }` when the property has parameters). */
function text(value: unknown): string | null {
  const raw = value !== null && typeof value === 'object' && 'val' in value ? value.val : value;
  if (typeof raw !== 'string') return null;
  const trimmed = raw.trim();
  return trimmed === '' ? null : trimmed;
}

function asArray(value: Attendee[] | Attendee | undefined): Attendee[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The calendar address of an ATTENDEE or ORGANIZER, lower-cased, without its mailto: scheme. */
function address(value: Attendee | Organizer | undefined): string | null {
  const raw = text(value);
  return raw ? raw.replace(/^mailto:/i, '').toLowerCase() : null;
}

function paramString(value: Attendee, name: string): string | null {
  if (typeof value === 'string') return null;
  const param = value.params[name];
  return typeof param === 'string' && param.trim() !== '' ? param.trim() : null;
}

function attendeeEmail(value: Attendee): string | null {
  const raw = text(value);
  if (raw && /^mailto:/i.test(raw)) return raw.replace(/^mailto:/i, '');
  return paramString(value, 'EMAIL');
}

function telUri(value: Attendee): string | null {
  const raw = text(value);
  return raw && /^tel:/i.test(raw) ? raw.replace(/^tel:/i, '') : null;
}

/** A run of digits, spaces, dots, dashes and brackets, optionally after a +, with 7 to 15 digits. */
const PHONE = /(?:\+ ?)?(?:\(\d{1,5}\)[ .-]?)?\d[\d .\-()]{4,}\d/g;

/** The first phone-number-looking text among these (a calendar event's attendee, description, place, title). */
export function findPhone(texts: (string | null)[]): string | null {
  for (const value of texts) {
    if (!value) continue;
    for (const match of value.matchAll(PHONE)) {
      const candidate = match[0].trim();
      const digits = candidate.replace(/\D/g, '').length;
      if (digits < 7 || digits > 15) continue;
      // Dates (2026-03-05, 2026.03.05) are digit runs too.
      if (/^\d{4}[-.]\d{1,2}[-.]\d{1,2}$/.test(candidate)) continue;
      return candidate;
    }
  }
  return null;
}
