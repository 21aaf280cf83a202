import { randomBytes } from 'node:crypto';
import { EXAMPLE_IDS } from '../src/http/operation-examples.ts';
import { EXAMPLE_API_KEY } from '../src/modules/api-keys/api-keys.examples.ts';
import { EXAMPLE_APPOINTMENT } from '../src/modules/appointments/appointments.examples.ts';
import { EXAMPLE_BOOKING_SETTINGS_INPUT } from '../src/modules/appointments/booking.examples.ts';
import {
  EXAMPLE_CALENDAR_CONNECTION,
  EXAMPLE_GOOGLE_CONNECTION,
  EXAMPLE_ICS_CONNECTION,
} from '../src/modules/appointments/sources/calendar-connections.examples.ts';
import { GOOGLE_CALENDAR_SCOPES } from '../src/modules/appointments/sources/google-calendar.ts';
import { startFakeGoogle } from '../src/modules/appointments/sources/google-calendar-test-server.ts';
import { EXAMPLE_WAITLIST_ENTRY } from '../src/modules/appointments/waitlist.examples.ts';
import { EXAMPLE_TEST_CALL } from '../src/modules/assistant/test-calls.examples.ts';
import { EXAMPLE_AUDIT_EVENT } from '../src/modules/audit-log/audit-log.examples.ts';
import { hashToken } from '../src/modules/auth/tokens.ts';
import {
  EXAMPLE_CALL,
  EXAMPLE_RINGING_CALL,
  EXAMPLE_SCHEDULED_CALL,
} from '../src/modules/calls/calls.examples.ts';
import { EXAMPLE_CAMPAIGN, EXAMPLE_PAUSED_CAMPAIGN } from '../src/modules/campaigns/campaigns.examples.ts';
import { EXAMPLE_CONTACT, EXAMPLE_OTHER_CONTACT } from '../src/modules/contacts/contacts.examples.ts';
import { EXAMPLE_IMPORT } from '../src/modules/contacts/contacts-import.examples.ts';
import { EXAMPLE_DO_NOT_CALL } from '../src/modules/do-not-call/do-not-call.examples.ts';
import { EXAMPLE_MESSAGE, EXAMPLE_REPLY } from '../src/modules/messages/messages.examples.ts';
import { EXAMPLE_OTHER_SCRIPT, EXAMPLE_SCRIPT } from '../src/modules/scripts/scripts.examples.ts';
import {
  EXAMPLE_INVITATION,
  EXAMPLE_INVITATION_TOKEN,
  EXAMPLE_MEMBER,
  EXAMPLE_TEAM_IDS,
} from '../src/modules/team/team.examples.ts';
import {
  createApiKey,
  listenTestApp,
  signedInMember,
  signedInUser,
  userAwaitingSecondFactor,
} from './helper.ts';

/**
 * The server and the account every example of the OpenAPI document runs in: the account's rows are the ones the
 * examples talk about, with their ids, made again before each operation's examples.
 */

/** The refresh token of the examples' Google connection (the fake Google takes it). */
const EXAMPLE_GOOGLE_REFRESH_TOKEN = '1//example-refresh-token';

/**
 * The operations that only work with Stripe (decision 036; with simulated billing they answer 409
 * billing_simulated): their examples run against a third server on the fake Stripe, as an owner whose account is a
 * Stripe customer without a subscription yet.
 */
export const STRIPE_ONLY = /^\/v1\/billing\/(checkout|portal|invoices)$/;

/**
 * The operations that only work with Twilio (the business number's, decision 026; with the simulated carrier
 * they answer 409): their examples run against a second server on the fake Twilio.
 */
export const TWILIO_ONLY = /^\/v1\/assistant\/(numbers|business-number)/;

export type ExampleServer = Awaited<ReturnType<typeof startExampleServer>>;

/**
 * The app on the fake Google (the examples connect and list a Google calendar), with the examples' owner and their
 * API key, the admin and the staff member of the role matrix, and the callers the shared 401 and 403 examples need.
 */
