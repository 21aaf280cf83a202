import { apiErrorSchema } from '@callwise/shared/errors';
import {
  campaignDetailSchema,
  campaignSchema,
  createCampaignInputSchema,
  MAX_CAMPAIGN_CONTACTS,
} from '@callwise/shared/schemas/campaigns';
import { pageQuerySchema, pageSchema } from '@callwise/shared/schemas/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseCursor } from '../../http/pagination.ts';
import { idempotencyHeadersSchema, idempotent } from '../../plugins/idempotency.ts';
import { CAMPAIGNS_EXAMPLES } from './campaigns.examples.ts';

const idParams = z.object({ id: z.uuid({ error: 'is not a campaign id' }).describe('The campaign’s id') });
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };
const changeErrors = { ...errors, 409: apiErrorSchema, 422: apiErrorSchema };
const tags = ['campaigns'];

/** Campaigns: one script to many contacts, with their progress; pause, resume, cancel. */
const campaignsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { campaigns } = fastify.services;

  fastify.get(
    '/campaigns',
    {
      schema: {
        tags,
        summary: 'List campaigns',
        description: 'Newest first, each with the progress and outcomes of its calls.',
        querystring: pageQuerySchema,
        response: { 200: pageSchema(campaignSchema), 400: apiErrorSchema },
        examples: CAMPAIGNS_EXAMPLES.listCampaigns,
      },
    },
    async (request) =>
      campaigns.list(request.auth.accountId, {
        limit: request.query.limit,
        cursor: parseCursor(request.query.cursor),
      }),
  );

  fastify.post(
    '/campaigns',
    {
      ...idempotent,
      // 20,000 contact ids are about 800 KB of JSON, past Fastify's 1 MiB default once per-contact variables come.
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Create a campaign',
        description:
          `Calls up to ${MAX_CAMPAIGN_CONTACTS.toLocaleString('en-US')} contacts (contact_ids, or every contact with a tag) with one script, ` +
          'at starts_at or spread at pace_per_hour. Every call is checked as for POST /v1/calls: a contact the ' +
          'calling rules refuse (do-not-call, consent, invalid number, frequency cap, a state rule) is skipped and listed in ' +
          '`skipped` with the reason; the others are created. A call due outside the recipient’s calling window ' +
          'waits for its next opening. On a free trial the calls left must cover the calls created (402 otherwise).',
        headers: idempotencyHeadersSchema,
        body: createCampaignInputSchema,
        response: {
          201: campaignDetailSchema,
          ...errors,
          402: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
        },
        examples: CAMPAIGNS_EXAMPLES.createCampaign,
      },
    },
    async (request, reply) => {
      const campaign = await campaigns.create(request.auth.accountId, request.body);
      return reply.code(201).send(campaign);
    },
  );

  fastify.get(
    '/campaigns/:id',
    {
      schema: {
        tags,
        summary: 'Get a campaign',
        description:
          'Its progress by status group, the outcomes of its calls, when the next call goes out, and the contacts it skipped with the reason for each.',
        params: idParams,
        response: { 200: campaignDetailSchema, ...errors },
        examples: CAMPAIGNS_EXAMPLES.getCampaign,
      },
    },
    async (request) => campaigns.get(request.auth.accountId, request.params.id),
  );

  fastify.post(
    '/campaigns/:id/pause',
    {
      ...idempotent,
      schema: {
        tags,
        summary: 'Pause a campaign',
        description:
          'No further call of the campaign goes out until it is resumed; calls already ringing finish. 409 when it is paused, cancelled or finished.',
        headers: idempotencyHeadersSchema,
        params: idParams,
        response: { 200: campaignDetailSchema, ...changeErrors },
        examples: CAMPAIGNS_EXAMPLES.pauseCampaign,
      },
    },
    async (request) => campaigns.pause(request.auth.accountId, request.params.id),
  );

  fastify.post(
    '/campaigns/:id/resume',
    {
      ...idempotent,
      schema: {
        tags,
        summary: 'Resume a campaign',
        description:
          'Its waiting calls go out again: those that fell due while it was paused at once, or, for a paced campaign, spread again from now at its pace. 409 when it is not paused.',
        headers: idempotencyHeadersSchema,
        params: idParams,
        response: { 200: campaignDetailSchema, ...changeErrors },
        examples: CAMPAIGNS_EXAMPLES.resumeCampaign,
      },
    },
    async (request) => campaigns.resume(request.auth.accountId, request.params.id),
  );

  fastify.post(
    '/campaigns/:id/cancel',
    {
      ...idempotent,
      schema: {
        tags,
        summary: 'Cancel a campaign',
        description:
          'Cancels every call of the campaign that has not gone out yet, at once; calls already ringing finish. Cancelled calls do not count against a trial. 409 when it is cancelled or finished.',
        headers: idempotencyHeadersSchema,
        params: idParams,
        response: { 200: campaignDetailSchema, ...changeErrors },
        examples: CAMPAIGNS_EXAMPLES.cancelCampaign,
      },
    },
    async (request) => campaigns.cancel(request.auth.accountId, request.params.id),
  );
};

export default campaignsRoutes;
