import type { Invitation, Member } from '@callwise/shared/schemas/team';
import { TEAM_MESSAGES } from '../../http/auth-messages.ts';
import {
  apiError,
  deletedExample,
  EXAMPLE_IDS,
  notFound,
  notFoundExample,
  operationExamples,
} from '../../http/operation-examples.ts';

/** The examples' team: Harbor Dental's owner, a receptionist (staff) and an invitation waiting. */
export const EXAMPLE_TEAM_IDS = {
  owner: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  member: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d01',
  invitation: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e01',
} as const;

/** The token of the examples' invitation link (only its hash is stored). */
export const EXAMPLE_INVITATION_TOKEN = 'example-invitation-token-0123456789abcdef';

/** Dana Reyes, the owner: the caller of the examples. */
export const EXAMPLE_OWNER: Member = {
  id: EXAMPLE_TEAM_IDS.owner,
  email: 'owner@harbordental.example',
  name: 'Dana Reyes',
  role: 'owner',
  is_you: true,
  two_factor: false,
  bookable: false,
  last_sign_in_at: '2026-03-03T09:00:00.000Z',
  joined_at: '2026-01-05T13:00:00.000Z',
};

/** Sam Lee, a receptionist (staff). */
export const EXAMPLE_MEMBER: Member = {
  id: EXAMPLE_TEAM_IDS.member,
  email: 'sam@harbordental.example',
  name: 'Sam Lee',
  role: 'staff',
  is_you: false,
  two_factor: false,
  bookable: false,
  last_sign_in_at: '2026-03-02T14:10:00.000Z',
  joined_at: '2026-02-01T10:00:00.000Z',
};

/** The invitation waiting, for a receptionist. */
export const EXAMPLE_INVITATION: Invitation = {
  id: EXAMPLE_TEAM_IDS.invitation,
  email: 'jordan@harbordental.example',
  role: 'staff',
  invited_by: 'owner@harbordental.example',
  expires_at: '2026-03-10T09:00:00.000Z',
  sent_at: '2026-03-03T09:00:00.000Z',
  created_at: '2026-03-03T09:00:00.000Z',
};

/** The examples of each operation, beside its route in team.routes.ts. */
export const TEAM_EXAMPLES = operationExamples({
  /** GET /v1/members */
  listMembers: [
    {
      name: 'team',
      summary: 'The owner and a receptionist',
      status: 200,
      response: { data: [EXAMPLE_OWNER, EXAMPLE_MEMBER], require_two_factor: false },
    },
  ],
  /** PATCH /v1/members/{id} */
  changeMember: [
    {
      name: 'promote',
      summary: 'Make the receptionist an admin',
      params: { id: EXAMPLE_TEAM_IDS.member },
      body: { role: 'admin' },
      status: 200,
      response: { ...EXAMPLE_MEMBER, role: 'admin' },
    },
    {
      name: 'bookable',
      summary: 'Take appointments with Sam (added to the booking settings’ staff)',
      params: { id: EXAMPLE_TEAM_IDS.member },
      body: { bookable: true },
      status: 200,
      response: { ...EXAMPLE_MEMBER, bookable: true },
    },
    {
      name: 'missing',
      summary: 'Someone who is not a member',
      params: { id: EXAMPLE_IDS.missing },
      body: { role: 'admin' },
      status: 404,
      response: notFound('Member'),
    },
  ],
  /** DELETE /v1/members/{id} */
  removeMemberOrLeave: [
    deletedExample('remove', 'Remove the receptionist', EXAMPLE_TEAM_IDS.member),
    notFoundExample('Member', 'Someone who is not a member', 'missing'),
  ],
  /** POST /v1/members/{id}/transfer-ownership */
  transferOwnership: [
    {
      name: 'transfer',
      summary: 'Hand the business over to Sam (you become an admin)',
      params: { id: EXAMPLE_TEAM_IDS.member },
      status: 200,
      response: {
        data: [
          { ...EXAMPLE_MEMBER, role: 'owner' },
          { ...EXAMPLE_OWNER, role: 'admin' },
        ],
        require_two_factor: false,
      },
    },
  ],
  /** PUT /v1/members/security */
  requireTwoFactorSignIn: [
    {
      name: 'off',
      summary: 'Leave two-factor sign-in to each member',
      body: { require_two_factor: false },
      status: 200,
      response: { require_two_factor: false },
    },
    {
      name: 'own_factor_first',
      summary: 'Requiring it before setting it up for yourself',
      body: { require_two_factor: true },
      status: 409,
      response: apiError('conflict', TEAM_MESSAGES.ownFactorFirst),
    },
  ],
  /** GET /v1/invitations */
  listInvitations: [
    {
      name: 'waiting',
      summary: 'One invitation waiting',
      status: 200,
      response: { data: [EXAMPLE_INVITATION] },
    },
  ],
  /** POST /v1/invitations */
  inviteMember: [
    {
      name: 'invite',
      summary: 'Invite a receptionist',
      body: { email: 'alex@harbordental.example', role: 'staff' },
      status: 201,
      response: {
        ...EXAMPLE_INVITATION,
        id: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e02',
        email: 'alex@harbordental.example',
      },
    },
    {
      name: 'already_invited',
      summary: 'An address with an invitation waiting',
      body: { email: EXAMPLE_INVITATION.email, role: 'admin' },
      status: 409,
      response: apiError('already_member', TEAM_MESSAGES.alreadyInvited(EXAMPLE_INVITATION.email)),
    },
  ],
  /** POST /v1/invitations/{id}/resend */
  sendInvitationAgain: [
    {
      name: 'resend',
      summary: 'Send the link again',
      params: { id: EXAMPLE_TEAM_IDS.invitation },
      status: 200,
      response: EXAMPLE_INVITATION,
    },
    notFoundExample('Invitation', 'An invitation that was accepted or revoked', 'missing'),
  ],
  /** DELETE /v1/invitations/{id} */
  revokeInvitation: [deletedExample('revoke', 'Revoke it', EXAMPLE_TEAM_IDS.invitation)],
});
