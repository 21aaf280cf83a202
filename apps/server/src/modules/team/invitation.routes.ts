import { apiErrorSchema } from '@callwise/shared/errors';
import { ROLE_LABELS } from '@callwise/shared/roles';
import {
  acceptInvitationInputSchema,
  invitationPreviewSchema,
  invitationTokenSchema,
} from '@callwise/shared/schemas/team';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../../http/audit.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { INVITATION_EXAMPLES } from './invitation.examples.ts';

/** Requests a minute per client address to the invitation's page (a link's token is the credential). */
export const INVITATION_RATE_LIMIT = { limit: 30, windowSeconds: 60 };
const TOO_MANY = 'Too many requests from this address. Try again in {seconds} seconds.';

const sessionSchema = z.object({
  access_token: z.string().describe('The access token (a JWT), as GoTrue answers a sign-in'),
  token_type: z.string().describe('Always bearer'),
  expires_in: z.number().int().describe('Seconds the access token is valid'),
  expires_at: z.number().int().describe('When it expires (Unix seconds)'),
  refresh_token: z.string().describe('The refresh token, for `POST /auth/v1/token?grant_type=refresh_token`'),
  user: z
    .looseObject({ id: z.uuid().describe('The new user’s id'), email: z.email().describe('Their address') })
    .describe('The new user, as `GET /auth/v1/user` answers'),
});

/**
 * The invitation's own page (decision 035): what it is to, and joining through it. No caller: the link's token is
 * the credential, and each client address may ask 30 times a minute.
 */
const invitationRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const team = () => fastify.services.team;
  const limit = (ip: string) =>
    enforceRateLimit(fastify.database.db, `invitation:ip:${ip}`, INVITATION_RATE_LIMIT, TOO_MANY);

  fastify.get(
    '/invitation',
    {
      schema: {
        tags: ['team'],
        summary: 'Look at an invitation',
        description:
          'The business, address and role an invitation’s link is for. 404 `invitation_invalid` for a link that ' +
          'was used, revoked or replaced; 410 `link_expired` after 7 days.',
        querystring: z.object({ token: invitationTokenSchema }),
        response: {
          200: invitationPreviewSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          410: apiErrorSchema,
        },
        examples: INVITATION_EXAMPLES.previewInvitation,
      },
    },
    async (request) => {
      await limit(request.ip);
      return team().preview(request.query.token);
    },
  );

  fastify.post(
    '/invitation/accept',
    {
      schema: {
        tags: ['team'],
        summary: 'Join through an invitation',
        description:
          'Creates the invitee’s sign-in (the invited address, confirmed by the link) in the business with the ' +
          'invited role, and answers its first session as GoTrue answers a sign-in. The link then stops working. ' +
          'The password follows sign-up’s rules (400 naming `password`).',
        body: acceptInvitationInputSchema,
        response: {
          200: sessionSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          410: apiErrorSchema,
        },
        examples: INVITATION_EXAMPLES.joinThroughInvitation,
      },
    },
    async (request) => {
      await limit(request.ip);
      const { token, password, first_name, last_name } = request.body;
      const { user, session } = await team().accept(
        { token, password, firstName: first_name, lastName: last_name },
        { ip: request.ip, userAgent: request.headers['user-agent'] },
      );
      audit(request, {
        action: 'member.joined',
        summary: `${user.email} joined as ${ROLE_LABELS[user.role].toLowerCase()}`,
        targetType: 'user',
        targetId: user.id,
        details: { email: user.email, role: user.role },
        actor: { accountId: user.accountId, userId: user.id, email: user.email },
      });
      return session;
    },
  );
};

export default invitationRoutes;
