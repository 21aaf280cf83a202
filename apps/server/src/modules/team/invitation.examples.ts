import type { InvitationPreview } from '@callwise/shared/schemas/team';
import { TEAM_MESSAGES } from '../../http/auth-messages.ts';
import { apiError, operationExamples } from '../../http/operation-examples.ts';
import { EXAMPLE_INVITATION, EXAMPLE_INVITATION_TOKEN } from './team.examples.ts';

/** What the examples' invitation link shows before joining. */
const PREVIEW: InvitationPreview = {
  business_name: 'Harbor Dental',
  email: EXAMPLE_INVITATION.email,
  role: 'staff',
  invited_by: 'Dana Reyes',
  expires_at: EXAMPLE_INVITATION.expires_at,
};

/** The examples of each operation, beside its route in invitation.routes.ts. */
export const INVITATION_EXAMPLES = operationExamples({
  /** GET /v1/invitation */
  previewInvitation: [
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
      response: apiError('invitation_invalid', TEAM_MESSAGES.invalid),
    },
  ],
  /** POST /v1/invitation/accept */
  joinThroughInvitation: [
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
});
