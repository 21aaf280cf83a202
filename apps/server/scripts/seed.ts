// `npm run db:seed`: a demo business with a sign-in, realistic contacts, scripts in every category and a month
// of call history, so that a newcomer sees a lively product. Uses the same factories as the tests.

import { runMigrations } from '@callwise/db/migrate';
import { createAccountWithUser, findUserByEmail, updateUser } from '@callwise/db/queries/users';
import { openDatabaseFromEnv } from '@callwise/db/scripts/open-from-env';
import { seedCall, seedContact, seedScript } from '@callwise/db/seed/factories';
import { timezoneForPhone } from '@callwise/shared/phone';
import { recipientValues } from '@callwise/shared/variables';
import { hashPassword } from '../src/modules/auth/passwords.ts';

const DEMO_EMAIL = process.env.SEED_EMAIL ?? 'demo@callwise.local';
const DEMO_PASSWORD = process.env.SEED_PASSWORD ?? 'Demo-Callwise-2026';

const people: Array<[string, string, string, string[], 'none' | 'informational' | 'marketing']> = [
  ['Maria Lopez', '+12125550143', 'Lopez Bakery', ['vip', 'monthly'], 'marketing'],
  ['James Carter', '+13125550188', 'Carter Plumbing', ['new'], 'informational'],
  ['Aisha Khan', '+14155550112', 'Khan Family Dental', ['vip'], 'marketing'],
  ['Tom Becker', '+13035550176', 'Becker Auto', ['monthly'], 'informational'],
  ['Yuki Tanaka', '+12065550134', 'Tanaka Design', ['new'], 'none'],
  ['Priya Patel', '+16175550190', 'Patel Pharmacy', ['monthly', 'vip'], 'marketing'],
  ['Lucas Moreau', '+15145550127', 'Moreau Coiffure', ['new'], 'informational'],
  ['Dr. Grace Okafor', '+17135550163', 'Okafor Consulting', [], 'informational'],
  ['Noah Schmidt', '+16025550119', 'Schmidt Fitness', ['monthly'], 'informational'],
  ['Elena Rossi', '+13055550151', 'Rossi Catering', ['vip'], 'marketing'],
  ['Daniel Kim', '+12135550108', 'Kim Tutoring', ['new'], 'informational'],
  ['Sofia Almeida', '+14165550172', 'Almeida Pilates', [], 'none'],
];

// Greeting by first name, and no key menu of their own: the call engine ends every call with the one menu.
/** Contacts whose first and last names are not the words of their name: {{first_name}} says Grace, not Dr. */
const ownNames: Record<string, { firstName: string; lastName: string }> = {
  'Dr. Grace Okafor': { firstName: 'Grace', lastName: 'Okafor' },
};

const scripts = [
  [
    'Appointment reminder',
    'Reminder',
    'Hi {{first_name}}, this is Bright Smile Dental reminding you of your appointment on {{date}} at {{time}}.',
  ],
  [
    'Spring whitening offer',
    'Sales',
    'Hi {{first_name}}, this spring Bright Smile Dental offers 20% off teeth whitening until {{date}}. Confirm, and our team will call you with the details.',
  ],
  [
    'Follow-up after treatment',
    'Support',
    'Hi {{first_name}}, we hope you are feeling well after your visit on {{date}}. Confirm if all is well, or ask to reschedule and we will call you back.',
  ],
  [
    'Opening hours update',
    'general',
    'Hi {{first_name}}, from next week Bright Smile Dental is open on Saturdays from 9 to 1.',
  ],
  [
    'Hygiene check due',
    'Reminder',
    'Hi {{first_name}}, your six-month hygiene check is due. We have a place for you on {{date}} at {{time}}.',
  ],
] as const;

/** What {{first_name}} says for a contact, as in a call. */
const firstNameOf = (contact: { name: string; firstName: string | null; lastName: string | null }) =>
  recipientValues({ name: contact.name, first_name: contact.firstName, last_name: contact.lastName })
    .first_name;

const outcomes = [
  ['completed', 'confirmed'],
  ['completed', 'confirmed'],
  ['completed', 'reschedule_requested'],
  ['completed', 'confirmed'],
  ['completed', 'cancelled'],
  ['busy', null],
  ['completed', 'confirmed'],
  ['no-answer', null],
  ['completed', 'voicemail'],
  ['failed', null],
  ['completed', 'confirmed'],
  ['completed', 'opted_out'],
] as const;

