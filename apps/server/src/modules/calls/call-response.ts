import type { Call as CallRow } from '@callwise/db/schema';
import type { Call } from '@callwise/shared/schemas/calls';
import { iso } from '../../lib/pagination.ts';

export function callResponse(row: Omit<CallRow, 'search'>): Call {
  return {
    id: row.id,
    contact_id: row.contactId,
    script_id: row.scriptId,
    recipient_name: row.recipientName,
    phone: row.phone,
    call_type: row.callType as Call['call_type'],
    message: row.message,
    script: row.message,
    voice: row.voice,
    scheduled_at: row.scheduledAt.toISOString(),
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
  };
}
