import { pathToFileURL } from 'node:url';

// For the browser tests: the server's local fake of Google (OAuth consent, token exchange, Calendar API v3), in its
// own process, seeded with one calendar. Run by start-server.mjs with `node --import tsx`; prints one JSON line with
// its addresses once it listens, and stops when its parent closes its standard input (or on SIGTERM/SIGINT).

/** What this script uses of the fake (apps/server/src/modules/appointments/sources/google-calendar-test-server.ts). */
interface FakeGoogleLike {
  url: string;
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  clientId: string;
  clientSecret: string;
  addCalendar(fields: { id: string; summary: string; timeZone: string; primary: boolean }): unknown;
  addEvent(
    calendarId: string,
    fields: {
      summary: string;
      description: string;
      start: { dateTime: Date; timeZone: string };
      end: { dateTime: Date; timeZone: string };
      attendees: Array<{ email: string; displayName: string }>;
    },
  ): unknown;
  close(): Promise<void>;
}

/** The seeded calendar and its one event (the browser test looks for these). */
export const FAKE_CALENDAR = {
  id: 'frontdesk.e2e@example.com',
  summary: 'Front desk',
  timeZone: 'America/New_York',
};
export const FAKE_EVENT = {
  summary: 'Check-up with Priya Shah',
  attendee: { email: 'priya.shah@example.com', displayName: 'Priya Shah' },
  description: 'Patient mobile: (202) 555-0143',
  daysAhead: 2,
  hour: 10,
  minutes: 45,
};

/** The instant of a wall-clock time in a zone (the offset read back once, then corrected once for DST edges). */
export function zonedTime(date: string, hour: number, timeZone: string): Date {
  const wall = Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  const offsetAt = (instant: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(instant);
    const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '00';
    const asUtc = Date.parse(
      `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}Z`,
    );
    return asUtc - instant;
  };
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

/** YYYY-MM-DD in a zone, `days` from now. */
export function dayInZone(days: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 86_400_000));
}

async function main() {
  // A path the type checker does not follow (the fake lives in the server's sources, outside this project).
  const modulePath = new URL(
    '../server/src/modules/appointments/sources/google-calendar-test-server.ts',
    import.meta.url,
  ).href;
  const { startFakeGoogle } = (await import(modulePath)) as {
    startFakeGoogle: () => Promise<FakeGoogleLike>;
  };
  const fake = await startFakeGoogle();

  fake.addCalendar({ ...FAKE_CALENDAR, primary: true });
  const day = dayInZone(FAKE_EVENT.daysAhead, FAKE_CALENDAR.timeZone);
  const start = zonedTime(day, FAKE_EVENT.hour, FAKE_CALENDAR.timeZone);
  fake.addEvent(FAKE_CALENDAR.id, {
    summary: FAKE_EVENT.summary,
    description: FAKE_EVENT.description,
    start: { dateTime: start, timeZone: FAKE_CALENDAR.timeZone },
    end: {
      dateTime: new Date(start.getTime() + FAKE_EVENT.minutes * 60_000),
      timeZone: FAKE_CALENDAR.timeZone,
    },
    attendees: [FAKE_EVENT.attendee],
  });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void fake.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The parent holds our standard input open: when it goes (even killed), so do we.
  process.stdin.on('end', stop);
  process.stdin.on('error', stop);
  process.stdin.resume();

  process.stdout.write(
    `${JSON.stringify({
      url: fake.url,
      authUrl: fake.authUrl,
      tokenUrl: fake.tokenUrl,
      revokeUrl: fake.revokeUrl,
      apiRootUrl: `${fake.url}/`,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
    })}\n`,
  );
}

// Only when run (the browser test imports the constants above).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error('fake-google: could not start:', error);
    process.exit(1);
  });
}
