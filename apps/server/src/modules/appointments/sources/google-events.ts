import { zonedTime } from '@callwise/shared/calling-window';
import type { calendar_v3 } from '@googleapis/calendar';
import type { ExternalEvent } from './calendar-sync.ts';
import { findPhone } from './ics.ts';

// Google's events and ours: an event read as an appointment (fromGoogleEvent), and what a write-back changes on
// one (our private properties, our description line, the title of a cancelled event).

export type GoogleWriteBack =
  | { status: 'confirmed'; note?: string | null }
  | { status: 'cancelled'; note?: string | null }
  | { status: 'rescheduled'; startsAt: Date; endsAt: Date; note?: string | null };

/** Our private extended properties on an event. */
export const CALLWISE_STATUS_PROPERTY = 'callwiseStatus';
export const CALLWISE_UPDATED_PROPERTY = 'callwiseUpdatedAt';
/** The marker of the line we keep in an event's description (one line, ours, replaced on every write). */
export const CALLWISE_DESCRIPTION_MARKER = '[Callwise]';
/** What a cancelled event's title starts with once we marked it. */
export const CANCELLED_TITLE_PREFIX = 'Cancelled: ';
const DESCRIPTION_LINE_BREAK = /\r?\n|<br\s*\/?>/i;
const LOOKS_HTML = /<(br|p|div|a|b|i|u|ul|ol|li|span)\b[^>]*>/i;

/** A description without our line (and without the blank lines it leaves at the end); null when nothing is left. */
export function withoutCallwiseLine(description: string | null | undefined): string | null {
  if (!description) return null;
  const html = LOOKS_HTML.test(description);
  const lines = description.split(new RegExp(DESCRIPTION_LINE_BREAK.source, 'gi'));
  const kept = lines.filter((line) => !line.trim().startsWith(CALLWISE_DESCRIPTION_MARKER));
  while (kept.length > 0 && kept[kept.length - 1]?.trim() === '') kept.pop();
  const text = kept.join(html ? '<br>' : '\n');
  return text.trim() === '' ? null : text;
}

const STATUS_WORDS: Record<GoogleWriteBack['status'], string> = {
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  rescheduled: 'Moved',
};

