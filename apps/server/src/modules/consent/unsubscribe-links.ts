import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_PATH } from '@callwise/shared/schemas/consent';

/**
 * The unsubscribe link in the e-mails we send a business's customer (decision 030): `<contact id>.<signature>`,
 * an HMAC of the contact's id with a key derived from the server's secret. It does not expire — a customer may
 * use it months later — and names nothing but the contact.
 */
export class UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(private readonly options: { secret: string; publicUrl: string }) {
    this.key = createHmac('sha256', options.secret).update('callwise:unsubscribe:v1').digest();
  }

  private signature(contactId: string) {
    return createHmac('sha256', this.key).update(contactId).digest('base64url');
  }

  token(contactId: string): string {
    return `${contactId}.${this.signature(contactId)}`;
  }

  /** The page the customer opens (and the address a mail client's one-click unsubscribe posts to). */
  url(contactId: string): string {
    return `${this.options.publicUrl}${UNSUBSCRIBE_PATH}/${this.token(contactId)}`;
  }

  /** The contact a token stands for, or null when it is not one of ours. */
  verify(token: string): string | null {
    const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const [, contactId = '', signature = ''] = match;
    const expected = Buffer.from(this.signature(contactId));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? contactId : null;
  }
}
