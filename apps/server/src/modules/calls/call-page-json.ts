import type { RawCallRow } from '@callwise/db/queries/calls';
import { type Call, callSchema } from '@callwise/shared/schemas/calls';
import { needsAttention, scheduleNote } from './call-response.ts';

/**
 * A page of the call history written as JSON straight from the values the database sent (decision 031): the
 * same bytes as `callResponse` on each row through the route's serializer, without a Date, a row object or a
 * response object per call. On a page of 50 calls those objects and their collection were most of the server's
 * own time. `call-page-json.test.ts` compares the two byte for byte.
 *
 * A row it cannot write exactly (a transcript of another shape) makes it answer null: the caller then takes the
 * usual way.
 */
export function callPageJson(rows: RawCallRow[], nextCursor: string | null): string | null {
  let out = '{"data":[';
  for (let i = 0; i < rows.length; i++) {
    const call = callJson(rows[i] as RawCallRow);
    if (call === null) return null;
    out += i === 0 ? call : `,${call}`;
  }
  return `${out}],"next_cursor":${nextCursor === null ? 'null' : JSON.stringify(nextCursor)}}`;
}

type Writer = (row: RawCallRow) => string | null;

const text = (value: unknown) =>
  value === null || value === undefined ? 'null' : JSON.stringify(String(value));
const number = (value: unknown) => (value === null || value === undefined ? 'null' : String(Number(value)));

/**
 * A timestamp as the API writes it (`toISOString`: UTC, milliseconds): from PostgreSQL's text
 * (`2026-11-26 23:01:34.784123+00`) or PGlite's JSON (`2026-11-26T23:01:34.784123+00:00`). At UTC the text is
 * rearranged (digits past the millisecond are dropped, as Date does); another offset goes through Date.
 */
export function isoText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const raw = String(value);
  const utc = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(?:\.(\d+))?(?:\+00(?::?00)?|Z)$/.exec(raw);
  if (utc) return `${utc[1]}T${utc[2]}.${`${utc[3] ?? ''}000`.slice(0, 3)}Z`;
  return toDate(raw).toISOString();
}

function toDate(raw: string): Date {
  const parts = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d(?:\.\d+)?)([+-]\d\d)(?::?(\d\d))?$/.exec(raw);
  const date = parts ? new Date(`${parts[1]}T${parts[2]}${parts[3]}:${parts[4] ?? '00'}`) : new Date(raw);
  if (Number.isNaN(date.getTime())) throw new Error(`Unreadable timestamp from the database: ${raw}`);
  return date;
}

const timestamp = (value: unknown) => {
  const iso = isoText(value);
  return iso === null ? 'null' : `"${iso}"`;
};

/** The transcript's lines as the schema writes them (speaker, text, at), or null when a line is not one. */
function transcript(value: unknown): string | null {
  if (value === null || value === undefined) return 'null';
  const lines = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(lines)) return null;
  let out = '[';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as { speaker?: unknown; text?: unknown; at?: unknown } | null;
    if (
      !line ||
      (line.speaker !== 'ai' && line.speaker !== 'callee') ||
      typeof line.text !== 'string' ||
      typeof line.at !== 'number' ||
      !Number.isFinite(line.at)
    ) {
      return null;
    }
    out += `${i === 0 ? '' : ','}{"speaker":"${line.speaker}","text":${JSON.stringify(line.text)},"at":${line.at}}`;
  }
  return `${out}]`;
}

/** The row's instants, for the two fields worked out from them (rarely needed: see scheduleNote). */
function noteOf(row: RawCallRow): string | null {
  if (row.requestedAt === null || row.requestedAt === undefined || !row.timezone) return null;
  const requested = isoText(row.requestedAt);
  const scheduled = isoText(row.scheduledAt);
  if (requested === scheduled) return null;
  return scheduleNote({
    requestedAt: new Date(requested as string),
    scheduledAt: new Date(scheduled as string),
    timezone: row.timezone as string,
    phone: row.phone as string,
    callType: row.callType as string,
  });
}

/** How each field of the API's call is written, keyed by the schema's names. */
const WRITERS: Record<keyof Call, Writer> = {
  id: (row) => text(row.id),
  contact_id: (row) => text(row.contactId),
  script_id: (row) => text(row.scriptId),
  recipient_name: (row) => text(row.recipientName),
  phone: (row) => text(row.phone),
  call_type: (row) => text(row.callType),
  direction: (row) => text(row.direction),
  message: (row) => text(row.message),
  script: (row) => text(row.message),
  voice: (row) => text(row.voice),
  scheduled_at: (row) => timestamp(row.scheduledAt),
  requested_at: (row) => timestamp(row.requestedAt),
  timezone: (row) => text(row.timezone),
  schedule_note: (row) => text(noteOf(row)),
  campaign_id: (row) => text(row.campaignId),
  appointment_id: (row) => text(row.appointmentId),
  status: (row) => text(row.status),
  outcome: (row) => text(row.outcome),
  attempts: (row) => number(row.attempts),
  started_at: (row) => timestamp(row.startedAt),
  ended_at: (row) => timestamp(row.endedAt),
  duration: (row) => number(row.duration),
  cost: (row) => number(row.cost),
  recording_url: (row) => text(row.recordingUrl),
  callback_url: (row) => text(row.callbackUrl),
  estimated_duration: (row) => number(row.estimatedDuration),
  answered_by: (row) => text(row.answeredBy),
  failure_reason: (row) => text(row.failureReason),
  transcript: (row) => transcript(row.transcript),
  created_at: (row) => timestamp(row.createdAt),
  needs_attention: (row) =>
    String(
      needsAttention({
        handledAt: row.handledAt === null || row.handledAt === undefined ? null : new Date(0),
        outcome: (row.outcome ?? null) as string | null,
        status: row.status as string,
      }),
    ),
  handled_at: (row) => timestamp(row.handledAt),
};

/** The fields in the schema's order, which is the order its serializer writes them in. */
const FIELDS = (Object.keys(callSchema.shape) as Array<keyof Call>).map(
  (key) => [`"${key}":`, WRITERS[key]] as const,
);

function callJson(row: RawCallRow): string | null {
  let out = '{';
  for (let i = 0; i < FIELDS.length; i++) {
    const [name, write] = FIELDS[i] as (typeof FIELDS)[number];
    const value = write(row);
    if (value === null) return null;
    out += i === 0 ? name + value : `,${name}${value}`;
  }
  return `${out}}`;
}