/** Our description line: the status, when (UTC), and the note on one line. */
export function callwiseLine(update: GoogleWriteBack, at: Date): string {
  const when = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const note = update.note?.replace(/\s+/g, ' ').trim();
  const moved =
    update.status === 'rescheduled'
      ? ` to ${update.startsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
      : '';
  return `${CALLWISE_DESCRIPTION_MARKER} ${STATUS_WORDS[update.status]}${moved} by reminder call (${when})${
    note ? `: ${note}` : ''
  }`;
}

/** The PATCH body for a write-back onto `event` as it is now. */
export function writeBackPatch(
  event: calendar_v3.Schema$Event,
  update: GoogleWriteBack,
  at: Date,
): calendar_v3.Schema$Event {
  const owner = withoutCallwiseLine(event.description);
  const html = owner !== null && LOOKS_HTML.test(owner);
  const line = callwiseLine(update, at);
  const patch: calendar_v3.Schema$Event = {
    description: owner ? `${owner}${html ? '<br><br>' : '\n\n'}${line}` : line,
    extendedProperties: {
      // The whole private map, ours set and the rest as it was (patch would merge it anyway).
      private: {
        ...(event.extendedProperties?.private ?? {}),
        [CALLWISE_STATUS_PROPERTY]: update.status,
        [CALLWISE_UPDATED_PROPERTY]: at.toISOString(),
      },
    },
  };
  if (update.status === 'cancelled') {
    const summary = event.summary ?? '';
    patch.summary = summary.startsWith(CANCELLED_TITLE_PREFIX)
      ? summary
      : `${CANCELLED_TITLE_PREFIX}${summary}`;
    patch.transparency = 'transparent';
  }
  if (update.status === 'rescheduled') {
    if (update.endsAt.getTime() <= update.startsAt.getTime()) {
      throw new RangeError('A move must end after it starts');
    }
    const zone = (time: calendar_v3.Schema$EventDateTime | undefined) =>
      time?.timeZone ? { timeZone: time.timeZone } : {};
    patch.start = { dateTime: update.startsAt.toISOString(), ...zone(event.start) };
    patch.end = { dateTime: update.endsAt.toISOString(), ...zone(event.end) };
  }
  return patch;
}

/**
 * A Google event as the event CalendarSync applies (the shape `fromIcsEvent` makes), or null for one that is
 * not an appointment (an all-day event, or one without a usable time). External id: the event's id; for an
 * occurrence of a recurring event, `${recurringEventId}/${original start, ISO in UTC}` — how the ICS source names
 * occurrences (`UID/original start`), stable when the occurrence is moved. A cancelled event (deleted, or an
 * occurrence removed from its series) is a cancellation; Google sends those with no times, so the original
 * start (or the epoch) stands in: CalendarSync does not read the times of a cancellation. A deleted series
 * comes as its own id alone: its occurrences are the external ids starting with `${id}/`.
 * Times with no offset are read in the event's time zone, else the calendar's (`calendarTimeZone`).
 * The attendee is the first one that is not the organizer or a room; the phone the first phone-number-looking
 * text of the description, location or title (as the ICS mapping does). Our own description line is left out.
 */
export function fromGoogleEvent(
  event: calendar_v3.Schema$Event,
  calendarTimeZone: string | null,
): ExternalEvent | null {
  if (!event.id) return null;
  const originalStart = event.originalStartTime ? eventTime(event.originalStartTime, calendarTimeZone) : null;
  if (event.recurringEventId && event.originalStartTime?.date && !event.originalStartTime.dateTime)
    return null;
  const externalId =
    event.recurringEventId && originalStart
      ? `${event.recurringEventId}/${originalStart.toISOString()}`
      : event.id;
  const description = withoutCallwiseLine(event.description);
  const summary = text(event.summary);
  const location = text(event.location);

  if (event.status === 'cancelled') {
    const at =
      (event.start ? eventTime(event.start, calendarTimeZone) : null) ?? originalStart ?? new Date(0);
    const end = (event.end ? eventTime(event.end, calendarTimeZone) : null) ?? at;
    return {
      externalId,
      startsAt: at,
      endsAt: end,
      cancelled: true,
      title: summary,
      location,
      description,
      attendee: { name: null, email: null, phone: null },
    };
  }
  // All-day events (start.date) are not appointments.
  if (!event.start?.dateTime || !event.end?.dateTime) return null;
  const startsAt = eventTime(event.start, calendarTimeZone);
  const endsAt = eventTime(event.end, calendarTimeZone);
  if (!startsAt || !endsAt || endsAt.getTime() <= startsAt.getTime()) return null;

  const organizer = event.organizer?.email?.toLowerCase() ?? null;
  const attendee = (event.attendees ?? []).find(
    (a) => !a.organizer && !a.resource && (!organizer || a.email?.toLowerCase() !== organizer),
  );
  return {
    externalId,
    startsAt,
    endsAt,
    cancelled: false,
    title: summary,
    location,
    description,
    attendee: {
      name: text(attendee?.displayName),
      email: text(attendee?.email),
      phone: findPhone([description, location, summary]),
    },
  };
}

function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/** The instant of an EventDateTime with a time (null for a date alone or an unreadable one). */
function eventTime(time: calendar_v3.Schema$EventDateTime, calendarTimeZone: string | null): Date | null {
  const value = time.dateTime;
  if (!value) return null;
  if (HAS_OFFSET.test(value)) {
    const at = new Date(value);
    return Number.isNaN(at.getTime()) ? null : at;
  }
  const zone = time.timeZone ?? calendarTimeZone ?? 'UTC';
  return wallTimeIn(value, zone);
}

/**
 * A wall-clock time ("2026-03-08T02:30:00") in an IANA zone as an instant (the shared `zonedTime`: a skipped time
 * moves forward, a repeated one is its first occurrence); null when unreadable or the zone is unknown.
 */
export function wallTimeIn(local: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(local);
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  try {
    const at = zonedTime({ year, month, day }, hour * 60 + minute, timeZone);
    return new Date(at.getTime() + second * 1000);
  } catch {
    return null;
  }
}
