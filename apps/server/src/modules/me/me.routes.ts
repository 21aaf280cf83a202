import { findAccount, saveAccountProfile } from '@callwise/db/queries/accounts';
import { findUserById, updateUser } from '@callwise/db/queries/users';
import type { User } from '@callwise/db/schema';
import { apiErrorSchema } from '@callwise/shared/errors';
import type { PlanId } from '@callwise/shared/plans';
import { roleAllows } from '@callwise/shared/roles';
import {
  meSchema,
  updateMeInputSchema,
  updateNotificationSettingsInputSchema,
} from '@callwise/shared/schemas/me';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../http/app-error.ts';
import { roleRefused } from '../../http/role-policy.ts';
import { sessionAuth } from '../../plugins/authenticate.ts';
import { accountCountry, parsePhone } from '../contacts/contacts.service.ts';
import { ME_EXAMPLES } from './me.examples.ts';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The signed-in user, their business and their notification switches. */
const meRoutes: FastifyPluginAsyncZod = async (fastify) => {
  async function describe(user: User) {
    const account = await findAccount(fastify.database.db, user.accountId);
    if (!account) throw notFound('Account');
    return {
      id: user.id,
      email: user.email,
      first_name: str(user.userMetadata.first_name),
      last_name: str(user.userMetadata.last_name),
      business_name: str(user.userMetadata.business_name) || account.name,
      phone_number: user.phoneNumber,
      account: { id: account.id, name: account.name, plan: account.plan as PlanId },
      timezone: account.timezone,
      notifications: {
        email_notifications: user.notificationSettings.emailNotifications,
        call_summaries: user.notificationSettings.callSummaries,
        failure_alerts: user.notificationSettings.failureAlerts,
        message_alerts: user.notificationSettings.messageAlerts ?? true,
      },
      carrier: fastify.config.TELEPHONY_PROVIDER,
      role: user.role,
      require_two_factor: account.requireTwoFactor,
    };
  }

  fastify.get(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in user and their business',
        description: 'The profile, the business and its plan, the notification switches, the carrier in use.',
        response: { 200: meSchema },
        examples: ME_EXAMPLES.getSignedInUser,
      },
    },
    async (request) => {
      const user = await findUserById(fastify.database.db, sessionAuth(request).userId);
      if (!user) throw notFound('User');
      return describe(user);
    },
  );

  fastify.patch(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the business profile',
        description:
          'Changes the business’s time zone (owners and admins; an IANA name such as Europe/Berlin; an unknown one is refused with 400 naming `timezone`) and your own phone number, where test calls go (a number that is not one is refused with 400 naming `phone_number`). Names and e-mail change through `PUT /auth/v1/user`; Settings → Profile sends both, and its first save completes the first-run checklist’s first step.',
        body: updateMeInputSchema,
        response: { 200: meSchema, 400: apiErrorSchema },
        examples: ME_EXAMPLES.changeBusinessProfile,
      },
    },
    async (request) => {
      const db = fastify.database.db;
      const auth = sessionAuth(request);
      // The business's time zone is the account's setting: an owner's or admin's (decision 035).
      if (request.body.timezone !== undefined && !roleAllows(auth.role, 'admin')) {
        throw roleRefused(auth.role, 'admin');
      }
      let user = await findUserById(db, auth.userId);
      if (!user) throw notFound('User');
      const given = request.body.phone_number;
      // Checked before anything is written: a refused number changes nothing.
      const phoneNumber =
        given === undefined
          ? undefined
          : given === null || given === ''
            ? null
            : parsePhone(given, await accountCountry(db, user.accountId), 'phone_number');
      if (phoneNumber !== undefined) user = await updateUser(db, user.id, { phoneNumber });
      await saveAccountProfile(db, user.accountId, { timezone: request.body.timezone });
      return describe(user);
    },
  );

  fastify.patch(
    '/me/notifications',
    {
      schema: {
        tags: ['account'],
        summary: 'Change notification switches',
        description: 'Changes only the switches given.',
        body: updateNotificationSettingsInputSchema,
        response: { 200: meSchema, 400: apiErrorSchema },
        examples: ME_EXAMPLES.changeNotificationSwitches,
      },
    },
    async (request) => {
      const user = await findUserById(fastify.database.db, sessionAuth(request).userId);
      if (!user) throw notFound('User');
      const current = user.notificationSettings;
      const updated = await updateUser(fastify.database.db, user.id, {
        notificationSettings: {
          emailNotifications: request.body.email_notifications ?? current.emailNotifications,
          callSummaries: request.body.call_summaries ?? current.callSummaries,
          failureAlerts: request.body.failure_alerts ?? current.failureAlerts,
          messageAlerts: request.body.message_alerts ?? current.messageAlerts ?? true,
        },
      });
      return describe(updated);
    },
  );
};

export default meRoutes;
