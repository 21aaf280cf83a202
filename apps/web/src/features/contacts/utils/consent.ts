import type { ConsentLevel } from '@callwise/shared/schemas/contacts';

/** What each consent level allows, in the words the contact form and the cards use. */
export const CONSENT: Readonly<Record<ConsentLevel, { label: string; badge: string; explanation: string }>> =
  {
    none: {
      label: 'None',
      badge: 'No consent',
      explanation: 'No consent on record yet.',
    },
    informational: {
      label: 'Informational',
      badge: 'Informational',
      explanation: 'Reminders, confirmations and follow-ups about their own appointments and orders.',
    },
    marketing: {
      label: 'Marketing',
      badge: 'Marketing',
      explanation: 'Promotional calls too: marketing consent is needed before any promotional call.',
    },
  };
