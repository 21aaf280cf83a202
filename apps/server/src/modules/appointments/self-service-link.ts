import { createHmac, timingSafeEqual } from 'node:crypto';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The route of the customer's self-service page in the web app; the token follows. */
export const SELF_SERVICE_PATH = '/a';

/**
 * The customer's link to their appointment (confirm, cancel, pick a new time) without an account: a token that
 * names the appointment and when the link expires, signed with a key derived from the server's secret, so every
 * process can check it and nobody can forge one for another appointment. Valid until a day after the start.
 */
export class SelfServiceLinks {
  private readonly key: Buffer;

  constructor(
    private readonly options: {
      /** The server's secret (JWT_SECRET). */
      secret: string;
      publicUrl: string;
      now?: () => number;
    },
  ) {
    this.key = createHmac('sha256', options.secret).update('callwise:appointment-self-service:v1').digest();
  }

  private signature(appointmentId: string, expires: number) {
    return createHmac('sha256', this.key).update(`${appointmentId}.${expires}`).digest('base64url');
  }

  /** The token of an appointment's link: `<id>.<expires (unix seconds)>.<signature>`. */
  token(appointment: { id: string; startsAt: Date }): string {
    const expires = Math.floor((appointment.startsAt.getTime() + DAY_MS) / 1000);
    return `${appointment.id}.${expires}.${this.signature(appointment.id, expires)}`;
  }

  /** The whole address, for an e-mail or a text. */
  url(appointment: { id: string; startsAt: Date }): string {
    return `${this.options.publicUrl}${SELF_SERVICE_PATH}/${this.token(appointment)}`;
  }

  /** The appointment id a token stands for, or why it does not: forged/garbled (`invalid`) or `expired`. */
  verify(token: string): { ok: true; appointmentId: string } | { ok: false; reason: 'invalid' | 'expired' } {
    const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return { ok: false, reason: 'invalid' };
    const [, appointmentId = '', expiresText = '', signature = ''] = match;
    const expires = Number(expiresText);
    const expected = Buffer.from(this.signature(appointmentId, expires));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      return { ok: false, reason: 'invalid' };
    if (expires * 1000 < (this.options.now?.() ?? Date.now())) return { ok: false, reason: 'expired' };
    return { ok: true, appointmentId };
  }
}
