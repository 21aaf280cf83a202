import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createApiKey, signedInUser, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

let numbers = 0;
/** A different number for every call: the calling rules allow only 2 calls a day to one person. */
const nextPhone = () => `+1202555${String(1000 + ++numbers).padStart(4, '0')}`;
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

function createCall(user: { headers: Record<string, string> }) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/calls',
    headers: user.headers,
    payload: {
      phone: nextPhone(),
      recipient_name: 'Maria',
      message: 'Your order is ready.',
      scheduled_at: tomorrow(),
    },
  });
}

/** `count` calls made earlier this billing month, straight into the table (the API would take minutes). */
async function callsMadeEarlier(user: User, count: number) {
  await t.database.executeSql(
    `INSERT INTO calls (account_id, recipient_name, phone, message, voice, status, scheduled_at)
     SELECT $1, 'Earlier', '+1303555' || lpad(g::text, 4, '0'), 'Hello', 'aria', 'completed', now()
     FROM generate_series(1, $2::int) g`,
    [user.accountId, count],
  );
}

const billing = async (user: User) => {
  const res = await t.app.inject({ url: '/v1/billing', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const charges = async (user: User, query = '') => {
  const res = await t.app.inject({ url: `/v1/billing/charges${query}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: Array<{
      id: string;
      kind: string;
      amount_usd: number;
      call_id: string | null;
      description: string;
    }>;
    next_cursor: string | null;
  };
};
const estimate = async (user: { headers: Record<string, string> }, calls: number) => {
  const res = await t.app.inject({ url: `/v1/billing/estimate?calls=${calls}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const setBudget = (user: User, monthly_budget_usd: number | null | string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/v1/billing/budget',
    headers: user.headers,
    payload: { monthly_budget_usd },
  });
const changePlan = (user: { headers: Record<string, string> }, plan: string) =>
  t.app.inject({ method: 'POST', url: '/v1/billing/plan', headers: user.headers, payload: { plan } });
const overageOf = async (callId: string) =>
  Number(
    (await t.database.executeSql('SELECT overage_usd FROM calls WHERE id = $1', [callId])).rows[0]
      ?.overage_usd,
  );

describe('the free trial', () => {
  it('stays a hard limit: the 11th call is refused, never charged', async () => {
    const trial = await signedInUser(t);
    await callsMadeEarlier(trial, 9);
    expect((await estimate(trial, 1)).message).toBe('Included in your free trial (1 left)');
    expect((await createCall(trial)).statusCode).toBe(201);

    const refused = await createCall(trial);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toMatchObject({
      code: 'call_limit_reached',
      message:
        'Your free trial includes 10 calls and all of them are used. Upgrade to a paid plan to schedule more calls.',
      // Absolute, to the page where a signed-in user changes plan.
      details: { used: 10, included: 10, upgrade_url: 'http://localhost:3000/pricing' },
    });
    expect(await estimate(trial, 1)).toMatchObject({ allowed: false, included_left: 0, overage_usd: 0 });
    expect(await billing(trial)).toMatchObject({
      plan: 'trial',
      period_end: null,
      calls_included: 10,
      calls_used: 10,
      calls_left: 0,
      overage_calls: 0,
      overage_usd: 0,
    });
    expect((await charges(trial)).data).toEqual([]);
  });
});

describe('calls beyond a paid plan’s allowance', () => {
  let starter: User;
  let ids: string[];

  beforeAll(async () => {
    starter = await signedInUser(t, { plan: 'starter' });
    await callsMadeEarlier(starter, 99);
  });

  it('are estimated before scheduling', async () => {
    expect(await estimate(starter, 1)).toEqual({
      calls: 1,
      included_left: 1,
      overage_calls: 0,
      overage_usd: 0,
      budget_left_usd: null,
      allowed: true,
      message: 'Included in your plan (1 left this month)',
    });
    expect(await estimate(starter, 3)).toMatchObject({
      included_left: 1,
      overage_calls: 2,
      overage_usd: 1,
      allowed: true,
      message: '2 extra calls: $1.00 (1 of the 3 are included in your plan).',
    });
  });

  it('cost $0.50 each, charged with the call in the billing history', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/calls/batch',
      headers: starter.headers,
      payload: {
        calls: [1, 2, 3].map((n) => ({
          phone: nextPhone(),
          recipient_name: `Guest ${n}`,
          message: 'Your table is ready.',
          scheduled_at: tomorrow(),
        })),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    ids = (res.json().created as Array<{ id: string }>).map((call) => call.id);
    expect(ids).toHaveLength(3);
    expect([
      await overageOf(ids[0] as string),
      await overageOf(ids[1] as string),
      await overageOf(ids[2] as string),
    ]).toEqual([0, 0.5, 0.5]);

    expect(await billing(starter)).toMatchObject({
      plan: 'starter',
      price_usd: 29,
      calls_included: 100,
      calls_used: 102,
      calls_left: 0,
      extra_call_usd: 0.5,
      overage_calls: 2,
      overage_usd: 1,
    });
    const history = (await charges(starter)).data;
    expect(history.map(({ kind, amount_usd, call_id }) => ({ kind, amount_usd, call_id }))).toEqual(
      expect.arrayContaining([
        { kind: 'overage', amount_usd: 0.5, call_id: ids[1] },
        { kind: 'overage', amount_usd: 0.5, call_id: ids[2] },
      ]),
    );
    expect(history).toHaveLength(2);
    expect(history[0]?.description).toMatch(
      /^Extra call to Guest \d \(\+1202555\d{4}\), beyond the 100 included calls$/,
    );

    const one = await estimate(starter, 1);
    expect(one.message).toBe('1 extra call: $0.50 (your plan’s 100 calls this month are used).');
  });

  it('are refunded when cancelled, however they are cancelled; an included call is not', async () => {
    const cancel = (id: string) =>
      t.app.inject({ method: 'POST', url: `/v1/calls/${id}/cancel`, headers: starter.headers });
    expect((await cancel(ids[1] as string)).statusCode).toBe(200);
    expect((await cancel(ids[1] as string)).statusCode).toBe(409);
    expect((await cancel(ids[0] as string)).statusCode).toBe(200);
    // Cancelled by something else than the user (a campaign, the do-not-call list): the same refund.
    await t.database.executeSql(
      "UPDATE calls SET status = 'canceled', version = version + 1 WHERE id = $1 AND account_id = $2",
      [ids[2], starter.accountId],
    );

    const refunds = (await charges(starter)).data.filter((charge) => charge.kind === 'refund');
    expect(refunds.map(({ amount_usd, call_id }) => ({ amount_usd, call_id }))).toEqual(
      expect.arrayContaining([
        { amount_usd: -0.5, call_id: ids[1] },
        { amount_usd: -0.5, call_id: ids[2] },
      ]),
    );
    expect(refunds).toHaveLength(2);
    expect(refunds[0]?.description).toMatch(/^Refund: cancelled extra call to Guest \d/);
    expect(await billing(starter)).toMatchObject({ calls_used: 99, overage_calls: 0, overage_usd: 0 });
  });

  it('pages the billing history with a cursor', async () => {
    const first = await charges(starter, '?limit=3');
    expect(first.data).toHaveLength(3);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await charges(starter, `?limit=3&cursor=${first.next_cursor}`);
    expect(second.data).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    const all = [...first.data, ...second.data].map((charge) => charge.id);
    expect(new Set(all).size).toBe(4);
    const bad = await t.app.inject({ url: '/v1/billing/charges?cursor=nope', headers: starter.headers });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the monthly budget', () => {
  it('stops extra calls with budget_reached, never the included ones', async () => {
    const owner = await signedInUser(t, { plan: 'starter' });
    await callsMadeEarlier(owner, 98);
    const set = await setBudget(owner, 1);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ monthly_budget_usd: 1, budget_left_usd: 1 });

    // Two included calls, then two extra ones: exactly $1.00.
    for (let i = 0; i < 4; i++) expect((await createCall(owner)).statusCode).toBe(201);
    expect(await estimate(owner, 1)).toMatchObject({ allowed: false, budget_left_usd: 0, overage_usd: 0.5 });

    const refused = await createCall(owner);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('budget_reached');
    expect(refused.json().error.message).toMatch(
      /^Your \$1\.00 monthly budget for extra calls is used up: this extra call would cost \$0\.50\. Raise the budget in Settings → Billing, or wait for your next billing month on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/,
    );
    expect(refused.json().error.details).toMatchObject({
      monthly_budget_usd: 1,
      budget_left_usd: 0,
      overage_usd: 0.5,
    });
    expect(await billing(owner)).toMatchObject({ calls_used: 100 + 2, overage_usd: 1, budget_left_usd: 0 });

    // A raised budget lets one more through; a batch that would pass it is refused as a whole.
    expect((await setBudget(owner, 1.5)).statusCode).toBe(200);
    const batch = await t.app.inject({
      method: 'POST',
      url: '/v1/calls/batch',
      headers: owner.headers,
      payload: {
        calls: [1, 2].map(() => ({ phone: nextPhone(), message: 'Hello', scheduled_at: tomorrow() })),
      },
    });
    expect(batch.statusCode).toBe(402);
    expect(batch.json().error.message).toMatch(
      /^These 2 extra calls would cost \$1\.00, more than the \$0\.50 left of your \$1\.50 monthly budget/,
    );
    expect((await createCall(owner)).statusCode).toBe(201);

    // No cap: extra calls go through again.
    const removed = await setBudget(owner, null);
    expect(removed.json()).toMatchObject({ monthly_budget_usd: null, budget_left_usd: null });
    expect((await createCall(owner)).statusCode).toBe(201);
    expect((await billing(owner)).overage_usd).toBe(2);
  });

  it('of zero allows the plan’s own calls', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    expect((await setBudget(owner, 0)).statusCode).toBe(200);
    expect((await createCall(owner)).statusCode).toBe(201);
    expect(await estimate(owner, 499)).toMatchObject({ allowed: true, overage_calls: 0 });
    expect(await estimate(owner, 500)).toMatchObject({ allowed: false, overage_calls: 1 });
  });

  it('is checked: not negative, dollars and cents', async () => {
    const owner = await signedInUser(t, { plan: 'starter' });
    for (const [value, message] of [
      [-1, 'monthly_budget_usd: The budget cannot be negative'],
      [1.234, 'monthly_budget_usd: Use dollars and cents (at most two decimals)'],
      ['ten', 'monthly_budget_usd: Enter an amount in dollars, or null for no cap'],
    ] as const) {
      const res = await setBudget(owner, value);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });

  it('holds against parallel requests: the account row is locked while calls are counted and charged', async () => {
    const owner = await signedInUser(t, { plan: 'starter' });
    await callsMadeEarlier(owner, 100);
    expect((await setBudget(owner, 2)).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 10 }, () => createCall(owner)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 402, 402, 402, 402, 402, 402]);
    expect(
      answers
        .filter((res) => res.statusCode === 402)
        .every((res) => res.json().error.code === 'budget_reached'),
    ).toBe(true);
    const history = (await charges(owner)).data;
    expect(history.filter((charge) => charge.kind === 'overage')).toHaveLength(4);
    expect(history.reduce((sum, charge) => sum + charge.amount_usd, 0)).toBe(2);
  });
});

describe('changing plan', () => {
  it('charges a full month, starts a new billing month and records the charge', async () => {
    const owner = await signedInUser(t);
    await callsMadeEarlier(owner, 4);
    const before = Date.now();
    const res = await changePlan(owner, 'professional');
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    expect(summary).toMatchObject({
      plan: 'professional',
      plan_name: 'Professional',
      price_usd: 79,
      calls_included: 500,
      calls_used: 0,
      calls_left: 500,
    });
    const start = new Date(summary.period_start).getTime();
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    const end = new Date(summary.period_end);
    const expectedEnd = new Date(start);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 1);
    // Same day of the next month (or that month's last day).
    expect(end.getTime()).toBeLessThanOrEqual(expectedEnd.getTime());
    expect(end.getTime() - start).toBeGreaterThanOrEqual(28 * 86_400_000);

    const [charge] = (await charges(owner)).data as Array<Record<string, unknown>>;
    expect(charge).toMatchObject({ kind: 'subscription', amount_usd: 79, call_id: null });
    expect(charge?.description).toMatch(
      /^Professional plan, [A-Z][a-z]{2} \d{1,2}, \d{4} – [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    expect(charge?.provider_ref).toMatch(/^local_[0-9a-f]{16}$/);

    const me = await t.app.inject({ url: '/v1/me', headers: owner.headers });
    expect(me.json().account.plan).toBe('professional');

    const again = await changePlan(owner, 'professional');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You are already on the Professional plan.');
    const trial = await changePlan(owner, 'trial');
    expect(trial.statusCode).toBe(400);
    expect(trial.json().error.message).toBe('plan: Choose starter, professional or enterprise');

    expect((await changePlan(owner, 'starter')).json()).toMatchObject({
      plan: 'starter',
      calls_included: 100,
    });
    expect((await charges(owner)).data.map((row) => [row.kind, row.amount_usd])).toEqual([
      ['subscription', 29],
      ['subscription', 79],
    ]);
  });
});

describe('API access follows the plan', () => {
  it('refuses keys on Starter at once after a downgrade, and key management with the session', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const key = await createApiKey(t, owner);
    expect((await t.app.inject({ url: '/v1/calls', headers: key.headers })).statusCode).toBe(200);
    expect((await estimate(key, 2)).included_left).toBe(500);

    expect((await changePlan(owner, 'starter')).statusCode).toBe(200);
    const refused = await t.app.inject({ url: '/v1/calls', headers: key.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'plan_upgrade_required',
      message:
        'API access is not included in the Starter plan. Upgrade to Professional or Enterprise to use API keys.',
    });
    const create = await t.app.inject({
      method: 'POST',
      url: '/v1/api-keys',
      headers: owner.headers,
      payload: { name: 'Another' },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().error.code).toBe('plan_upgrade_required');

    expect((await changePlan(owner, 'enterprise')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/v1/calls', headers: key.headers })).statusCode).toBe(200);
  });

  it('never lets a key manage billing', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const key = await createApiKey(t, owner);
    for (const [method, url, payload] of [
      ['GET', '/v1/billing', undefined],
      ['GET', '/v1/billing/charges', undefined],
      ['POST', '/v1/billing/plan', { plan: 'enterprise' }],
      ['PATCH', '/v1/billing/budget', { monthly_budget_usd: 5 }],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: key.headers, payload });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('session_required');
    }
    expect((await billing(owner)).plan).toBe('professional');
  });
});

describe('isolation', () => {
  it('shows each account only its own usage and charges', async () => {
    const mine = await signedInUser(t, { plan: 'starter' });
    const theirs = await signedInUser(t, { plan: 'starter' });
    await callsMadeEarlier(mine, 100);
    const call = await createCall(mine);
    expect(call.statusCode).toBe(201);
    expect((await changePlan(theirs, 'enterprise')).statusCode).toBe(200);

    expect((await charges(mine)).data.map((row) => row.kind)).toEqual(['overage']);
    expect((await charges(theirs)).data.map((row) => row.kind)).toEqual(['subscription']);
    expect(await billing(theirs)).toMatchObject({ calls_used: 0, overage_usd: 0 });
    expect(await billing(mine)).toMatchObject({ plan: 'starter', calls_used: 101, overage_usd: 0.5 });

    // Another account's call answers 404, and nothing is refunded.
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/v1/calls/${call.json().id}/cancel`,
      headers: theirs.headers,
    });
    expect(cancel.statusCode).toBe(404);
    expect((await charges(mine)).data).toHaveLength(1);
    expect((await charges(theirs)).data).toHaveLength(1);
  });
});
