import type { RawCallRow } from '@callwise/db/queries/calls';
import { type Call, callSchema } from '@callwise/shared/schemas/calls';
import {
  fieldsInOrder,
  isoText,
  jsonNumber as number,
  pageJson,
  jsonText as text,
  jsonTimestamp as timestamp,
} from '../../http/json-values.ts';
import { needsAttention, scheduleNote } from './call-response.ts';

/**
 * A page of the call history written as JSON straight from the values the database sent (decision 031): the
 * same bytes as `callResponse` on each row through the route's serializer, without a Date, a row object or a
 * response object per value, and without the garbage they leave. `call-page-json.test.ts` compares the two byte
 * for byte.
 *
 * A row it cannot write exactly (a transcript of another shape) makes it answer null: the caller then takes the
 * usual way.
 */
export function callPageJson(rows: RawCallRow[], nextCursor: string | null): string | null {
  return pageJson(rows, nextCursor, FIELDS);
}

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
const WRITERS: Record<keyof Call, (row: RawCallRow) => string | null> = {
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
        handledAt: row.handledAt,
        outcome: (row.outcome ?? null) as string | null,
        status: row.status as string,
      }),
    ),
  handled_at: (row) => timestamp(row.handledAt),
};

/** The fields in the schema's order, which is the order its serializer writes them in. */
const FIELDS = fieldsInOrder(Object.keys(callSchema.shape) as Array<keyof Call>, WRITERS);
