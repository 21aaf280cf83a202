import type PgBoss from 'pg-boss';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { CONTACTS_IMPORT } from '../modules/contacts/contacts-import.service.ts';
import { SEND_EMAIL } from '../modules/mail/send-email.job.ts';
import { TEXT_FOLLOW_UPS } from '../modules/messages/text-follow-ups.ts';
import { type JobName, sendJob } from './send.ts';

describe('sendJob', () => {
  it('knows every job the worker runs by name, and no other', () => {
    expectTypeOf<typeof SEND_EMAIL>().toExtend<JobName>();
    expectTypeOf<typeof CONTACTS_IMPORT>().toExtend<JobName>();
    expectTypeOf<'send-e-mail'>().not.toExtend<JobName>();
    expectTypeOf<string>().not.toExtend<JobName>();
  });

  it("takes each job's own payload", () => {
    expectTypeOf(sendJob<typeof CONTACTS_IMPORT>)
      .parameter(2)
      .toEqualTypeOf<{ import_id: string }>();
    // Only compiled, never sent: each line is refused by the type checker.
    const never = (queue: PgBoss): unknown => [
      // @ts-expect-error a job the worker does not run
      sendJob(queue, 'send-e-mail', {}),
      // @ts-expect-error the payload misses what the job needs
      sendJob(queue, CONTACTS_IMPORT, {}),
      // @ts-expect-error a payload of the wrong type
      sendJob(queue, CONTACTS_IMPORT, { import_id: 42 }),
      // @ts-expect-error an e-mail without its address
      sendJob(queue, SEND_EMAIL, { subject: 'Hello', text: 'Hello' }),
      // A wake-up takes an empty payload.
      sendJob(queue, TEXT_FOLLOW_UPS, {}),
    ];
    expect(never).toBeTypeOf('function');
  });
});
