// The fake's events and how Google writes them: an event's JSON, a series expanded into its occurrences, an
// occurrence found by its id, and a PATCH merged into an event.

export interface FakeGoogleAttendee {
  email: string;
  displayName?: string;
  organizer?: boolean;
  self?: boolean;
  resource?: boolean;
  responseStatus?: string;
}

/** An event as the fake keeps it: a single event, or the master of a series (with `recurrence`). */
export interface FakeGoogleEvent {
  id: string;
  status: 'confirmed' | 'tentative' | 'cancelled';
  summary?: string;
  description?: string;
  location?: string;
  /** Timed: an instant and the zone it is shown in. */
  start: { dateTime: Date; timeZone: string } | { date: string };
  end: { dateTime: Date; timeZone: string } | { date: string };
  recurrence?: string[];
  attendees?: FakeGoogleAttendee[];
  organizer?: { email: string; displayName?: string; self?: boolean };
  extendedProperties?: { private?: Record<string, string>; shared?: Record<string, string> };
  transparency?: string;
  /** Overrides of single occurrences of a series, by original start (ISO UTC): the JSON fields they change. */
  exceptions?: Map<string, { seq: number; etag: string; fields: Record<string, unknown> }>;
  created: Date;
  updated: Date;
  /** The change counter when it last changed (what sync tokens compare against). */
  seq: number;
  etag: string;
}

export interface FakeGoogleCalendar {
  id: string;
  summary: string;
  timeZone: string;
  primary: boolean;
  accessRole: string;
  events: Map<string, FakeGoogleEvent>;
}

