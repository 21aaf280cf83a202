import type { CallListRow } from '@callwise/db/queries/calls';
import type { Call as CallRow } from '@callwise/db/schema';
import { describeLocalTime, insideCallingWindow } from '@callwise/shared/calling-window';
import { type CallType, NEEDS_ATTENTION_OUTCOMES, NEEDS_ATTENTION_STATUSES } from '@callwise/shared/calls';
import { describeHours, jurisdictionsFor } from '@callwise/shared/jurisdictions';
import type { Call } from '@callwise/shared/schemas/calls';
import { iso } from '../../http/pagination.ts';

/**
 * Why a call goes out later than asked: the calling window moved it, or a state's hours for solicitations (the
 * rule named: "Moved to 8:00 AM on Fri, Nov 27 (America/New_York): Florida’s telephone solicitation hours, 8 AM–8 PM
 * (rule FL).").
 */
export function scheduleNote(
  row: Pick<CallRow, 'requestedAt' | 'scheduledAt' | 'timezone' | 'phone' | 'callType'>,
): string | null {
  if (!row.requestedAt || !row.timezone || row.requestedAt.getTime() === row.scheduledAt.getTime())
    return null;
  const timezone = row.timezone;
  const requested = row.requestedAt;
  const state = jurisdictionsFor(row.phone, row.callType as CallType).find(
    (candidate) => !insideCallingWindow(requested, timezone, candidate.window),
  );
  if (state) {
    return `Moved to ${describeLocalTime(row.scheduledAt, timezone)}: ${state.state}’s telephone solicitation hours, ${describeHours(state.window)} (rule ${state.id}).`;
  }
  return `Outside the calling window in the recipient’s time: goes out at ${describeLocalTime(row.scheduledAt, timezone)}.`;
}

/** The same rule as the Needs attention view (packages/db queries/calls.ts); `handledAt` set or not. */
export function needsAttention(row: Pick<CallRow, 'outcome' | 'status'> & { handledAt: unknown }): boolean {
  if (row.handledAt) return false;
  return (
    (NEEDS_ATTENTION_OUTCOMES as readonly (string | null)[]).includes(row.outcome) ||
    (NEEDS_ATTENTION_STATUSES as readonly string[]).includes(row.status)
  );
}

export function callResponse(row: CallListRow): Call {
  return {
    id: row.id,
    contact_id: row.contactId,
    script_id: row.scriptId,
    recipient_name: row.recipientName,
    phone: row.phone,
    call_type: row.callType as Call['call_type'],
    direction: row.direction as Call['direction'],
    message: row.message,
    script: row.message,
    voice: row.voice,
    scheduled_at: row.scheduledAt.toISOString(),
    requested_at: iso(row.requestedAt),
    timezone: row.timezone,
    schedule_note: scheduleNote(row),
    campaign_id: row.campaignId,
    appointment_id: row.appointmentId,
    status: row.status as Call['status'],
    outcome: row.outcome as Call['outcome'],
    attempts: row.attempts,
    started_at: iso(row.startedAt),
    ended_at: iso(row.endedAt),
    duration: row.duration,
    cost: row.cost === null ? null : Number(row.cost),
    recording_url: row.recordingUrl,
    callback_url: row.callbackUrl,
    estimated_duration: row.estimatedDuration,
    answered_by: row.answeredBy as Call['answered_by'],
    failure_reason: row.failureReason,
    transcript: row.transcript,
    created_at: row.createdAt.toISOString(),
    needs_attention: needsAttention(row),
    handled_at: iso(row.handledAt),
  };
}
