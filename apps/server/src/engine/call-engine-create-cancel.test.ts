import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/helper.ts';
import { createCall, t, useCallEngineApp, user, waitForEnd } from './call-engine-test-setup.ts';

useCallEngineApp();

describe('creating calls', () => {
  it('fills {{name}} with "there" and refuses an unknown variable', async () => {
    const ok = await createCall(user, {
      phone: '+12025550100',
      message: 'Hi {{name}}!',
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ message: 'Hi there!', status: 'scheduled', recipient_name: 'there' });

    const missing = await createCall(user, {
      phone: '+12025550100',
      message: 'See you {{date}} at {{time}}',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('{{date}}, {{time}}');
    expect(missing.json().error.details).toEqual([
      { field: 'variables.date', message: 'needs a value' },
      { field: 'variables.time', message: 'needs a value' },
    ]);
  });

  it('validates the request', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ phone: '+12025550100' }, /Please enter a message for the call\./],
      [{ message: 'Hello' }, /contact_id or a phone/],
      [{ phone: 'not a number', message: 'Hello' }, /phone/i],
      [{ phone: '+12025550100', message: 'Hello', voice: 'robot' }, /voice/],
      [{ phone: '+12025550100', message: 'Hello', status: 'completed' }, /status|Unrecognized/i],
      [{ phone: '+12025550100', message: 'Hello', scheduled_at: 'tomorrow' }, /ISO 8601/],
      [
        {
          phone: '+12025550100',
          message: 'Hello',
          scheduled_at: new Date(Date.now() - 86_400_000).toISOString(),
        },
        /in the past/,
      ],
    ];
    for (const [body, pattern] of cases) {
      const res = await createCall(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json().error), JSON.stringify(body)).toMatch(pattern);
    }
  });

  it('calls a contact with a script, and never another account’s', async () => {
    const contact = await t.app.inject({
      method: 'POST',
      url: '/v1/contacts',
      headers: user.headers,
      payload: {
        name: 'Mia Chen',
        phone: '(202) 555-0106',
        email: 'mia@example.com',
        company: 'Chen Dental',
        consent: 'informational',
      },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const script = await t.app.inject({
      method: 'POST',
      url: '/v1/scripts',
      headers: user.headers,
      payload: { title: 'Checkup', content: 'Hello {{name}} from {{company}}, time for your checkup.' },
    });
    const res = await createCall(user, {
      contact_id: contact.json().id,
      script_id: script.json().id,
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      contact_id: contact.json().id,
      script_id: script.json().id,
      recipient_name: 'Mia Chen',
      phone: '+12025550106',
      message: 'Hello Mia Chen from Chen Dental, time for your checkup.',
      status: 'scheduled',
    });

    const stranger = await signedInUser(t);
    const theirs = await createCall(stranger, { contact_id: contact.json().id, message: 'Hi' });
    expect(theirs.statusCode).toBe(404);
    const theirScript = await createCall(stranger, { phone: '+12025550100', script_id: script.json().id });
    expect(theirScript.statusCode).toBe(404);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/v1/calls/${res.json().id}/cancel`,
      headers: stranger.headers,
    });
    expect(cancel.statusCode).toBe(404);
  });

  it('refuses a voice the plan does not include', async () => {
    const starter = await signedInUser(t, { plan: 'starter' });
    const res = await createCall(starter, { phone: '+12025550100', message: 'Hi', voice: 'george' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/George voice is not included in the Starter plan/);
    expect(
      (await createCall(starter, { phone: '+12025550100', message: 'Hi', voice: 'aria' })).statusCode,
    ).toBe(201);
  });
});

describe('cancelling and the trial allowance', () => {
  it('counts 10 trial calls, refuses the 11th, and gives a cancelled one back', async () => {
    const trial = await signedInUser(t);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      // A different number each: the daily cap per person is tested on its own.
      const res = await createCall(trial, {
        phone: `+1202555${2000 + i}`,
        message: `Call ${i}`,
        scheduled_at: later,
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    const eleventh = await createCall(trial, {
      phone: '+12025552010',
      message: 'One more',
      scheduled_at: later,
    });
    expect(eleventh.statusCode).toBe(402);
    expect(eleventh.json().error).toMatchObject({ code: 'call_limit_reached' });
    expect(eleventh.json().error.message).toMatch(/Upgrade/);
    const dashboard = await t.app.inject({ url: '/v1/dashboard', headers: trial.headers });
    expect(dashboard.json().usage).toMatchObject({ used: 10, remaining: 0 });

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/v1/calls/${ids[0]}/cancel`,
      headers: trial.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('canceled');
    const again = await t.app.inject({
      method: 'POST',
      url: `/v1/calls/${ids[0]}/cancel`,
      headers: trial.headers,
    });
    expect(again.statusCode).toBe(409);
    const now = await createCall(trial, {
      phone: '+12025552011',
      message: 'Given back',
      scheduled_at: later,
    });
    expect(now.statusCode).toBe(201);
  });

  it('does not let two requests take the last trial call together', async () => {
    const trial = await signedInUser(t);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const results = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        createCall(trial, { phone: `+1202555${3000 + i}`, message: `Race ${i}`, scheduled_at: later }),
      ),
    );
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(10);
    expect(results.filter((res) => res.statusCode === 402)).toHaveLength(4);
  });

  it('places a scheduled call at its time, not before', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const due = Date.now() + 1500;
    const res = await createCall(owner, {
      phone: '+12025550105',
      message: 'Soon',
      scheduled_at: new Date(due).toISOString(),
    });
    expect(res.json().status).toBe('scheduled');
    await new Promise((resolve) => setTimeout(resolve, 700));
    const before = (await t.app.inject({ url: `/v1/calls/${res.json().id}`, headers: owner.headers })).json();
    expect(before.status).toBe('scheduled');
    const call = await waitForEnd(owner, res.json().id);
    expect(call.outcome).toBe('cancelled');
    const placed = await t.database.executeSql('SELECT placed_at FROM calls WHERE id = $1', [res.json().id]);
    const placedAt = new Date(placed.rows[0]?.placed_at as string).getTime();
    expect(placedAt).toBeGreaterThanOrEqual(due - 5);
    expect(placedAt - due).toBeLessThan(1000);
  });
});
