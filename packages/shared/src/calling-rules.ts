import type { CallType } from './calls.ts';

/** Why a call of a batch or campaign was not created. */
export const SKIP_REASONS = [
  'do_not_call',
  'no_consent',
  'invalid_number',
  'frequency_cap',
  'state_rule',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  do_not_call: 'On the do-not-call list',
  no_consent: 'No consent for this kind of call',
  invalid_number: 'Invalid phone number',
  frequency_cap: 'Daily call limit for this person reached',
  state_rule: 'A state’s rule on sales calls',
};

/** Calls that sell something need marketing consent; every other kind is informational. */
export function isPromotional(callType: CallType): boolean {
  return callType === 'promotional';
}

export type Consent = 'none' | 'informational' | 'marketing';

/**
 * Whether a call of this kind may go to this person. `contact` is null for a number that is not one of the
 * account's contacts: informational calls go on the caller's word that the person is their customer (the API
 * documents this), promotional ones need a contact with marketing consent.
 */
export function consentProblem(
  callType: CallType,
  contact: { consent: string; existingCustomer: boolean } | null,
): string | null {
  if (isPromotional(callType)) {
    if (contact?.consent === 'marketing') return null;
    return contact
      ? 'Promotional calls need marketing consent. Record the contact’s marketing consent (when and how it was given) before calling.'
      : 'Promotional calls need marketing consent. Add the person as a contact with marketing consent before calling.';
  }
  if (!contact) return null;
  if (contact.consent === 'informational' || contact.consent === 'marketing' || contact.existingCustomer) {
    return null;
  }
  return 'This contact has not agreed to calls. Record their consent, or mark them as an existing customer, before scheduling reminders or confirmations.';
}

/** A contact's consent in a few words, as badges show it: "No consent", "Informational · Existing customer". */
export function consentSummary(contact: { consent: string; existing_customer: boolean }): string {
  const level =
    contact.consent === 'marketing'
      ? 'Marketing'
      : contact.consent === 'informational'
        ? 'Informational'
        : contact.existing_customer
          ? null
          : 'No consent';
  return [level, contact.existing_customer && 'Existing customer'].filter(Boolean).join(' · ');
}

/** The disclosure every call opens with, for a business. */
export function renderDisclosure(template: string, businessName: string): string {
  return template.replaceAll('{{business_name}}', businessName).trim();
}

/** What a callee presses to stop all calls from the business; offered right after the disclosure. */
export const OPT_OUT_KEY = '9';
export const OPT_OUT_OFFER = `To stop these calls, press ${OPT_OUT_KEY}.`;
