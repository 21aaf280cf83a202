import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';

// What the campaign tests share: a server with the call engine on the fast simulator, two accounts whose calling
// window is the whole day, and contacts, scripts and campaigns made through the API.

export let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
export let owner: User;
export let stranger: User;

/**
 * A time zone where it is midday now, so that every contact is inside its calling window whenever the tests
 * run (the window is also widened to the whole day for the test accounts).
 */
function middayZone(): string {
  const offset = 12 - new Date().getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}
export const zone = middayZone();

export async function account(plan = 'professional') {
  const user = await signedInUser(t, { plan });
  await t.database.executeSql(
    "UPDATE accounts SET calling_window_start = '00:00', calling_window_end = '23:59' WHERE id = $1",
    [user.accountId],
  );
  return user;
}

let phoneSerial = 0;
/**
 * A unique number in 555-0117…0196, in an area of its own: answered and confirmed by the simulator (0100–0116 and
 * 0198–0199 behave otherwise, see SIMULATOR_BEHAVIOURS). Each test file counts from the start of the range.
 */
function uniquePhone(): string {
  const areas = ['202', '212', '213', '305', '312', '415', '512', '617', '702', '718', '646', '303'];
  const serial = phoneSerial++;
  const area = areas[Math.floor(serial / 80) % areas.length] as string;
  return `+1${area}5550${117 + (serial % 80)}`;
}

export async function contact(
  user: User,
  fields: { name?: string; consent?: string; tags?: string[]; phone?: string } = {},
): Promise<{ id: string; phone: string; name: string }> {
  const name = fields.name ?? `Contact ${phoneSerial}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/contacts',
    headers: user.headers,
    payload: {
      name,
      phone: fields.phone ?? uniquePhone(),
      email: `c${phoneSerial}-${randomUUID().slice(0, 8)}@example.com`,
      company: 'Harbor Dental',
      consent: fields.consent ?? 'marketing',
      tags: fields.tags ?? [],
      timezone: zone,
    },
  });
  if (res.statusCode !== 201) throw new Error(`contact not created: ${res.body}`);
  return res.json();
}

export async function script(user: User, content = 'Hi {{name}}, this is Harbor Dental with a reminder.') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/scripts',
    headers: user.headers,
    payload: { title: 'Reminder', content, category: 'Reminder' },
  });
  if (res.statusCode !== 201) throw new Error(`script not created: ${res.body}`);
  return res.json() as { id: string };
}

export const createCampaign = (user: User, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/v1/campaigns', headers: user.headers, payload });
export const getCampaign = (user: User, id: string) =>
  t.app.inject({ url: `/v1/campaigns/${id}`, headers: user.headers });
export const act = (user: User, id: string, action: 'pause' | 'resume' | 'cancel') =>
  t.app.inject({ method: 'POST', url: `/v1/campaigns/${id}/${action}`, headers: user.headers, payload: {} });

export const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

interface CallRowOfTest {
  id: string;
  contact_id: string;
  status: string;
  message: string;
  scheduled_at: Date | string;
  provider_call_id: string | null;
}

export async function callsOf(campaignId: string) {
  const { rows } = await t.database.executeSql(
    'SELECT id, contact_id, status, message, scheduled_at, provider_call_id FROM calls WHERE campaign_id = $1 ORDER BY scheduled_at, id',
    [campaignId],
  );
  return (rows as unknown as CallRowOfTest[]).map((row) => ({
    ...row,
    scheduledAt: new Date(row.scheduled_at).getTime(),
  }));
}

export async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not reached in time: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts what the tests need before them and stops it after them: call it once at the top of a test file. */
export function useCampaignsApp(): void {
  beforeAll(async () => {
    t = await buildTestApp({
      engine: true,
      env: { SIMULATOR_SPEED: '200', CALL_RETRY_DELAY_SECONDS: '1' },
    });
    owner = await account();
    stranger = await account();
  });
  afterAll(async () => {
    await t.close();
  });
}
