import type { ConsentRecord } from '@callwise/shared/schemas/consent';

/** What the consent is for, in words. */
export const CONSENT_PURPOSE_LABELS: Readonly<Record<ConsentRecord['purpose'], string>> = {
  informational: 'Reminders and confirmations',
  marketing: 'Promotions',
  all: 'Everything',
};

/** Which channel it covers, in words. */
export const CONSENT_CHANNEL_LABELS: Readonly<Record<ConsentRecord['channel'], string>> = {
  call: 'calls',
  text: 'texts',
  all: 'calls and texts',
};

/** How it was recorded, in words. */
export const CONSENT_METHOD_LABELS: Readonly<Record<ConsentRecord['method'], string>> = {
  owner: 'Recorded by you',
  api: 'Through the API',
  import: 'Imported',
  calendar: 'From a calendar',
  keypad: 'Pressed 9 on a call',
  text: 'By text',
  email_link: 'Unsubscribe link in an e-mail',
};

/** "Reminders and confirmations · calls and texts" */
export function consentScope(record: Pick<ConsentRecord, 'purpose' | 'channel'>): string {
  return `${CONSENT_PURPOSE_LABELS[record.purpose]} · ${CONSENT_CHANNEL_LABELS[record.channel]}`;
}
