import { apiErrorSchema } from '@callwise/shared/errors';
import { callingRulesSchema, updateCallingRulesInputSchema } from '@callwise/shared/schemas/calling-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../http/audit.ts';
import { CALLING_RULES_EXAMPLES } from './calling-rules.examples.ts';
import { changeCallingRules, readCallingRules } from './calling-rules.service.ts';

const tags = ['account'];

/** The rules as the audit log names them when they change. */
const RULE_NAMES = [
  ['calling_window_start', 'calling hours'],
  ['calling_window_end', 'calling hours'],
  ['daily_call_cap', 'calls per contact per day'],
  ['disclosure', 'the opening disclosure'],
] as const;

/** The account's calling rules: the calling window, the daily cap per contact and the opening disclosure. */
const callingRulesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = () => fastify.database.db;

  fastify.get(
    '/account/calling-rules',
    {
      schema: {
        tags,
        summary: 'The account’s calling rules',
        description:
          'When calls may be placed (in the recipient’s local time), how many calls one contact may get per ' +
          'day, and the disclosure every call opens with.',
        response: { 200: callingRulesSchema },
        examples: CALLING_RULES_EXAMPLES.getCallingRules,
      },
    },
    async (request) => readCallingRules(db(), request.auth.accountId),
  );

  fastify.patch(
    '/account/calling-rules',
    {
      schema: {
        tags,
        summary: 'Change the calling rules',
        description:
          'Changes only the fields given. The window may only narrow 08:00–21:00 and must end after it starts; ' +
          'the cap is 1 to 10 calls per contact per day; the disclosure must keep {{business_name}}.',
        body: updateCallingRulesInputSchema,
        response: { 200: callingRulesSchema, 400: apiErrorSchema },
        examples: CALLING_RULES_EXAMPLES.changeCallingRules,
      },
    },
    async (request) => {
      const { accountId } = request.auth;
      const before = await readCallingRules(db(), accountId);
      const after = await changeCallingRules(db(), accountId, request.body);
      const changed = RULE_NAMES.filter(([field]) => before[field] !== after[field]);
      if (changed.length > 0) {
        audit(request, {
          action: 'calling_rules.changed',
          summary: `Changed the calling rules: ${[...new Set(changed.map(([, name]) => name))].join(', ')}`,
          targetType: 'account',
          targetId: accountId,
          details: Object.fromEntries(
            changed.map(([field]) => [field, { from: before[field], to: after[field] }]),
          ),
        });
      }
      return after;
    },
  );
};

export default callingRulesRoutes;
