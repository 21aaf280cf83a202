import { findAccount } from '@callwise/db/queries/accounts';
import { insertApiKey, type ListedApiKey, listApiKeys, revokeApiKey } from '@callwise/db/queries/api-keys';
import { apiErrorSchema } from '@callwise/shared/errors';
import { PLAN_IDS, PLANS, type PlanId } from '@callwise/shared/plans';
import {
  type ApiKey,
  apiKeyListSchema,
  createApiKeyInputSchema,
  createdApiKeySchema,
  MAX_API_KEYS,
} from '@callwise/shared/schemas/api-keys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../http/app-error.ts';
import { audit } from '../../http/audit.ts';
import { AUTH_MESSAGES, sessionAuth } from '../../plugins/authenticate.ts';
import { API_KEYS_EXAMPLES } from './api-keys.examples.ts';
import { generateApiKey } from './api-keys.service.ts';

const tags = ['api-keys'];
const idParams = z.object({ id: z.uuid({ error: 'is not an API key id' }).describe('The key’s id') });

const apiKeyResponse = (row: ListedApiKey): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
});

/** API keys: create (the key is shown once), list, revoke. Signed-in sessions only (never with a key). */
const apiKeysRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = () => fastify.database.db;

  fastify.get(
    '/api-keys',
    {
      schema: {
        tags,
        summary: 'List API keys',
        description: 'The account’s active keys (name, prefix, created, last used). Signed-in session only.',
        response: { 200: apiKeyListSchema, 401: apiErrorSchema, 403: apiErrorSchema },
        examples: API_KEYS_EXAMPLES.listApiKeys,
      },
    },
    async (request) => ({ data: (await listApiKeys(db(), request.auth.accountId)).map(apiKeyResponse) }),
  );

  fastify.post(
    '/api-keys',
    {
      schema: {
        tags,
        summary: 'Create an API key',
        description:
          'Creates a key and answers it once in `key`: only its hash is stored. The plan must include API ' +
          `access (403 plan_upgrade_required on Starter); at most ${MAX_API_KEYS} active keys (409). Signed-in session only.`,
        body: createApiKeyInputSchema,
        response: {
          201: createdApiKeySchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
        examples: API_KEYS_EXAMPLES.createApiKey,
      },
    },
    async (request, reply) => {
      const auth = sessionAuth(request);
      const account = await findAccount(db(), auth.accountId);
      if (!account) throw notFound('Account');
      const planId = (PLAN_IDS as readonly string[]).includes(account.plan)
        ? (account.plan as PlanId)
        : 'trial';
      if (!PLANS[planId].apiAccess) {
        throw new AppError('plan_upgrade_required', AUTH_MESSAGES.planUpgrade(PLANS[planId].name));
      }
      const generated = generateApiKey();
      const row = await insertApiKey(
        db(),
        {
          accountId: auth.accountId,
          createdBy: auth.userId,
          name: request.body.name,
          prefix: generated.prefix,
          keyHash: generated.hash,
        },
        MAX_API_KEYS,
      );
      if (!row) {
        throw new AppError(
          'conflict',
          `You have ${MAX_API_KEYS} active API keys, the most an account may have. Revoke one you no longer use first.`,
        );
      }
      audit(request, {
        action: 'api_key.created',
        summary: `Created the API key “${row.name}”`,
        targetType: 'api_key',
        targetId: row.id,
      });
      return reply.status(201).send({ ...apiKeyResponse(row), key: generated.key });
    },
  );

  fastify.delete(
    '/api-keys/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an API key',
        description:
          'The key stops working at once: requests with it answer 401 from then on. Signed-in session only.',
        params: idParams,
        response: {
          204: z.null().describe('Revoked'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
        examples: API_KEYS_EXAMPLES.revokeApiKey,
      },
    },
    async (request, reply) => {
      const revoked = await revokeApiKey(db(), request.auth.accountId, request.params.id);
      if (!revoked) throw notFound('API key');
      fastify.services.identity.apiKeys.forget(revoked.keyHash);
      audit(request, {
        action: 'api_key.revoked',
        summary: `Revoked the API key “${revoked.name}”`,
        targetType: 'api_key',
        targetId: request.params.id,
      });
      return reply.status(204).send(null);
    },
  );
};

export default apiKeysRoutes;
