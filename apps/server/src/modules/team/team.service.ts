import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import {
  acceptInvitation,
  createInvitation,
  findPendingInvitation,
  type MemberRow,
  renewInvitation,
} from '@callwise/db/queries/team';
import type { InvitationRow } from '@callwise/db/schema';
import { INVITATION_LIFETIME_DAYS, ROLE_LABELS, type Role } from '@callwise/shared/roles';
import type { BookingSettings } from '@callwise/shared/schemas/booking';
import type { Invitation, InvitationPreview, Member } from '@callwise/shared/schemas/team';
import type PgBoss from 'pg-boss';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import { TEAM_MESSAGES } from '../../http/auth-messages.ts';
import { sendJob } from '../../jobs/send.ts';
import type { AuthService, ClientInfo } from '../auth/auth.service.ts';
import { checkNewPassword, hashPassword } from '../auth/passwords.ts';
import { hashToken, randomToken } from '../auth/tokens.ts';
import { invitationMail } from '../mail/mail.templates.ts';
import { SEND_EMAIL, type SendEmailPayload } from '../mail/send-email.job.ts';

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
export const nameOf = (metadata: Record<string, unknown>) =>
  [str(metadata.first_name), str(metadata.last_name)].filter(Boolean).join(' ');

/** The name a member is booked under: their name, or their e-mail address when they gave none. */
export const bookingNameOf = (row: Pick<MemberRow, 'userMetadata' | 'email'>) =>
  nameOf(row.userMetadata) || row.email;

/** The lower-cased names of the bookable staff of booking settings. */
export const bookableNames = (settings: BookingSettings) =>
  new Set(settings.staff.filter((member) => member.bookable).map((member) => member.name.toLowerCase()));

export function toMember(row: MemberRow, callerId: string, bookable: Set<string>): Member {
  return {
    id: row.id,
    email: row.email,
    name: nameOf(row.userMetadata),
    role: row.role,
    is_you: row.id === callerId,
    two_factor: row.twoFactor,
    bookable: bookable.has(bookingNameOf(row).toLowerCase()),
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
    joined_at: row.createdAt.toISOString(),
  };
}

export function toInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: row.invitedByEmail,
    expires_at: row.expiresAt.toISOString(),
    sent_at: row.sentAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

export interface Inviter {
  accountId: string;
  userId: string;
  email: string;
  name: string;
}

/** Invitations (decision 035): a link e-mailed to the invitee, whose token (stored hashed) lets them join once. */
export class TeamService {
  constructor(private readonly deps: { db: Database; config: Config; queue: PgBoss; auth: AuthService }) {}

  private newLink() {
    const token = randomToken(32);
    const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_DAYS * 86_400_000);
    const url = new URL('/invite', this.deps.config.PUBLIC_URL);
    url.searchParams.set('token', token);
    return { token, tokenHash: hashToken(token), expiresAt, url: url.toString() };
  }

  private async send(row: InvitationRow, url: string) {
    const account = await findAccount(this.deps.db, row.accountId);
    const payload: SendEmailPayload = {
      to: row.email,
      ...invitationMail({
        businessName: account?.name ?? 'a business',
        invitedBy: row.invitedByName || row.invitedByEmail,
        role: ROLE_LABELS[row.role].toLowerCase(),
        url,
        days: INVITATION_LIFETIME_DAYS,
      }),
    };
    await sendJob(this.deps.queue, SEND_EMAIL, payload, {
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
    });
  }

  async invite(inviter: Inviter, email: string, role: Role): Promise<InvitationRow> {
    const link = this.newLink();
    const row = await createInvitation(this.deps.db, {
      accountId: inviter.accountId,
      email,
      role,
      tokenHash: link.tokenHash,
      invitedBy: inviter.userId,
      invitedByEmail: inviter.email,
      invitedByName: inviter.name,
      expiresAt: link.expiresAt,
    });
    if (row === 'already_user') throw new AppError('already_member', TEAM_MESSAGES.alreadyUser(email));
    if (row === 'already_invited') throw new AppError('already_member', TEAM_MESSAGES.alreadyInvited(email));
    await this.send(row, link.url);
    return row;
  }

  /** A new link for a pending invitation (the old one stops working); undefined when there is none. */
  async resend(accountId: string, id: string): Promise<InvitationRow | undefined> {
    const link = this.newLink();
    const row = await renewInvitation(this.deps.db, accountId, id, link.tokenHash, link.expiresAt);
    if (row) await this.send(row, link.url);
    return row;
  }

  async preview(token: string): Promise<InvitationPreview> {
    const found = await findPendingInvitation(this.deps.db, hashToken(token));
    if (!found) throw new AppError('invitation_invalid', TEAM_MESSAGES.invalid);
    const { invitation } = found;
    if (invitation.expiresAt.getTime() <= Date.now())
      throw new AppError('link_expired', TEAM_MESSAGES.expired);
    return {
      business_name: found.businessName,
      email: invitation.email,
      role: invitation.role,
      invited_by: invitation.invitedByName || invitation.invitedByEmail,
      expires_at: invitation.expiresAt.toISOString(),
    };
  }

  /** Joins the business: the member's user, then their first session (GoTrue's answer to a sign-in). */
  async accept(
    input: { token: string; password: string; firstName: string; lastName: string },
    client: ClientInfo,
  ) {
    const problem = checkNewPassword(input.password);
    if (problem) {
      throw new AppError('validation_failed', `password: ${problem.message}`, [
        { field: 'password', message: problem.message },
      ]);
    }
    const user = await acceptInvitation(this.deps.db, {
      tokenHash: hashToken(input.token),
      passwordHash: await hashPassword(input.password),
      userMetadata: { first_name: input.firstName, last_name: input.lastName },
    });
    if (user === 'invalid') throw new AppError('invitation_invalid', TEAM_MESSAGES.invalid);
    if (user === 'expired') throw new AppError('link_expired', TEAM_MESSAGES.expired);
    if (user === 'already_user') throw new AppError('already_member', TEAM_MESSAGES.joinedMeanwhile);
    return { user, session: await this.deps.auth.startInvitedSession(user, client) };
  }
}
