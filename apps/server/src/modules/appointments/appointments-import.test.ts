import { DEFAULT_BOOKING_SETTINGS } from '@callwise/shared/schemas/booking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';

/**
 * CSV import of appointments (issue #17, decision 020) through HTTP: contacts matched or created by number, times
 * in the business's time zone (across a daylight-saving change), service lengths, bad and overlapping rows
 * reported by line while the good ones are booked, re-import without duplicates, account isolation, 400s.
 */
let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
let owner: User;
let other: User;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInUser(t, { plan: 'professional' });
  other = await signedInUser(t, { plan: 'professional' });
  const settings = await t.app.inject({
    method: 'PUT',
    url: '/v1/booking-settings',
    headers: owner.headers,
    payload: {
      ...DEFAULT_BOOKING_SETTINGS,
      staff: [{ name: 'Dr. Patel' }, { name: 'Dr. Kim' }],
      services: [{ name: 'Cleaning', duration_minutes: 45 }],
    },
  });
  expect(settings.statusCode, settings.body).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const importCsv = (user: User, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/appointments/imports',
    headers: { ...user.headers, ...headers },
    payload: { file_name: 'schedule.csv', ...payload },
  });

async function listAll(user: User) {
  const res = await t.app.inject({ url: '/v1/appointments?limit=100', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as Array<Record<string, unknown>>;
}

async function contactByPhone(user: User, phone: string) {
  const res = await t.app.inject({
    url: `/v1/contacts?q=${encodeURIComponent(phone.slice(1))}`,
    headers: user.headers,
  });
  return (res.json().data as Array<Record<string, unknown>>).find((contact) => contact.phone === phone);
}

describe('POST /v1/appointments/imports', () => {
  it('books rows with new and existing contacts, in the business’s time zone, with service lengths', async () => {
    const existing = await t.app.inject({
      method: 'POST',
      url: '/v1/contacts',
      headers: owner.headers,
      payload: { name: 'Maria Garcia', phone: '+12025550143', email: 'maria@example.com', company: 'Bakery' },
    });
    expect(existing.statusCode).toBe(201);
    const csv = [
      'Phone,First name,Last name,Email,Start,Length,Service,Staff,Room,Notes,ID',
      '(202) 555-0143,Maria,G,maria@example.com,2027-03-12 09:00,,cleaning,dr. patel,Room 1,,A1',
      '202-555-0177,Tom,Becker,tom@example.com,03/15/2027 9:00 AM,60,,Dr. Kim,,First visit,A2',
      '+12025550178,,,,2027-03-14T02:30,,,Dr. Kim,,,A3',
      '+12025550179,Ann,Lee,,2027-03-16T10:00:00+01:00,20,,,,,',
    ].join('\n');
    const res = await importCsv(owner, {
      csv,
      mapping: {
        phone: 'Phone',
        first_name: 'First name',
        last_name: 'Last name',
        email: 'Email',
        starts_at: 'Start',
        duration_minutes: 'Length',
        service: 'Service',
        staff: 'Staff',
        location: 'Room',
        notes: 'Notes',
        external_id: 'ID',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 4, created: 4, skipped: 0, contacts_created: 3, failed: [] });

    const rows = await listAll(owner);
    const byId = new Map(rows.map((row) => [row.external_id ?? row.starts_at, row]));
    // Before the change (EST, UTC-5), a service's length when no duration; names as the settings spell them.
    expect(byId.get('A1')).toMatchObject({
      contact_id: existing.json().id,
      starts_at: '2027-03-12T14:00:00.000Z',
      ends_at: '2027-03-12T14:45:00.000Z',
      service: 'Cleaning',
      staff: 'Dr. Patel',
      location: 'Room 1',
      source: 'import',
      status: 'scheduled',
    });
    // After it (EDT, UTC-4), US-style date with AM/PM, the duration column.
    expect(byId.get('A2')).toMatchObject({
      starts_at: '2027-03-15T13:00:00.000Z',
      ends_at: '2027-03-15T14:00:00.000Z',
      notes: 'First visit',
    });
    // 02:30 does not exist on the spring-forward night: it is 03:30 EDT. Default length: 30 minutes.
    expect(byId.get('A3')).toMatchObject({ starts_at: '2027-03-14T07:30:00.000Z', duration_minutes: 30 });
    // An offset is kept as written.
    expect(byId.get('2027-03-16T09:00:00.000Z')).toMatchObject({ duration_minutes: 20, external_id: null });

    const tom = await contactByPhone(owner, '+12025550177');
    expect(tom).toMatchObject({ name: 'Tom Becker', email: 'tom@example.com', company: '' });
    expect(byId.get('A2')?.contact_id).toBe(tom?.id);
    const maria = await contactByPhone(owner, '+12025550143');
    expect(maria).toMatchObject({ name: 'Maria Garcia', company: 'Bakery' });

    // Reminders were created with the appointments.
    const calls = await t.database.executeSql(
      'SELECT count(*)::int AS n FROM calls WHERE account_id = $1 AND appointment_id IS NOT NULL',
      [owner.accountId],
    );
    expect(Number((calls.rows as unknown as Array<{ n: number }>)[0]?.n)).toBeGreaterThan(0);
  });

  it('reads a date and a time column, and reports bad rows and overlaps by line while booking the rest', async () => {
    const csv = [
      'Mobile;Day;At;Until;Service;With',
      '+12025550180;2027-11-08;3:00 PM;16:00;;Dr. Patel',
      ';2027-11-08;10:00;;;Dr. Patel',
      '+12025550181;31/31/2027;10:00;;;Dr. Patel',
      '+12025550182;2027-11-09;25:00;;;Dr. Patel',
      '+12025550183;2027-11-09;10:00;;Massage;Dr. Patel',
      '+12025550184;2027-11-08;15:30;;;Dr. Patel',
      '+12025550185;12/1/2027;9:00 am;09:02;;Dr. Kim',
      '555;2027-11-10;10:00;;;',
      '+12025550186;Nov 10, 2027;11:00;;;Dr. Patel',
    ].join('\r\n');
    const res = await importCsv(owner, {
      csv,
      mapping: {
        phone: 'Mobile',
        date: 'Day',
        time: 'At',
        ends_at: 'Until',
        service: 'Service',
        staff: 'With',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ rows: 9, created: 2, skipped: 0 });
    expect(body.failed.map((f: { line: number; field: string }) => [f.line, f.field])).toEqual([
      [3, 'phone'],
      [4, 'date'],
      [5, 'time'],
      [6, 'service'],
      [7, 'starts_at'],
      [8, 'ends_at'],
      [9, 'phone'],
    ]);
    expect(body.failed[3].message).toContain('Cleaning');
    expect(body.failed[4].message).toMatch(/overlap/i);
    const rows = await listAll(owner);
    // 2027-11-08 is after the autumn change: EST, UTC-5.
    expect(rows.find((row) => row.starts_at === '2027-11-08T20:00:00.000Z')).toMatchObject({
      ends_at: '2027-11-08T21:00:00.000Z',
      staff: 'Dr. Patel',
    });
    expect(rows.some((row) => row.starts_at === '2027-11-10T16:00:00.000Z')).toBe(true);
  });

  it('skips rows imported before (by external_id) and refuses an id repeated in the file', async () => {
    const csv = [
      'phone,starts_at,external_id',
      '+12025550190,2027-05-03 09:00,B1',
      '+12025550190,2027-05-03 10:00,B2',
      '+12025550191,2027-05-03 11:00,B2',
    ].join('\n');
    const mapping = { phone: 'phone', starts_at: 'starts_at', external_id: 'external_id' };
    const first = await importCsv(owner, { csv, mapping });
    expect(first.json()).toMatchObject({ created: 2, skipped: 0, contacts_created: 1 });
    expect(first.json().failed).toEqual([
      { line: 4, field: 'external_id', message: '"B2" is repeated: line 3 has it too' },
    ]);
    const before = (await listAll(owner)).length;
    const again = await importCsv(owner, { csv, mapping });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: 0, skipped: 2, contacts_created: 0 });
    expect((await listAll(owner)).length).toBe(before);

    // The same Idempotency-Key replays the first answer.
    const key = { 'idempotency-key': 'appointments-import-1' };
    const csv2 = 'phone,starts_at\n+12025550192,2027-05-04 09:00';
    const once = await importCsv(
      owner,
      { csv: csv2, mapping: { phone: 'phone', starts_at: 'starts_at' } },
      key,
    );
    const twice = await importCsv(
      owner,
      { csv: csv2, mapping: { phone: 'phone', starts_at: 'starts_at' } },
      key,
    );
    expect(once.json().created).toBe(1);
    expect(twice.json()).toEqual(once.json());
    expect(twice.headers['idempotent-replayed']).toBe('true');
  });

  it('keeps accounts apart: another account’s contacts, ids and staff do not count', async () => {
    const csv = 'phone,starts_at,external_id,staff\n+12025550143,2027-03-12 09:00,A1,Dr. Patel';
    const res = await importCsv(other, {
      csv,
      mapping: { phone: 'phone', starts_at: 'starts_at', external_id: 'external_id', staff: 'staff' },
    });
    expect(res.json()).toMatchObject({ created: 1, skipped: 0, contacts_created: 1, failed: [] });
    const [row] = await listAll(other);
    const ownerMaria = await contactByPhone(owner, '+12025550143');
    expect(row?.contact_id).not.toBe(ownerMaria?.id);
    expect((await contactByPhone(other, '+12025550143'))?.id).toBe(row?.contact_id);
    // New contacts' consent: existing customers by default, recorded as the import.
    const contact = await t.app.inject({ url: `/v1/contacts/${row?.contact_id}`, headers: other.headers });
    expect(contact.json()).toMatchObject({ existing_customer: true, consent_source: 'Import: schedule.csv' });
  });

  it('answers 400 naming the field for a bad file or mapping', async () => {
    const cases: Array<[object, string]> = [
      [
        { csv: 'phone,starts_at\n+12025550199,2027-01-01 10:00', mapping: { starts_at: 'starts_at' } },
        'mapping.phone',
      ],
      [
        { csv: 'phone,starts_at\n+12025550199,2027-01-01 10:00', mapping: { phone: 'phone' } },
        'mapping.starts_at',
      ],
      [
        { csv: 'phone,day\n+12025550199,2027-01-01', mapping: { phone: 'phone', date: 'day' } },
        'mapping.time',
      ],
      [
        { csv: 'phone,starts_at\n+1202555019,x', mapping: { phone: 'Phone', starts_at: 'starts_at' } },
        'mapping.phone',
      ],
      [{ csv: 'phone,starts_at\n', mapping: { phone: 'phone', starts_at: 'starts_at' } }, 'csv'],
      [{ csv: '', mapping: { phone: 'phone', starts_at: 'starts_at' } }, 'csv'],
      [
        {
          csv: `phone,starts_at\n${'+12025550199,2027-01-01 10:00\n'.repeat(5001)}`,
          mapping: { phone: 'phone', starts_at: 'starts_at' },
        },
        'csv',
      ],
      [
        { csv: 'a,b\n1,2', mapping: { phone: 'a', starts_at: 'b' }, consent_default: 'maybe' },
        'consent_default',
      ],
    ];
    for (const [payload, field] of cases) {
      const res = await importCsv(owner, payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      const fields = (res.json().error.details as Array<{ field: string }>).map((detail) => detail.field);
      expect(fields, res.body).toContain(field);
    }
  });

  it('books 1,000 rows with 500 numbers in one request (the 2-second budget is measured by npm run bench)', async () => {
    const lines = ['phone,starts_at,staff'];
    for (let i = 0; i < 1000; i++) {
      // 36 starts a day, 20 minutes apart; neighbours belong to different staff members, so none overlap.
      const day = String(1 + (i % 28)).padStart(2, '0');
      const slot = Math.floor(i / 28);
      const time = `${String(8 + Math.floor(slot / 3)).padStart(2, '0')}:${String((slot % 3) * 20).padStart(2, '0')}`;
      lines.push(`+1303555${1000 + (i % 500)},2028-02-${day} ${time},Staff ${i % 3}`);
    }
    const res = await importCsv(owner, {
      csv: lines.join('\n'),
      mapping: { phone: 'phone', starts_at: 'starts_at', staff: 'staff' },
    });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.json()).toMatchObject({ rows: 1000, created: 1000, contacts_created: 500, failed: [] });
  });
});
