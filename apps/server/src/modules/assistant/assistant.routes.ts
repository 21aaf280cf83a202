import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import { findAssistantSettings, saveAssistantSettings } from '@callwise/db/queries/assistant';
import { apiErrorSchema } from '@callwise/shared/errors';
import { normalizePhone } from '@callwise/shared/phone';
import {
  type AssistantSettings,
  type AssistantSettingsResponse,
  assistantSettingsInputSchema,
  assistantSettingsSchema,
  DEFAULT_ASSISTANT_SETTINGS,
} from '@callwise/shared/schemas/assistant';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { ASSISTANT_EXAMPLES } from './assistant.examples.ts';

const tags = ['assistant'];

const fieldError = (field: string, message: string) =>
  new AppError('validation_failed', `${field}: ${message}`, [{ field, message }]);

/**
 * The phone assistant's settings (issue #18, decision 026): its knowledge, the transfer number, the greeting of
 * callers it does not know, and the business number callers call.
 */
const assistantRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = (): Database => fastify.database.db;

  const respond = async (
    accountId: string,
    settings: AssistantSettings,
    updatedAt: Date | null,
  ): Promise<AssistantSettingsResponse> => ({
    ...settings,
    business_number: await fastify.services.engine.businessNumber(accountId),
    updated_at: updatedAt?.toISOString() ?? null,
  });

  fastify.get(
    '/assistant',
    {
      schema: {
        tags,
        summary: 'Get the assistant settings',
        description:
          'What the phone assistant answers callers’ questions from, who it puts callers through to during ' +
          'business hours (the booking settings’ hours and closures), how it greets callers it does not know, and ' +
          'the number callers call. With the simulated carrier the account is given a fictional number on first ' +
          'use. An account that never saved settings gets the defaults.',
        response: { 200: assistantSettingsSchema },
        examples: ASSISTANT_EXAMPLES.getAssistantSettings,
      },
    },
    async (request) => {
      const { accountId } = request.auth;
      const row = await findAssistantSettings(db(), accountId);
      return respond(accountId, row?.settings ?? DEFAULT_ASSISTANT_SETTINGS, row?.updatedAt ?? null);
    },
  );

  fastify.put(
    '/assistant',
    {
      schema: {
        tags,
        summary: 'Replace the assistant settings',
        description:
          'All of them at once (read, change, write back). The transfer number may be written as dialled in the ' +
          'account’s country; it is kept in E.164.',
        body: assistantSettingsInputSchema,
        response: { 200: assistantSettingsSchema, 400: apiErrorSchema },
        examples: ASSISTANT_EXAMPLES.replaceAssistantSettings,
      },
    },
    async (request) => {
      const { accountId } = request.auth;
      const settings = { ...request.body };
      if (settings.transfer_number !== null && settings.transfer_number.trim() !== '') {
        const account = await findAccount(db(), accountId);
        const parsed = normalizePhone(settings.transfer_number, (account?.defaultCountry ?? 'US') as never);
        if (!parsed.ok) throw fieldError('transfer_number', parsed.message);
        settings.transfer_number = parsed.e164;
      } else {
        settings.transfer_number = null;
      }
      const saved = await saveAssistantSettings(db(), accountId, settings);
      return respond(accountId, saved.settings, saved.updatedAt);
    },
  );
};

export default assistantRoutes;
