import { formatPhone } from '@callwise/shared/phone';

/** Who a conversation is with: the contact's name, else the number as people write it. */
export const partyName = (party: { contact_name: string | null; phone: string }): string =>
  party.contact_name ?? formatPhone(party.phone);
