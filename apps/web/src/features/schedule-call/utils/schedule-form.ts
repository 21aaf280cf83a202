import { CALL_TYPES, type CallType } from '@callwise/shared/calls';
import { formatPhone } from '@callwise/shared/phone';
import type { Call, CreateCallInput, UpdateCallInput } from '@callwise/shared/schemas/calls';
import type { VoicePreviewInput } from '@callwise/shared/schemas/voices';
import { isRecipientVariable, recipientValues, variablesIn } from '@callwise/shared/variables';
import { DEFAULT_VOICE, VOICE_IDS, type VoiceId } from '@callwise/shared/voices';
import { z } from 'zod';
import { nextMinute } from '@/features/schedule-call/utils/schedule-time';
import { parseLocalInputValue, toLocalInputValue } from '@/lib/dates';

/** The spec's validation texts (section 5). */
export const MESSAGE_REQUIRED = 'Please enter a message for the call.';
export const PREVIEW_MESSAGE_REQUIRED = 'Please enter a message to generate voice preview.';

/** A time this far in the past is taken as "now" (the default minute passed while the form was filled in). */
export const LATE_GRACE_MS = 5 * 60_000;

/** What the review says of a time the form refuses as passed (the field says the same on submit). */
export const TIME_PASSED = 'This time has passed. Choose a time from now on.';

/** The variables of a message that need a value typed in: all but {{name}}, {{first_name}} and {{last_name}}. */
export const valueVariables = (message: string) =>
  variablesIn(message).filter((name) => !isRecipientVariable(name));

export const missingValue = (name: string) => `Enter a value for {{${name}}}.`;

export const scheduleFormSchema = z
  .object({
    /** The picked contact; null when the recipient is typed. */
    contactId: z.string().nullable(),
    recipientName: z.string().trim().min(1, "Please enter the recipient's name.").max(200),
    phone: z.string().trim().min(1, 'Please enter a phone number.').max(40),
    callType: z.enum(CALL_TYPES),
    /** A `datetime-local` value in the browser's time zone. */
    scheduledAt: z.string().min(1, 'Please choose when to place the call.'),
    voice: z.enum(VOICE_IDS),
    message: z.string().trim().min(1, MESSAGE_REQUIRED).max(5000, 'Keep the message under 5,000 characters.'),
    variables: z.record(z.string(), z.string()),
  })
  .superRefine((values, ctx) => {
    for (const name of valueVariables(values.message)) {
      if (!values.variables[name]?.trim()) {
        ctx.addIssue({ code: 'custom', path: ['variables', name], message: missingValue(name) });
      }
    }
    if (!values.scheduledAt) return;
    const when = parseLocalInputValue(values.scheduledAt);
    if (!when) {
      ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: 'Enter a date and a time.' });
    } else if (when.getTime() < Date.now() - LATE_GRACE_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['scheduledAt'],
        message: TIME_PASSED,
      });
    }
  });

export type ScheduleFormValues = z.input<typeof scheduleFormSchema>;

export function emptyScheduleForm(callType: CallType = 'appointment-reminder'): ScheduleFormValues {
  return {
    contactId: null,
    recipientName: '',
    phone: '',
    callType,
    scheduledAt: toLocalInputValue(nextMinute()),
    voice: DEFAULT_VOICE,
    message: '',
    variables: {},
  };
}

/** The values the message uses (all but the recipient's), trimmed. */
function usedValues(values: ScheduleFormValues): Record<string, string> {
  return Object.fromEntries(
    valueVariables(values.message).map((name) => [name, values.variables[name]?.trim() ?? '']),
  );
}

/**
 * The request for `POST /v1/calls`. A picked contact is sent by id; a script left as it was picked is sent by
 * id too (so the call remembers it); a time already (just) past means now.
 */
export function toCreateCallInput(
  values: ScheduleFormValues,
  script: { id: string; content: string } | null,
): CreateCallInput {
  const message = values.message.trim();
  const when = parseLocalInputValue(values.scheduledAt);
  return {
    ...(values.contactId
      ? { contact_id: values.contactId }
      : { phone: values.phone.trim(), recipient_name: values.recipientName.trim() }),
    ...(script && script.content.trim() === message ? { script_id: script.id } : { message }),
    voice: values.voice,
    call_type: values.callType,
    ...(when && when.getTime() > Date.now() ? { scheduled_at: when.toISOString() } : {}),
    variables: usedValues(values),
  };
}

/**
 * The request for `POST /v1/voices/preview`: {{name}}, {{first_name}} and {{last_name}} are the recipient's, as
 * the call will say them (a picked contact's own first and last names when it has them; "there" when no name yet).
 */
export function toPreviewInput(
  values: ScheduleFormValues,
  contact?: { name: string; first_name: string | null; last_name: string | null } | null,
): VoicePreviewInput {
  const name = values.recipientName.trim();
  const own = contact && contact.name === name ? contact : null;
  return {
    voice: values.voice,
    text: values.message.trim(),
    variables: { ...usedValues(values), ...recipientValues({ ...own, name }) },
  };
}

/**
 * The form filled from a call that has not gone out, to edit it: its recipient, kind, voice and text as stored,
 * and the time first asked for (the calling window may have moved it), or the next minute once that has passed.
 */
export function scheduleFormFromCall(call: Call): ScheduleFormValues {
  const asked = new Date(call.requested_at ?? call.scheduled_at);
  return {
    contactId: call.contact_id,
    recipientName: call.recipient_name,
    phone: formatPhone(call.phone),
    callType: call.call_type,
    scheduledAt: toLocalInputValue(asked.getTime() > Date.now() ? asked : nextMinute()),
    voice: (VOICE_IDS as readonly string[]).includes(call.voice) ? (call.voice as VoiceId) : DEFAULT_VOICE,
    message: call.message,
    variables: {},
  };
}

/**
 * The request for `PATCH /v1/calls/{id}`: the whole form, as for a new call, but a time now or (just) past is
 * sent as now — left out, it would keep the call's old time.
 */
export function toUpdateCallInput(
  values: ScheduleFormValues,
  script: { id: string; content: string } | null,
): UpdateCallInput {
  const { scheduled_at, ...rest } = toCreateCallInput(values, script);
  return { ...rest, scheduled_at: scheduled_at ?? new Date().toISOString() };
}
