import { seedAccount, seedCall, seedContact, seedScript } from '../seed/factories.ts';
import { openDatabaseFromEnv } from './open-from-env.ts';

const people = [
  ['Maria Lopez', 'Lopez Bakery', 'vip'],
  ['James Carter', 'Carter Plumbing', 'new'],
  ['Aisha Khan', 'Khan Family Dental', 'vip'],
  ['Tom Becker', 'Becker Auto', 'monthly'],
  ['Yuki Tanaka', 'Tanaka Design', 'new'],
  ['Priya Patel', 'Patel Pharmacy', 'monthly'],
] as const;

const handle = await openDatabaseFromEnv();
try {
  const account = await seedAccount(handle.db, { name: 'Bright Smile Dental' });
  const contactRows = [];
  for (const [i, [name, company, tag]] of people.entries()) {
    contactRows.push(
      await seedContact(handle.db, account.id, {
        name,
        company,
        tags: [tag],
        phone: `+120255501${String(i).padStart(2, '0')}`,
        email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
        consent: 'informational',
      }),
    );
  }
  await seedScript(handle.db, account.id, { title: 'Appointment reminder', category: 'Reminder' });
  await seedScript(handle.db, account.id, {
    title: 'Spring whitening offer',
    category: 'Sales',
    content: 'Hi {{name}}, this spring we offer 20% off teeth whitening. Press 1 to hear more.',
  });
  await seedScript(handle.db, account.id, {
    title: 'Follow-up after treatment',
    category: 'Support',
    content: 'Hi {{name}}, we hope you are feeling well after your visit on {{date}}.',
  });
  await seedScript(handle.db, account.id, {
    title: 'Opening hours update',
    content: 'Hi {{name}}, from next week we are open on Saturdays from 9 to 1.',
  });
  const statuses = ['completed', 'completed', 'completed', 'busy', 'no-answer', 'failed'] as const;
  for (let day = 0; day < 30; day++) {
    const contact = contactRows[day % contactRows.length];
    if (!contact) continue;
    const status = statuses[day % statuses.length] ?? 'completed';
    const at = new Date(Date.now() - day * 86_400_000);
    const duration = status === 'completed' ? 25 + ((day * 7) % 50) : 0;
    await seedCall(handle.db, account.id, {
      contactId: contact.id,
      recipientName: contact.name,
      phone: contact.phone,
      callType: 'appointment-reminder',
      status,
      outcome: status === 'completed' ? 'confirmed' : null,
      attempts: 1,
      scheduledAt: at,
      startedAt: at,
      endedAt: new Date(at.getTime() + duration * 1000),
      duration,
      cost: status === 'completed' ? Math.ceil(duration / 60) * 0.05 : 0,
      createdAt: at,
    });
  }
  console.log(
    `Seeded "${account.name}" in ${handle.where}: ${contactRows.length} contacts, 4 scripts, 30 calls. ` +
      'Sign-in users arrive with accounts (sign-up).',
  );
} finally {
  await handle.close();
}