/** "2026-12-01T10:00:00-05:00": an instant as Google writes it, in the event's zone with its offset. */
export function googleDateTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '00';
  const wall = `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}`;
  const offsetMin = Math.round((Date.parse(`${wall}Z`) - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  if (offsetMin === 0) return `${wall}Z`;
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Google's instance id suffix: 20261201T150000Z. */
export const instanceStamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export interface Occurrence {
  id: string;
  json: Record<string, unknown>;
  seq: number;
  start: Date | null;
  end: Date | null;
  cancelled: boolean;
}

export const timeJson = (time: FakeGoogleEvent['start']) =>
  'date' in time
    ? { date: time.date }
    : { dateTime: googleDateTime(time.dateTime, time.timeZone), timeZone: time.timeZone };

export const baseJson = (calendar: FakeGoogleCalendar, event: FakeGoogleEvent): Record<string, unknown> => ({
  kind: 'calendar#event',
  etag: event.etag,
  id: event.id,
  status: event.status,
  htmlLink: `https://www.google.com/calendar/event?eid=${event.id}`,
  created: event.created.toISOString(),
  updated: event.updated.toISOString(),
  ...(event.summary !== undefined ? { summary: event.summary } : {}),
  ...(event.description !== undefined ? { description: event.description } : {}),
  ...(event.location !== undefined ? { location: event.location } : {}),
  creator: { email: calendar.id, self: true },
  organizer: event.organizer ?? { email: calendar.id, displayName: calendar.summary, self: true },
  start: timeJson(event.start),
  end: timeJson(event.end),
  ...(event.transparency ? { transparency: event.transparency } : {}),
  iCalUID: `${event.id}@google.com`,
  sequence: 0,
  ...(event.attendees ? { attendees: event.attendees } : {}),
  ...(event.extendedProperties ? { extendedProperties: event.extendedProperties } : {}),
  reminders: { useDefault: true },
  eventType: 'default',
});

/** The occurrences of a series (start instants), from its simple RRULE. */
export const occurrencesOf = (event: FakeGoogleEvent): Date[] => {
  const rule = event.recurrence?.find((line) => line.startsWith('RRULE:'));
  if (!rule || 'date' in event.start) return [];
  const fields = Object.fromEntries(
    rule
      .slice(6)
      .split(';')
      .map((pair) => pair.split('=') as [string, string]),
  );
  const stepDays = (fields.FREQ === 'WEEKLY' ? 7 : 1) * Number(fields.INTERVAL ?? 1);
  const count = Math.min(Number(fields.COUNT ?? 500), 500);
  return Array.from(
    { length: count },
    (_, i) => new Date((event.start as { dateTime: Date }).dateTime.getTime() + i * stepDays * 86_400_000),
  );
};

/** An event as listed: itself, or with singleEvents its occurrences (exceptions applied). */
export const expand = (
  calendar: FakeGoogleCalendar,
  event: FakeGoogleEvent,
  single: boolean,
): Occurrence[] => {
  const base = baseJson(calendar, event);
  const timed = 'dateTime' in event.start && 'dateTime' in event.end;
  if (!event.recurrence || !single) {
    const start = 'dateTime' in event.start ? event.start.dateTime : null;
    const end = 'dateTime' in event.end ? event.end.dateTime : null;
    const json = event.recurrence ? { ...base, recurrence: event.recurrence } : base;
    return [{ id: event.id, json, seq: event.seq, start, end, cancelled: event.status === 'cancelled' }];
  }
  if (!timed) return [];
  const length =
    (event.end as { dateTime: Date }).dateTime.getTime() -
    (event.start as { dateTime: Date }).dateTime.getTime();
  const zone = (event.start as { timeZone: string }).timeZone;
  return occurrencesOf(event).map((original) => {
    const key = original.toISOString();
    const id = `${event.id}_${instanceStamp(original)}`;
    const exception = event.exceptions?.get(key);
    const fields = exception?.fields ?? {};
    const json: Record<string, unknown> = {
      ...base,
      id,
      etag: exception?.etag ?? event.etag,
      start: { dateTime: googleDateTime(original, zone), timeZone: zone },
      end: { dateTime: googleDateTime(new Date(original.getTime() + length), zone), timeZone: zone },
      recurringEventId: event.id,
      originalStartTime: { dateTime: googleDateTime(original, zone), timeZone: zone },
      ...fields,
    };
    const cancelled = event.status === 'cancelled' || json.status === 'cancelled';
    const start = new Date(String((json.start as { dateTime: string }).dateTime));
    const end = new Date(String((json.end as { dateTime: string }).dateTime));
    return { id, json, seq: Math.max(event.seq, exception?.seq ?? 0), start, end, cancelled };
  });
};

/** What Google sends for a deleted event in an incremental sync: its ids, nothing more. */
export const deletedJson = (occurrence: Occurrence) => {
  const { json } = occurrence;
  return {
    kind: 'calendar#event',
    etag: json.etag,
    id: json.id,
    status: 'cancelled',
    ...(json.recurringEventId
      ? { recurringEventId: json.recurringEventId, originalStartTime: json.originalStartTime }
      : {}),
  };
};

export const findOccurrence = (calendar: FakeGoogleCalendar, eventId: string): Occurrence | null => {
  const direct = calendar.events.get(eventId);
  if (direct) return expand(calendar, direct, false)[0] ?? null;
  const series = calendar.events.get(eventId.split('_')[0] ?? '');
  if (!series) return null;
  return expand(calendar, series, true).find((occurrence) => occurrence.id === eventId) ?? null;
};

/** Patch semantics: objects merged key by key, everything else (arrays included) replaced. */
export const merge = (target: Record<string, unknown>, patch: Record<string, unknown>) => {
  for (const [key, value] of Object.entries(patch)) {
    const existing = target[key];
    if (
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      existing !== null &&
      typeof existing === 'object' &&
      !Array.isArray(existing)
    ) {
      target[key] = merge({ ...(existing as Record<string, unknown>) }, value as Record<string, unknown>);
    } else {
      target[key] = value;
    }
  }
  return target;
};

export const readTime = (value: unknown, fallbackZone: string): FakeGoogleEvent['start'] | null => {
  if (typeof value !== 'object' || value === null) return null;
  const time = value as { dateTime?: string; date?: string; timeZone?: string };
  if (time.date) return { date: time.date };
  if (!time.dateTime) return null;
  const at = new Date(time.dateTime);
  return Number.isNaN(at.getTime()) ? null : { dateTime: at, timeZone: time.timeZone ?? fallbackZone };
};