export async function startExampleServer() {
  // Google's OAuth and Calendar endpoints, faked: the examples connect and list a Google calendar.
  const google = await startFakeGoogle();
  google.addCalendar({
    id: 'frontdesk@harbordental.example',
    summary: 'Front desk',
    timeZone: 'America/New_York',
    primary: true,
    accessRole: 'owner',
  });
  google.addCalendar({
    id: 'c_8f2kim@group.calendar.google.com',
    summary: 'Dr. Kim',
    timeZone: 'America/New_York',
    primary: false,
    accessRole: 'writer',
  });
  google.refreshTokens.set(EXAMPLE_GOOGLE_REFRESH_TOKEN, {
    scope: GOOGLE_CALENDAR_SCOPES.join(' '),
    revoked: false,
  });
  const t = await listenTestApp({
    env: {
      API_RATE_LIMIT_PER_MINUTE: '100000',
      SESSION_RATE_LIMIT_PER_MINUTE: '100000',
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_AUTH_URL: google.authUrl,
      GOOGLE_TOKEN_URL: google.tokenUrl,
      GOOGLE_REVOKE_URL: google.revokeUrl,
      GOOGLE_API_ROOT_URL: `${google.url}/`,
    },
  });
  const owner = await signedInUser(t, { plan: 'professional' });
  const apiKey = (await createApiKey(t, owner, 'Examples')).key;
  const starter = await signedInUser(t, { plan: 'professional' });
  const starterKey = (await createApiKey(t, starter)).key;
  const awaitingCode = (await userAwaitingSecondFactor(t)).headers.authorization;
  const strict = await signedInUser(t, { plan: 'professional' });
  await t.database.executeSql('UPDATE accounts SET require_two_factor = true WHERE id = $1', [
    strict.accountId,
  ]);
  const enrolling = strict.headers.authorization;
  const members = {
    admin: await signedInMember(t, owner.accountId, 'admin'),
    staff: await signedInMember(t, owner.accountId, 'staff'),
  };
  await t.database.executeSql("UPDATE accounts SET plan = 'starter' WHERE id = $1", [starter.accountId]);
  return {
    t,
    owner,
    apiKey,
    starterKey,
    awaitingCode,
    enrolling,
    members,
    async close() {
      await t.close();
      await google.close();
    },
  };
}

