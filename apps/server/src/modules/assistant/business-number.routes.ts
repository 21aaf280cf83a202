import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import {
  businessNumberOf,
  findAccountByBusinessNumber,
  setBusinessNumber,
} from '@callwise/db/queries/assistant';
import { apiErrorSchema } from '@callwise/shared/errors';
import { normalizePhone } from '@callwise/shared/phone';
import {
  type AvailableNumbers,
  availableNumbersQuerySchema,
  availableNumbersSchema,
  type BusinessNumber,
  businessNumberInputSchema,
  businessNumberSchema,
  type TwilioNumberState,
  twilioNumbersSchema,
} from '@callwise/shared/schemas/assistant';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type TwilioNumber, TwilioNumberError, type TwilioNumbers } from '../../engine/index.ts';
import { AppError } from '../../http/app-error.ts';
import { BUSINESS_NUMBER_EXAMPLES } from './business-number.examples.ts';

const tags = ['assistant'];
const FIELD = 'phone_number';

const fieldError = (code: 'validation_failed' | 'conflict' | 'not_found', message: string) =>
  new AppError(code, `${FIELD}: ${message}`, [{ field: FIELD, message }]);

/** Twilio's refusal in the API's words: about the number when it is about the number, else the carrier's. */
function apiError(error: unknown): unknown {
  if (!(error instanceof TwilioNumberError)) return error;
  switch (error.kind) {
    case 'not_found':
    case 'invalid':
      return fieldError('validation_failed', error.message);
    case 'unavailable':
      return fieldError('conflict', error.message);
    default:
      return new AppError('carrier_error', error.message);
  }
}

/**
 * The business number with Twilio (issue #18, decision 026): the Twilio account's numbers and which are free,
 * the local ones it could buy, and assigning one to the account — its voice URL and status callback pointed at
 * this server first, then the number and its SID kept on the account (`accounts.business_number`, unique). With
 * the simulated carrier the account has a fictional number and these answer 409.
 *
 * Reassigning frees the old number and leaves its URLs as they are: a call to a number no account holds is
 * turned away busy by `/telephony/twilio/incoming`, and the number can be assigned again without a change at
 * Twilio (clearing them would also cut off whatever else the Twilio account's owner pointed there).
 */
const businessNumberRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = (): Database => fastify.database.db;

  const twilioNumbers = (): TwilioNumbers => {
    const twilio = fastify.services.engine.twilio;
    if (!twilio) {
      throw new AppError(
        'conflict',
        'Business numbers are assigned with Twilio. This server uses the simulated carrier, which gives the ' +
          'account a fictional number of its own (see GET /v1/assistant).',
      );
    }
    return twilio.numbers;
  };

  /** The number as typed, in E.164 (written as dialled in the account's country, or international). */
  const e164Of = async (accountId: string, input: string): Promise<string> => {
    const account = await findAccount(db(), accountId);
    const parsed = normalizePhone(input, (account?.defaultCountry ?? 'US') as never);
    if (!parsed.ok) throw fieldError('validation_failed', parsed.message);
    return parsed.e164;
  };

  /** Another account's number is not this one's to take (which account is never said). */
  const refuseOthers = async (accountId: string, e164: string) => {
    const holder = await findAccountByBusinessNumber(db(), e164);
    if (holder && holder.id !== accountId) {
      throw fieldError('conflict', `${e164} is the business number of another account.`);
    }
  };

  /** Keeps the number on the account; another account taking it in the meantime is a 409. */
  const assign = async (accountId: string, number: TwilioNumber): Promise<BusinessNumber> => {
    const saved = await setBusinessNumber(db(), accountId, { e164: number.phoneNumber, sid: number.sid });
    if (!saved) {
      throw fieldError('conflict', `${number.phoneNumber} is the business number of another account.`);
    }
    return {
      business_number: number.phoneNumber,
      friendly_name: number.friendlyName,
      configured: number.configured,
    };
  };

  const twilioOnly = { 409: apiErrorSchema, 502: apiErrorSchema };

  fastify.get(
    '/assistant/numbers',
    {
      schema: {
        tags,
        summary: 'List the Twilio numbers',
        description:
          'The Twilio account’s incoming numbers, each marked as this account’s business number, free, or the ' +
          'business number of another account, and whether it is configured to reach the assistant. 409 with ' +
          'the simulated carrier.',
        response: { 200: twilioNumbersSchema, ...twilioOnly },
        examples: BUSINESS_NUMBER_EXAMPLES.listTwilioNumbers,
      },
    },
    async (request) => {
      const { accountId } = request.auth;
      const numbers = twilioNumbers();
      const [listed, current] = await Promise.all([
        numbers.list().catch((error: unknown) => {
          throw apiError(error);
        }),
        businessNumberOf(db(), accountId),
      ]);
      const result = [];
      for (const number of listed) {
        let state: TwilioNumberState = 'free';
        if (number.phoneNumber === current) state = 'yours';
        else if (await findAccountByBusinessNumber(db(), number.phoneNumber)) state = 'taken';
        result.push({
          phone_number: number.phoneNumber,
          friendly_name: number.friendlyName,
          state,
          configured: number.configured,
        });
      }
      return { business_number: current, numbers: result };
    },
  );

  fastify.get(
    '/assistant/numbers/available',
    {
      schema: {
        tags,
        summary: 'Search numbers to buy',
        description:
          'Local US numbers with voice that Twilio offers in an area code (up to 20; none is an empty list). ' +
          '409 with the simulated carrier.',
        querystring: availableNumbersQuerySchema,
        response: { 200: availableNumbersSchema, 400: apiErrorSchema, ...twilioOnly },
        examples: BUSINESS_NUMBER_EXAMPLES.searchNumbersToBuy,
      },
    },
    async (request): Promise<AvailableNumbers> => {
      const areaCode = request.query.area_code;
      const found = await twilioNumbers()
        .available(areaCode)
        .catch((error: unknown) => {
          throw apiError(error);
        });
      return {
        area_code: areaCode,
        numbers: found.map((number) => ({
          phone_number: number.phoneNumber,
          friendly_name: number.friendlyName,
          locality: number.locality,
          region: number.region,
        })),
      };
    },
  );

  fastify.put(
    '/assistant/business-number',
    {
      schema: {
        tags,
        summary: 'Assign a Twilio number',
        description:
          'Makes one of the Twilio account’s numbers the account’s business number: its voice URL and status ' +
          'callback are pointed at this server, then the number is kept on the account (in E.164; it may be ' +
          'written as dialled in the account’s country). The previous business number is freed, its Twilio ' +
          'settings left as they are. 400 when the Twilio account has no such number, 409 when it is another ' +
          'account’s or with the simulated carrier.',
        body: businessNumberInputSchema,
        response: { 200: businessNumberSchema, 400: apiErrorSchema, ...twilioOnly },
        examples: BUSINESS_NUMBER_EXAMPLES.assignTwilioNumber,
      },
    },
    async (request) => {
      const { accountId } = request.auth;
      const numbers = twilioNumbers();
      const e164 = await e164Of(accountId, request.body.phone_number);
      await refuseOthers(accountId, e164);
      try {
        const found = await numbers.find(e164);
        if (!found) {
          throw new TwilioNumberError('not_found', `${e164} is not one of the Twilio account’s numbers.`);
        }
        return await assign(accountId, await numbers.configure(found.sid, e164));
      } catch (error) {
        throw apiError(error);
      }
    },
  );

  fastify.post(
    '/assistant/numbers',
    {
      schema: {
        tags,
        summary: 'Buy a Twilio number',
        description:
          'Buys a number Twilio offers (see the search), configured to reach the assistant, and makes it the ' +
          'account’s business number. It is billed to the Twilio account. 409 when it can no longer be bought ' +
          'or with the simulated carrier.',
        body: businessNumberInputSchema,
        response: { 201: businessNumberSchema, 400: apiErrorSchema, ...twilioOnly },
        examples: BUSINESS_NUMBER_EXAMPLES.buyTwilioNumber,
      },
    },
    async (request, reply) => {
      const { accountId } = request.auth;
      const numbers = twilioNumbers();
      const e164 = await e164Of(accountId, request.body.phone_number);
      await refuseOthers(accountId, e164);
      const bought = await numbers.buy(e164).catch((error: unknown) => {
        throw apiError(error);
      });
      request.log.info({ accountId, sid: bought.sid }, 'twilio: bought a business number');
      return reply.status(201).send(await assign(accountId, bought));
    },
  );
};

export default businessNumberRoutes;
