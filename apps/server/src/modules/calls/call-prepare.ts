import { randomUUID } from 'node:crypto';
import type { Database } from '@callwise/db/client';
import { getAppointment } from '@callwise/db/queries/appointments';
import { type ContactRow, getContact } from '@callwise/db/queries/contacts';
import { getScript } from '@callwise/db/queries/scripts';
import type { AppointmentRow } from '@callwise/db/schema';
import { normalizePhone } from '@callwise/shared/phone';
import { PLANS, type PlanId, planAllowsVoice } from '@callwise/shared/plans';
import type { createCallInputSchema } from '@callwise/shared/schemas/calls';
import { isRecipientVariable, recipientValues, renderTemplate } from '@callwise/shared/variables';
import { findVoice, VOICE_IDS, type VoiceId } from '@callwise/shared/voices';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { callbackUrlProblem } from '../../infra/ssrf.ts';
import { appointmentValues } from '../appointments/appointment-values.ts';
import { type AccountRow, type PreparedCall, RuleRefusal } from './apply-calling-rules.ts';
import type { CallDurations } from './call-duration.ts';

// One call of a request checked and rendered: its recipient, appointment, message and time, before the calling
// rules.

/** The values given in a call's `variables`: a blank one is no value. */
export function givenVariables(variables: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(variables).filter(([, value]) => value.trim()));
}

/**
 * The 400 of a message that uses variables nothing gives a value for, one field each; a recipient's variable
 * ({{first_name}}…) says that `nameOf` (whose name they come from) has none.
 */
export function missingVariables(missing: string[], nameOf: string): AppError {
  const list = missing.map((name) => `{{${name}}}`).join(', ');
  return new AppError(
    'validation_failed',
    `The message uses ${list}: give a value for each in variables.`,
    missing.map((name) => ({
      field: `variables.${name}`,
      message: isRecipientVariable(name) ? `needs a value (${nameOf} has none)` : 'needs a value',
    })),
  );
}

export type CreateCallInput = z.output<typeof createCallInputSchema>;

/** A time in the past by less than this is taken to mean "now" (the form rounds to the minute). */
const PAST_GRACE_MS = 5 * 60_000;

const validation = (path: string, message: string) =>
  new AppError('validation_failed', message, [{ field: path, message }]);

/** What a call needs of its contact, when the caller has read the contacts already (a campaign's, a booking's). */
export type CallContact = Pick<
  ContactRow,
  'id' | 'name' | 'firstName' | 'lastName' | 'phone' | 'company' | 'consent' | 'existingCustomer' | 'timezone'
>;

/** One call checked and rendered, ready for the calling rules. */
export async function prepareCall(
  deps: { db: Database; config: Pick<Config, 'WEBHOOK_ALLOW_PRIVATE'>; durations: CallDurations },
  account: AccountRow,
  plan: PlanId,
  input: CreateCallInput,
  batch: {
    campaignId: string | null;
    measure: boolean;
    scripts: Map<string, ReturnType<typeof getScript>>;
    appointments?: ReadonlyMap<string, AppointmentRow>;
    contacts?: ReadonlyMap<string, CallContact>;
  },
): Promise<PreparedCall> {
  const { db } = deps;
  const accountId = account.id;
  const voice = input.voice as VoiceId;
  if (!planAllowsVoice(plan, VOICE_IDS.indexOf(voice))) {
    throw new AppError(
      'forbidden',
      `The ${findVoice(voice)?.name ?? voice} voice is not included in the ${PLANS[plan].name} plan. Choose another voice or upgrade.`,
    );
  }

  let recipientName = input.recipient_name?.trim() ?? '';
  let phone: string;
  let contactId: string | null = null;
  let person: PreparedCall['contact'] = null;
  const extraValues: Record<string, string> = {};
  /** The contact's own first and last names, when the call goes to the contact under its name. */
  let ownNames: { first_name: string | null; last_name: string | null } | null = null;
  if (input.contact_id) {
    const contact =
      batch.contacts?.get(input.contact_id) ?? (await getContact(db, accountId, input.contact_id));
    if (!contact) throw notFound('Contact');
    contactId = contact.id;
    person = {
      consent: contact.consent,
      existingCustomer: contact.existingCustomer,
      timezone: contact.timezone,
    };
    if (!recipientName || recipientName === contact.name) {
      ownNames = { first_name: contact.firstName, last_name: contact.lastName };
    }
    recipientName = recipientName || contact.name;
    phone = contact.phone;
    if (contact.company) extraValues.company = contact.company;
  } else {
    const parsed = normalizePhone(input.phone ?? '', (account.defaultCountry || 'US') as never);
    if (!parsed.ok) throw new RuleRefusal('invalid_number', parsed.message, 'phone');
    phone = parsed.e164;
  }

  // A call about an appointment: its facts fill the message's variables, and the answer goes back to it.
  let appointmentId: string | null = null;
  if (input.appointment_id) {
    const appointment =
      batch.appointments?.get(input.appointment_id) ??
      (await getAppointment(db, accountId, input.appointment_id));
    if (!appointment) throw validation('appointment_id', 'No appointment with this id in your account');
    if (contactId && appointment.contactId && appointment.contactId !== contactId) {
      throw validation('appointment_id', 'This appointment is with another contact');
    }
    appointmentId = appointment.id;
    Object.assign(extraValues, appointmentValues(appointment, account.timezone));
  }

  let text: string;
  let scriptId: string | null = null;
  if (input.script_id) {
    let read = batch.scripts.get(input.script_id);
    if (!read) {
      read = getScript(db, accountId, input.script_id);
      batch.scripts.set(input.script_id, read);
    }
    const script = await read;
    if (!script) throw notFound('Script');
    scriptId = script.id;
    text = script.content;
  } else {
    text = (input.message ?? input.script ?? '').trim();
  }
  if (!text) throw validation('message', 'Please enter a message for the call.');
  if (input.callback_url) {
    const problem = callbackUrlProblem(input.callback_url, deps.config.WEBHOOK_ALLOW_PRIVATE);
    if (problem) throw validation('callback_url', `The callback URL ${problem}.`);
  }

  // {{name}}, {{first_name}} and {{last_name}} are the recipient's; values given in `variables` win (a blank
  // one is no value).
  const given = givenVariables(input.variables);
  const recipient = recipientValues(given.name ? { name: given.name } : { name: recipientName, ...ownNames });
  const rendered = renderTemplate(text, { ...extraValues, ...recipient, ...given });
  if (!rendered.ok) throw missingVariables(rendered.missing, 'the recipient’s name');

  const now = Date.now();
  let scheduledAt = input.scheduled_at ? new Date(input.scheduled_at) : new Date(now);
  if (scheduledAt.getTime() < now - PAST_GRACE_MS) {
    throw validation('scheduled_at', 'The schedule time is in the past. Choose a time from now on.');
  }
  if (scheduledAt.getTime() < now) scheduledAt = new Date(now);
  const dueNow = scheduledAt.getTime() <= now + 1000;

  return {
    id: randomUUID(),
    accountId,
    contactId,
    contact: person,
    appointmentId,
    campaignId: batch.campaignId,
    scriptId,
    recipientName: recipientName || 'there',
    phone,
    callType: input.call_type,
    message: rendered.text,
    voice,
    scheduledAt,
    status: dueNow ? 'queued' : 'scheduled',
    callbackUrl: input.callback_url ?? null,
    estimatedDuration: await deps.durations.estimate(voice, account, rendered.text, batch.measure),
  };
}