/** The account of the examples: exactly the rows the examples talk about, with their ids. */
export async function resetExampleAccount(server: ExampleServer) {
  const { t, owner, members } = server;
  const db = t.database;
  const account = owner.accountId;
  for (const table of [
    'messages',
    'calendar_connections',
    'booking_settings',
    'slot_offers',
    'waitlist_entries',
    'appointments',
    'do_not_call',
    'calls',
    'campaigns',
    'contacts',
    'scripts',
    'contact_imports',
    // Last: taking numbers off the do-not-call list above writes records of it.
    'consent_records',
  ]) {
    await db.executeSql(`DELETE FROM ${table} WHERE account_id = $1`, [account]);
  }
  await db.executeSql('DELETE FROM api_keys WHERE id = $1', [EXAMPLE_IDS.apiKey]);
  // The audit log holds its one example event (what the examples before did is forgotten).
  await db.executeSql('DELETE FROM audit_events WHERE account_id = $1', [account]);
  await db.executeSql(
    `INSERT INTO audit_events (id, account_id, action, summary, actor_type, actor, target_type, target_id, details,
       ip, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)`,
    [
      EXAMPLE_AUDIT_EVENT.id,
      account,
      EXAMPLE_AUDIT_EVENT.action,
      EXAMPLE_AUDIT_EVENT.summary,
      EXAMPLE_AUDIT_EVENT.actor_type,
      EXAMPLE_AUDIT_EVENT.actor,
      EXAMPLE_AUDIT_EVENT.target_type,
      EXAMPLE_AUDIT_EVENT.target_id,
      JSON.stringify(EXAMPLE_AUDIT_EVENT.details),
      EXAMPLE_AUDIT_EVENT.ip,
      EXAMPLE_AUDIT_EVENT.created_at,
    ],
  );
  // The team: the owner (an owner again after a transfer), the matrix's admin and staff, the examples' member and
  // invitation; anyone who joined through an example is gone.
  const kept = [owner.userId, members.admin?.userId, members.staff?.userId].filter(Boolean);
  await db.executeSql("UPDATE users SET role = 'owner' WHERE id = $1", [owner.userId]);
  for (const role of ['admin', 'staff'] as const) {
    const member = members[role];
    if (member) await db.executeSql('UPDATE users SET role = $1 WHERE id = $2', [role, member.userId]);
  }
  await db.executeSql(`DELETE FROM users WHERE account_id = $1 AND NOT (id = ANY($2::uuid[]))`, [
    account,
    kept,
  ]);
  await db.executeSql(
    `INSERT INTO users (id, account_id, email, password_hash, user_metadata, role, email_confirmed_at, created_at)
       VALUES ($1, $2, $3, 'not-a-hash', $4, 'staff', now(), $5)`,
    [
      EXAMPLE_TEAM_IDS.member,
      account,
      EXAMPLE_MEMBER.email,
      JSON.stringify({ first_name: 'Sam', last_name: 'Lee' }),
      EXAMPLE_MEMBER.joined_at,
    ],
  );
  await db.executeSql('DELETE FROM invitations WHERE account_id = $1', [account]);
  await db.executeSql(
    `INSERT INTO invitations (id, account_id, email, role, token_hash, invited_by, invited_by_email, invited_by_name,
       expires_at, sent_at, created_at) VALUES ($1, $2, $3, 'staff', $4, $5, $6, 'Dana Reyes', now() + interval '7 days', $7, $7)`,
    [
      EXAMPLE_TEAM_IDS.invitation,
      account,
      EXAMPLE_INVITATION.email,
      hashToken(EXAMPLE_INVITATION_TOKEN),
      owner.userId,
      owner.email,
      EXAMPLE_INVITATION.sent_at,
    ],
  );
  await db.executeSql('UPDATE accounts SET require_two_factor = false WHERE id = $1', [account]);
  await db.executeSql('UPDATE accounts SET webhook_url = NULL WHERE id = $1', [account]);
  await db.executeSql(
    `UPDATE accounts SET follow_up_text_call_types = DEFAULT, follow_up_text = DEFAULT, missed_call_text_back = DEFAULT,
       missed_call_text = DEFAULT WHERE id = $1`,
    [account],
  );
  // Harbor Dental's booking settings: the examples name its staff members.
  await db.executeSql('INSERT INTO booking_settings (account_id, settings) VALUES ($1, $2)', [
    account,
    JSON.stringify(EXAMPLE_BOOKING_SETTINGS_INPUT),
  ]);
  for (const contact of [EXAMPLE_CONTACT, EXAMPLE_OTHER_CONTACT]) {
    await db.executeSql(
      `INSERT INTO contacts (id, account_id, name, phone, email, company, tags, timezone, consent, consent_at,
         consent_source, consent_recorded_by, created_at, updated_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)`,
      [
        contact.id,
        account,
        contact.name,
        contact.phone,
        contact.email,
        contact.company,
        contact.tags,
        contact.timezone,
        contact.consent,
        contact.consent_at,
        contact.consent_source,
        contact.consent_recorded_by,
        contact.created_at,
        contact.updated_at,
      ],
    );
  }
  await db.executeSql(
    `INSERT INTO appointments (id, account_id, contact_id, starts_at, ends_at, service, staff, location, source,
       external_id, status, created_at, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
    [
      EXAMPLE_APPOINTMENT.id,
      account,
      EXAMPLE_APPOINTMENT.contact_id,
      EXAMPLE_APPOINTMENT.starts_at,
      EXAMPLE_APPOINTMENT.ends_at,
      EXAMPLE_APPOINTMENT.service,
      EXAMPLE_APPOINTMENT.staff,
      EXAMPLE_APPOINTMENT.location,
      EXAMPLE_APPOINTMENT.source,
      EXAMPLE_APPOINTMENT.external_id,
      EXAMPLE_APPOINTMENT.status,
      EXAMPLE_APPOINTMENT.created_at,
      EXAMPLE_APPOINTMENT.updated_at,
    ],
  );
  for (const message of [EXAMPLE_MESSAGE, EXAMPLE_REPLY]) {
    await db.executeSql(
      `INSERT INTO messages (id, account_id, direction, kind, status, phone, business_number, contact_id, body,
         segments, encoding, cost, sent_at, delivered_at, created_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15)`,
      [
        message.id,
        account,
        message.direction,
        message.kind,
        message.status,
        message.phone,
        message.business_number,
        message.contact_id,
        message.body,
        message.segments,
        message.encoding,
        message.cost,
        message.sent_at,
        message.delivered_at,
        message.created_at,
      ],
    );
  }
  await db.executeSql(
    `INSERT INTO waitlist_entries (id, account_id, contact_id, service, days, earliest_minute, latest_minute, notes,
       created_at, updated_at) VALUES ($1,$2,$3,$4,'{2,4}',540,720,$5,$6,$6)`,
    [
      EXAMPLE_WAITLIST_ENTRY.id,
      account,
      EXAMPLE_WAITLIST_ENTRY.contact_id,
      EXAMPLE_WAITLIST_ENTRY.service,
      EXAMPLE_WAITLIST_ENTRY.notes,
      EXAMPLE_WAITLIST_ENTRY.created_at,
    ],
  );
  for (const connection of [EXAMPLE_CALENDAR_CONNECTION, EXAMPLE_ICS_CONNECTION, EXAMPLE_GOOGLE_CONNECTION]) {
    const google = connection.kind === 'google';
    await db.executeSql(
      `INSERT INTO calendar_connections
         (id, account_id, kind, name, url, secret, refresh_token, calendar_id, calendar_name, created_at, updated_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)`,
      [
        connection.id,
        account,
        connection.kind,
        connection.name,
        connection.url,
        connection.kind === 'calcom' ? 'e'.repeat(64) : null,
        google ? EXAMPLE_GOOGLE_REFRESH_TOKEN : null,
        connection.calendar_id,
        connection.calendar_name,
        connection.created_at,
        connection.updated_at,
      ],
    );
  }
  for (const script of [EXAMPLE_SCRIPT, EXAMPLE_OTHER_SCRIPT]) {
    await db.executeSql(
      'INSERT INTO scripts (id, account_id, title, content, category, created_at, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7)',
      [
        script.id,
        account,
        script.title,
        script.content,
        script.category,
        script.created_at,
        script.updated_at,
      ],
    );
  }
  for (const call of [EXAMPLE_CALL, EXAMPLE_SCHEDULED_CALL, EXAMPLE_RINGING_CALL]) {
    const recordingKey = call.recording_url ? `recordings/${account}/${call.id}.wav` : null;
    await db.executeSql(
      `INSERT INTO calls (id, account_id, contact_id, script_id, recipient_name, phone, call_type, message, voice,
         scheduled_at, status, outcome, attempts, started_at, ended_at, duration, cost, recording_url, recording_key,
         recording_created_at, transcript, callback_url, estimated_duration, answered_by, failure_reason,
         provider_call_id, created_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27)`,
      [
        call.id,
        account,
        call.contact_id,
        call.script_id,
        call.recipient_name,
        call.phone,
        call.call_type,
        call.message,
        call.voice,
        call.scheduled_at,
        call.status,
        call.outcome,
        call.attempts,
        call.started_at,
        call.ended_at,
        call.duration,
        call.cost,
        call.recording_url,
        recordingKey,
        recordingKey ? call.ended_at : null,
        call.transcript ? JSON.stringify(call.transcript) : null,
        call.callback_url,
        call.estimated_duration,
        call.answered_by,
        call.failure_reason,
        call.status === 'scheduled' ? null : `sim-${call.id}`,
        call.created_at,
      ],
    );
    if (recordingKey) await t.services.storage.put(recordingKey, silentWav(), 'audio/wav');
    if (call.status === 'completed') {
      await db.executeSql(
        `INSERT INTO call_attempts (account_id, call_id, attempt, status, answered_by, started_at, ended_at, duration)
         VALUES ($1,$2,1,$3,$4,$5,$6,$7)`,
        [account, call.id, call.status, call.answered_by, call.started_at, call.ended_at, call.duration],
      );
    }
  }
  await db.executeSql(
    `INSERT INTO contact_imports (id, account_id, status, file_name, csv, mapping, duplicates, total_rows,
       processed_rows, created, merged, skipped, failed, errors, created_at, finished_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16)`,
    [
      EXAMPLE_IMPORT.id,
      account,
      EXAMPLE_IMPORT.status,
      EXAMPLE_IMPORT.file_name,
      'name,phone,email,company',
      JSON.stringify({ name: 'name', phone: 'phone', email: 'email', company: 'company' }),
      EXAMPLE_IMPORT.duplicates,
      EXAMPLE_IMPORT.total_rows,
      EXAMPLE_IMPORT.processed_rows,
      EXAMPLE_IMPORT.created,
      EXAMPLE_IMPORT.merged,
      EXAMPLE_IMPORT.skipped,
      EXAMPLE_IMPORT.failed,
      JSON.stringify(EXAMPLE_IMPORT.errors),
      EXAMPLE_IMPORT.created_at,
      EXAMPLE_IMPORT.finished_at,
    ],
  );
  // The campaigns, each with its call waiting (the paused one's to a number that is not a contact).
  for (const [campaign, contactId, phone] of [
    [EXAMPLE_CAMPAIGN, EXAMPLE_IDS.contact, EXAMPLE_CONTACT.phone],
    [EXAMPLE_PAUSED_CAMPAIGN, null, '+12025550148'],
  ] as const) {
    await db.executeSql(
      `INSERT INTO campaigns (id, account_id, name, script_id, call_type, voice, status, starts_at, pace_per_hour,
         requested, skipped, created_at, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
      [
        campaign.id,
        account,
        campaign.name,
        campaign.script_id,
        campaign.call_type,
        campaign.voice,
        campaign.status,
        campaign.starts_at,
        campaign.pace_per_hour,
        campaign.requested,
        JSON.stringify(campaign.skipped),
        campaign.created_at,
        campaign.updated_at,
      ],
    );
    await db.executeSql(
      `INSERT INTO calls (account_id, campaign_id, contact_id, script_id, recipient_name, phone, call_type, message,
         voice, scheduled_at, status, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,'scheduled',$11)`,
      [
        account,
        campaign.id,
        contactId,
        campaign.script_id,
        contactId ? EXAMPLE_CONTACT.name : 'there',
        phone,
        campaign.call_type,
        'Hi, this is Harbor Dental with a reminder.',
        campaign.voice,
        campaign.starts_at,
        campaign.created_at,
      ],
    );
  }
  // A call to the assistant taken in the browser, answered, waiting for the caller's first answer.
  await db.executeSql(
    `INSERT INTO calls (id, account_id, recipient_name, phone, call_type, direction, message, voice, scheduled_at,
       status, attempts, started_at, answered_by, provider_call_id, created_at)
       VALUES ($1,$2,'Caller',$3,'custom','inbound',$4,'aria',now(),'in-progress',1,now(),'human',$5,now())`,
    [
      EXAMPLE_IDS.testCall,
      account,
      EXAMPLE_TEST_CALL.from,
      EXAMPLE_TEST_CALL.lines[0]?.text,
      `WEB-${EXAMPLE_IDS.testCall}`,
    ],
  );
  await db.executeSql(
    'INSERT INTO api_keys (id, account_id, name, prefix, key_hash, created_at, last_used_at) VALUES ($1,$2,$3,$4,$5,$6,$7)',
    [
      EXAMPLE_API_KEY.id,
      account,
      EXAMPLE_API_KEY.name,
      EXAMPLE_API_KEY.prefix,
      randomBytes(32).toString('hex'),
      EXAMPLE_API_KEY.created_at,
      EXAMPLE_API_KEY.last_used_at,
    ],
  );
  await db.executeSql(
    'INSERT INTO do_not_call (id, account_id, phone, source, note, call_id, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7)',
    [
      EXAMPLE_DO_NOT_CALL.id,
      account,
      EXAMPLE_DO_NOT_CALL.phone,
      EXAMPLE_DO_NOT_CALL.source,
      EXAMPLE_DO_NOT_CALL.note,
      EXAMPLE_DO_NOT_CALL.call_id,
      EXAMPLE_DO_NOT_CALL.created_at,
    ],
  );
  await db.executeSql(
    `UPDATE accounts SET calling_window_start = '08:00', calling_window_end = '21:00', daily_call_cap = 2,
       disclosure = 'This is an automated call from {{business_name}}.' WHERE id = $1`,
    [account],
  );
}

/** A quarter second of silence as a WAV file. */
function silentWav(): Buffer {
  const samples = 2000;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples * 2, 40);
  return Buffer.concat([header, Buffer.alloc(samples * 2)]);
}
