import type { AcceptInvitationInput } from '@callwise/shared/schemas/team';
import { z } from 'zod';
import { publicRequest } from '@/lib/public-api';

/** The first session of the new member, as GoTrue answers a password sign-in. */
const sessionSchema = z.looseObject({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
  expires_at: z.number().optional(),
  token_type: z.string(),
  user: z.looseObject({ id: z.string(), email: z.string().optional() }),
});
export type JoinedSession = z.infer<typeof sessionSchema>;

/**
 * Joins the business through the invitation: the invited address signs in with this password from now on. Failures
 * throw ApiError: a refused password names its field (400 `validation_failed`, or GoTrue's 422 `weak_password`),
 * 404 invitation_invalid, 410 link_expired, 409 already_member.
 */
export function acceptInvitation(input: AcceptInvitationInput): Promise<JoinedSession> {
  return publicRequest('/invitation/accept', sessionSchema, { method: 'POST', body: input });
}
