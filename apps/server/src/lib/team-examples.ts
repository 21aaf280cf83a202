import type { Invitation, InvitationPreview, Member } from '@callwise/shared/schemas/team';
import { TEAM_MESSAGES } from '../http/auth-messages.ts';
import type { OperationExample } from './api-examples.ts';

/** The examples' team: Harbor Dental's owner, a receptionist (staff) and an invitation waiting. */
export const EXAMPLE_TEAM_IDS = {
  owner: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  member: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d01',
  invitation: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e01',
} as const;

/** The token of the examples' invitation link (only its hash is stored). */
export const EXAMPLE_INVITATION_TOKEN = 'example-invitation-token-0123456789abcdef';

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

export const EXAMPLE_INVITATION: Invitation = {
  id: EXAMPLE_TEAM_IDS.invitation,
  email: 'jordan@harbordental.example',
  role: 'staff',
  invited_by: 'owner@harbordental.example',
  expires_at: '2026-03-10T09:00:00.000Z',
  sent_at: '2026-03-03T09:00:00.000Z',
  created_at: '2026-03-03T09:00:00.000Z',
};

const PREVIEW: InvitationPreview = {
  business_name: 'Harbor Dental',
  email: EXAMPLE_INVITATION.email,
  role: 'staff',
  invited_by: 'Dana Reyes',
  expires_at: EXAMPLE_INVITATION.expires_at,
};

const error = (code: string, message: string) => ({ error: { code, message } });
const missingMember = { error: { code: 'not_found', message: 'Member not found' } };
const missingInvitation = { error: { code: 'not_found', message: 'Invitation not found' } };
const MISSING = '0b0b0b0b-0000-4000-8000-000000000404';

export const TEAM_EXAMPLES: Record<string, OperationExample[]> = {
  'GET /v1/members': [
    {
      name: 'team',
      summary: 'The owner and a receptionist',
      status: 200,
      response: { data: [EXAMPLE_OWNER, EXAMPLE_MEMBER], require_two_factor: false },
    },
  ],
  'PATCH /v1/members/{id}': [
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
      params: { id: MISSING },
      body: { role: 'admin' },
      status: 404,
      response: missingMember,
    },
  ],
  'DELETE /v1/members/{id}': [
    {
      name: 'remove',
      summary: 'Remove the receptionist',
      params: { id: EXAMPLE_TEAM_IDS.member },
      status: 204,
    },
    {
      name: 'missing',
      summary: 'Someone who is not a member',
      params: { id: MISSING },
      status: 404,
      response: missingMember,
    },
  ],
  'POST /v1/members/{id}/transfer-ownership': [
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
  'PUT /v1/members/security': [
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
      response: error('conflict', TEAM_MESSAGES.ownFactorFirst),
    },
  ],
  'GET /v1/invitations': [
    {
      name: 'waiting',
      summary: 'One invitation waiting',
      status: 200,
      response: { data: [EXAMPLE_INVITATION] },
    },
  ],
  'POST /v1/invitations': [
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
      response: error('already_member', TEAM_MESSAGES.alreadyInvited(EXAMPLE_INVITATION.email)),
    },
  ],
  'POST /v1/invitations/{id}/resend': [
    {
      name: 'resend',
      summary: 'Send the link again',
      params: { id: EXAMPLE_TEAM_IDS.invitation },
      status: 200,
      response: EXAMPLE_INVITATION,
    },
    {
      name: 'missing',
      summary: 'An invitation that was accepted or revoked',
      params: { id: MISSING },
      status: 404,
      response: missingInvitation,
    },
  ],
  'DELETE /v1/invitations/{id}': [
    { name: 'revoke', summary: 'Revoke it', params: { id: EXAMPLE_TEAM_IDS.invitation }, status: 204 },
  ],
  'GET /v1/invitation': [
    {
      name: 'preview',
      summary: 'What the link is for',
      query: { token: EXAMPLE_INVITATION_TOKEN },
      status: 200,
      response: PREVIEW,
    },
    {
      name: 'invalid',
      summary: 'A link that was used, revoked or replaced',
      query: { token: 'no-such-invitation-token-0123456789' },
      status: 404,
      response: error('invitation_invalid', TEAM_MESSAGES.invalid),
    },
  ],
  'POST /v1/invitation/accept': [
    {
      name: 'join',
      summary: 'Join Harbor Dental',
      body: {
        token: EXAMPLE_INVITATION_TOKEN,
        password: 'Quiet-Harbor-Lamp-19',
        first_name: 'Jordan',
        last_name: 'Kim',
      },
      status: 200,
      response: {
        access_token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIuLi4ifQ.signature',
        token_type: 'bearer',
        expires_in: 3600,
        expires_at: 1772532000,
        refresh_token: 'v1.refresh-token',
        user: {
          id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d02',
          aud: 'authenticated',
          role: 'authenticated',
          email: EXAMPLE_INVITATION.email,
          email_confirmed_at: '2026-03-03T09:30:00.000Z',
          phone: '',
          confirmed_at: '2026-03-03T09:30:00.000Z',
          last_sign_in_at: '2026-03-03T09:30:00.000Z',
          app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: { first_name: 'Jordan', last_name: 'Kim' },
          identities: [],
          created_at: '2026-03-03T09:30:00.000Z',
          updated_at: '2026-03-03T09:30:00.000Z',
          is_anonymous: false,
        },
      },
    },
  ],
};
