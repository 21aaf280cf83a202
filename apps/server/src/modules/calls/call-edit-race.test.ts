import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';

// An edit racing the dispatcher (decision 008): the call due now, PATCH and the claim at the same moment, many
// times. Whatever the order, a call answered 200 goes out with the new number and message, and a call placed
// with the old ones was answered 409 — never placed with the old content while reported as edited.
let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
let owner: User;

beforeAll(async () => {
  t = await buildTestApp({ engine: true, env: { SIMULATOR_SPEED: '200' } });
  owner = await signedInUser(t, { plan: 'professional' });
  // The carrier takes its time to accept a call, as a real one does over the network: the dispatcher holds its
  // claim meanwhile, which is the moment an edit must not slip into.
  const carrier = t.services.engine.carrier;
  const placeAll = carrier.placeAll.bind(carrier);
  carrier.placeAll = async (requests) => {
    await sleep(250);
    return placeAll(requests);
  };
});
afterAll(async () => {
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const FINAL = ['completed', 'busy', 'no-answer', 'failed', 'canceled'];

async function waitForEnd(id: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const call = (await t.app.inject({ url: `/v1/calls/${id}`, headers: owner.headers })).json();
    if (FINAL.includes(call.status) && call.transcript) return call;
    if (Date.now() > deadline) throw new Error(`call ${id} did not end: ${JSON.stringify(call)}`);
    await sleep(100);
  }
}

describe('PATCH /v1/calls/{id} racing the dispatcher', () => {
  it('never leaves a call placed with its old content and reported as edited', async () => {
    const outcomes = { edited: 0, refused: 0 };
    for (let round = 0; round < 3; round++) {
      const count = 12;
      // Time to create the twelve calls before they are due: 4 s was not always enough on a busy two-core machine
      // running two test files at a time (4.3 s seen).
      const due = Date.now() + 10_000;
      const created = await Promise.all(
        Array.from({ length: count }, async (_, i) => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/v1/calls',
            headers: owner.headers,
            payload: {
              phone: `+1202555${1000 + round * 100 + i}`,
              recipient_name: 'Old Name',
              message: `Old message ${round}-${i}.`,
              scheduled_at: new Date(due).toISOString(),
            },
          });
          expect(res.statusCode, res.body).toBe(201);
          return res.json() as { id: string; phone: string; message: string };
        }),
      );
      expect(Date.now(), 'the calls were made before their due time, so the edits can race it').toBeLessThan(
        due - 200,
      );
      // Each edit starts at its own moment around the due time: some before the claim, some during, some after.
      const answers = await Promise.all(
        created.map(async (call, i) => {
          await sleep(due - Date.now() - 150 + i * 30);
          const res = await t.app.inject({
            method: 'PATCH',
            url: `/v1/calls/${call.id}`,
            headers: owner.headers,
            payload: { phone: `+1202555${5000 + round * 100 + i}`, message: `New message ${round}-${i}.` },
          });
          return { call, status: res.statusCode, body: res.json() };
        }),
      );
      for (const { call, status, body } of answers) {
        const ended = await waitForEnd(call.id);
        const ledger = await t.database.executeSql(
          'SELECT to_number FROM simulator_calls WHERE call_id = $1',
          [call.id],
        );
        const dialled = ledger.rows.map((row) => row.to_number);
        const spoken = String(ended.transcript[0]?.text ?? '');
        if (status === 200) {
          outcomes.edited++;
          expect(body.phone).not.toBe(call.phone);
          expect(ended.phone).toBe(body.phone);
          expect(dialled).toEqual([body.phone]);
          expect(spoken).toContain(body.message);
        } else {
          outcomes.refused++;
          expect(status, JSON.stringify(body)).toBe(409);
          expect(['call_being_placed', 'call_already_placed']).toContain(body.error.code);
          expect(ended.phone).toBe(call.phone);
          expect(dialled).toEqual([call.phone]);
          expect(spoken).toContain(call.message);
        }
      }
    }
    // Both sides of the race were seen (the edits are spread across the due time).
    expect(outcomes.edited).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  }, 120_000);
});
