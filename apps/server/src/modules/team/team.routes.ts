import { findAccount } from '@callwise/db/queries/accounts';
import { setStaffBookable } from '@callwise/db/queries/booking-settings';
import {
  changeMemberRole,
  findMember,
  listMembers,
  listPendingInvitations,
  removeMember,
  revokeInvitation,
  setRequireTwoFactor,
  transferOwnership,
} from '@callwise/db/queries/team';
import { findUserById } from '@callwise/db/queries/users';
import { apiErrorSchema } from '@callwise/shared/errors';
import { ROLE_LABELS, type Role, roleAllows } from '@callwise/shared/roles';
import { DEFAULT_BOOKING_SETTINGS } from '@callwise/shared/schemas/booking';
import {
  createInvitationInputSchema,
  invitationListSchema,
  invitationSchema,
  memberListSchema,
  memberSchema,
  teamSecurityInputSchema,
  updateMemberInputSchema,
} from '@callwise/shared/schemas/team';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../http/app-error.ts';
import { audit } from '../../http/audit.ts';
import { TEAM_MESSAGES } from '../../http/auth-messages.ts';
import { roleRefused } from '../../http/role-policy.ts';
import { sessionAuth } from '../../plugins/authenticate.ts';
import { bookingSettingsOf } from '../appointments/booking-settings.ts';
import { TEAM_EXAMPLES } from './team.examples.ts';
import { bookableNames, bookingNameOf, nameOf, toInvitation, toMember } from './team.service.ts';

const tags = ['team'];
const memberParams = z.object({
  id: z.uuid({ error: 'is not a member id' }).describe('The member’s user id'),
});
const invitationParams = z.object({
  id: z.uuid({ error: 'is not an invitation id' }).describe('The invitation’s id'),
});
const label = (role: Role) => ROLE_LABELS[role].toLowerCase();

/**
 * The account's members and invitations (decision 035), for the signed-in web app. Who may call what is the role
 * policy's (http/role-policy.ts); the rules about the owner role are here: only an owner gives, takes or invites it,
 * and the last owner keeps it.
 */
const teamRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = () => fastify.database.db;
  const team = () => fastify.services.team;

  const ownerOnly = (role: Role) => roleRefused(role, 'owner', TEAM_MESSAGES.ownerOnly);
  const lastOwner = () => new AppError('last_owner', TEAM_MESSAGES.lastOwner);
  const bookable = async (accountId: string) =>
    bookableNames((await bookingSettingsOf(db(), accountId)).settings);
  async function members(accountId: string, callerId: string) {
    const [rows, account, names] = await Promise.all([
      listMembers(db(), accountId),
      findAccount(db(), accountId),
      bookable(accountId),
    ]);
    return {
      data: rows.map((row) => toMember(row, callerId, names)),
      require_two_factor: account?.requireTwoFactor ?? false,
    };
  }

  fastify.get(
    '/members',
    {
      schema: {
        tags,
        summary: 'List the members',
        description:
          'Everyone who signs in to the account, owners first, with their role and whether they use a second factor.',
        response: { 200: memberListSchema },
        examples: TEAM_EXAMPLES.listMembers,
      },
    },
    async (request) => {
      const auth = sessionAuth(request);
      return members(auth.accountId, auth.userId);
    },
  );

  fastify.patch(
    '/members/:id',
    {
      schema: {
        tags,
        summary: 'Change a member’s role, or whether they take bookings',
        description:
          'Gives a member another role. Only an owner gives or takes the owner role (403 `forbidden_role`); the last ' +
          'owner keeps it (409 `last_owner`). The member’s open sessions act with the new role at once. `bookable` ' +
          'puts them (by name) in the booking settings’ staff list, whose open slots appointments are booked in.',
        params: memberParams,
        body: updateMemberInputSchema,
        response: { 200: memberSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        examples: TEAM_EXAMPLES.changeMember,
      },
    },
    async (request) => {
      const auth = sessionAuth(request);
      const { role, bookable: takesBookings } = request.body;
      const target = await findMember(db(), auth.accountId, request.params.id);
      if (!target) throw notFound('Member');
      if (role !== undefined) {
        if ((role === 'owner' || target.role === 'owner') && auth.role !== 'owner')
          throw ownerOnly(auth.role);
        const changed = await changeMemberRole(db(), auth.accountId, target.id, role);
        if (changed === 'not_found') throw notFound('Member');
        if (changed === 'last_owner') throw lastOwner();
        if (changed.before !== role) {
          audit(request, {
            action: 'member.role_changed',
            summary: `Changed ${target.email}’s role from ${label(changed.before)} to ${label(role)}`,
            targetType: 'user',
            targetId: target.id,
            details: { email: target.email, before: changed.before, after: role },
          });
        }
      }
      // Booked under their name: added to the booking settings' staff list, or marked not bookable there.
      if (takesBookings !== undefined) {
        await setStaffBookable(
          db(),
          auth.accountId,
          bookingNameOf(target),
          takesBookings,
          DEFAULT_BOOKING_SETTINGS,
        );
      }
      const row = await findMember(db(), auth.accountId, target.id);
      if (!row) throw notFound('Member');
      return toMember(row, auth.userId, await bookable(auth.accountId));
    },
  );

  fastify.delete(
    '/members/:id',
    {
      schema: {
        tags,
        summary: 'Remove a member, or leave',
        description:
          'Removes a member from the account (owners and admins; only an owner removes an owner): their sessions end ' +
          'at once and they can no longer sign in. Any member may remove themselves (leave). The last owner cannot ' +
          '(409 `last_owner`). What they did stays.',
        params: memberParams,
        response: {
          204: z.null().describe('Removed'),
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
        examples: TEAM_EXAMPLES.removeMemberOrLeave,
      },
    },
    async (request, reply) => {
      const auth = sessionAuth(request);
      const leaving = request.params.id === auth.userId;
      if (!leaving && !roleAllows(auth.role, 'admin')) {
        throw roleRefused(auth.role, 'admin');
      }
      const target = await findMember(db(), auth.accountId, request.params.id);
      if (!target) throw notFound('Member');
      if (!leaving && target.role === 'owner' && auth.role !== 'owner') {
        throw roleRefused(auth.role, 'owner', TEAM_MESSAGES.adminCannotRemoveOwner);
      }
      const removed = await removeMember(db(), auth.accountId, target.id);
      if (removed === 'not_found') throw notFound('Member');
      if (removed === 'last_owner') throw lastOwner();
      audit(request, {
        action: leaving ? 'member.left' : 'member.removed',
        summary: leaving
          ? `${target.email} left the business`
          : `Removed ${target.email} (${label(target.role)})`,
        targetType: 'user',
        targetId: target.id,
        details: { email: target.email, role: target.role },
      });
      return reply.status(204).send(null);
    },
  );

  fastify.post(
    '/members/:id/transfer-ownership',
    {
      schema: {
        tags,
        summary: 'Transfer ownership',
        description:
          'Makes the member an owner and you (an owner) an admin, together. To share ownership instead, give the ' +
          'member the owner role.',
        params: memberParams,
        response: { 200: memberListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        examples: TEAM_EXAMPLES.transferOwnership,
      },
    },
    async (request) => {
      const auth = sessionAuth(request);
      const target = await transferOwnership(db(), auth.accountId, auth.userId, request.params.id);
      if (target === 'not_found') throw notFound('Member');
      if (target.id !== auth.userId) {
        audit(request, {
          action: 'member.ownership_transferred',
          summary: `Transferred ownership to ${target.email}`,
          targetType: 'user',
          targetId: target.id,
          details: { email: target.email },
        });
      }
      return members(auth.accountId, auth.userId);
    },
  );

  fastify.put(
    '/members/security',
    {
      schema: {
        tags,
        summary: 'Require two-factor sign-in',
        description:
          'Whether every member must sign in with a second factor. A member without one gets 403 ' +
          '`mfa_enrollment_required` (except on `GET /v1/me`) until they set one up (`POST /auth/v1/factors`). ' +
          'Turning it on needs a second factor of your own (409 otherwise).',
        body: teamSecurityInputSchema,
        response: { 200: teamSecurityInputSchema, 400: apiErrorSchema, 409: apiErrorSchema },
        examples: TEAM_EXAMPLES.requireTwoFactorSignIn,
      },
    },
    async (request) => {
      const { accountId, userId } = sessionAuth(request);
      const required = request.body.require_two_factor;
      // Whoever turns it on must have a second factor, or they would be the first one sent to set it up.
      if (required && !(await findMember(db(), accountId, userId))?.twoFactor) {
        throw new AppError('conflict', TEAM_MESSAGES.ownFactorFirst);
      }
      const account = await findAccount(db(), accountId);
      if (account && account.requireTwoFactor !== required) {
        await setRequireTwoFactor(db(), accountId, required);
        audit(request, {
          action: 'team.two_factor_requirement_changed',
          summary: required
            ? 'Required two-factor sign-in for every member'
            : 'Stopped requiring two-factor sign-in for every member',
          targetType: 'account',
          targetId: accountId,
          details: { require_two_factor: required },
        });
      }
      return { require_two_factor: required };
    },
  );

  fastify.get(
    '/invitations',
    {
      schema: {
        tags,
        summary: 'List the invitations',
        description:
          'The invitations not yet accepted or revoked, newest first (an expired one can be sent again).',
        response: { 200: invitationListSchema },
        examples: TEAM_EXAMPLES.listInvitations,
      },
    },
    async (request) => ({
      data: (await listPendingInvitations(db(), request.auth.accountId)).map(toInvitation),
    }),
  );

  fastify.post(
    '/invitations',
    {
      schema: {
        tags,
        summary: 'Invite a member',
        description:
          'E-mails a link to join the account with a role; it works once, for 7 days. Only an owner invites an ' +
          'owner. An address that already signs in to Callwise (a person belongs to one business) or is already ' +
          'invited is refused with 409 `already_member`.',
        body: createInvitationInputSchema,
        response: { 201: invitationSchema, 400: apiErrorSchema, 409: apiErrorSchema },
        examples: TEAM_EXAMPLES.inviteMember,
      },
    },
    async (request, reply) => {
      const auth = sessionAuth(request);
      const { email, role } = request.body;
      if (role === 'owner' && auth.role !== 'owner') throw ownerOnly(auth.role);
      const user = await findUserById(db(), auth.userId);
      const row = await team().invite(
        {
          accountId: auth.accountId,
          userId: auth.userId,
          email: auth.email,
          name: user ? nameOf(user.userMetadata) : '',
        },
        email,
        role,
      );
      audit(request, {
        action: 'member.invited',
        summary: `Invited ${row.email} as ${label(row.role)}`,
        targetType: 'invitation',
        targetId: row.id,
        details: { email: row.email, role: row.role },
      });
      return reply.status(201).send(toInvitation(row));
    },
  );

  fastify.post(
    '/invitations/:id/resend',
    {
      schema: {
        tags,
        summary: 'Send an invitation again',
        description: 'E-mails a new link, valid for another 7 days; the earlier link stops working.',
        params: invitationParams,
        response: { 200: invitationSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        examples: TEAM_EXAMPLES.sendInvitationAgain,
      },
    },
    async (request) => {
      const auth = sessionAuth(request);
      const pending = await listPendingInvitations(db(), auth.accountId);
      const invitation = pending.find((row) => row.id === request.params.id);
      if (!invitation) throw notFound('Invitation');
      if (invitation.role === 'owner' && auth.role !== 'owner') throw ownerOnly(auth.role);
      const row = await team().resend(auth.accountId, invitation.id);
      if (!row) throw notFound('Invitation');
      return toInvitation(row);
    },
  );

  fastify.delete(
    '/invitations/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an invitation',
        description: 'Its link stops working at once.',
        params: invitationParams,
        response: { 204: z.null().describe('Revoked'), 400: apiErrorSchema, 404: apiErrorSchema },
        examples: TEAM_EXAMPLES.revokeInvitation,
      },
    },
    async (request, reply) => {
      const { accountId } = sessionAuth(request);
      const row = await revokeInvitation(db(), accountId, request.params.id);
      if (!row) throw notFound('Invitation');
      audit(request, {
        action: 'member.invitation_revoked',
        summary: `Revoked the invitation of ${row.email}`,
        targetType: 'invitation',
        targetId: row.id,
        details: { email: row.email, role: row.role },
      });
      return reply.status(204).send(null);
    },
  );
};

export default teamRoutes;