const handle = await openDatabaseFromEnv();
try {
  await runMigrations(handle);
  const db = handle.db;
  if (await findUserByEmail(db, DEMO_EMAIL)) {
    console.log(
      `The demo account already exists in ${handle.where}. Sign in as ${DEMO_EMAIL} / ${DEMO_PASSWORD}.`,
    );
  } else {
    const user = await createAccountWithUser(db, {
      businessName: 'Bright Smile Dental',
      email: DEMO_EMAIL,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      userMetadata: { first_name: 'Dana', last_name: 'Reyes', business_name: 'Bright Smile Dental' },
    });
    await updateUser(db, user.id, { emailConfirmedAt: new Date() });
    await handle.executeSql(`UPDATE accounts SET plan = 'professional' WHERE id = $1`, [user.accountId]);
    const accountId = user.accountId;

    const contacts = [];
    for (const [name, phone, company, tags, consent] of people) {
      contacts.push(
        await seedContact(db, accountId, {
          name,
          ...ownNames[name],
          phone,
          company,
          tags,
          email: `${(ownNames[name]?.firstName ?? name.split(' ')[0])?.toLowerCase()}@${company.split(' ')[0]?.toLowerCase()}.example`,
          timezone: timezoneForPhone(phone) ?? null,
          consent,
          consentAt: consent === 'none' ? null : new Date(Date.now() - 90 * 86_400_000),
          consentSource: consent === 'none' ? null : 'Intake form',
        }),
      );
    }
    for (const [title, category, content] of scripts)
      await seedScript(db, accountId, { title, category, content });

    let n = 0;
    for (let day = 29; day >= 0; day--) {
      const perDay = 2 + ((day * 7) % 4);
      for (let k = 0; k < perDay; k++) {
        const contact = contacts[n % contacts.length];
        const [status, outcome] = outcomes[n % outcomes.length] ?? ['completed', 'confirmed'];
        n++;
        if (!contact) continue;
        const at = new Date(Date.now() - day * 86_400_000 - (k + 1) * 3_600_000);
        const duration = status === 'completed' ? 22 + ((n * 13) % 70) : 0;
        await seedCall(db, accountId, {
          contactId: contact.id,
          recipientName: contact.name,
          phone: contact.phone,
          callType: n % 5 === 0 ? 'follow-up' : 'appointment-reminder',
          message: `Hi ${firstNameOf(contact)}, this is Bright Smile Dental reminding you of your appointment tomorrow at 10 AM.`,
          voice: ['aria', 'sarah', 'roger'][n % 3] as string,
          status,
          outcome,
          attempts: status === 'busy' || status === 'no-answer' ? 3 : 1,
          scheduledAt: at,
          startedAt: at,
          endedAt: new Date(at.getTime() + duration * 1000),
          duration,
          cost: status === 'completed' ? Math.ceil(duration / 60) * 0.05 : 0,
          createdAt: at,
        });
      }
    }
    // A few reminders still to go out (tomorrow and the day after), placed by the call engine at their time.
    for (const [index, contact] of contacts.slice(0, 3).entries()) {
      const at = new Date(Date.now() + (index + 1) * 86_400_000);
      at.setUTCHours(15, 0, 0, 0);
      await seedCall(db, accountId, {
        contactId: contact.id,
        recipientName: contact.name,
        phone: contact.phone,
        callType: 'appointment-reminder',
        message: `Hi ${firstNameOf(contact)}, this is Bright Smile Dental reminding you of your appointment on Friday at 3 PM.`,
        voice: 'aria',
        status: 'scheduled',
        scheduledAt: at,
        estimatedDuration: 24,
        createdAt: new Date(),
      });
      n++;
    }
    console.log(
      `Seeded "Bright Smile Dental" in ${handle.where}: ${contacts.length} contacts, ${scripts.length} scripts, ${n} calls.`,
    );
    console.log(`Sign in at /login as ${DEMO_EMAIL} with the password ${DEMO_PASSWORD}`);
  }
} finally {
  await handle.close();
}
