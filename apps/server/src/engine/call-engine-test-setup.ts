import type { CallEvent } from '@callwise/shared/schemas/calls';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../test/helper.ts';

// What the call engine tests share: a server with the engine on the fast simulator, a signed-in user on the
// professional plan, and calls made through the API and waited for.

export let t: TestApp;
export type User = Awaited<ReturnType<typeof signedInUser>>;
export let user: User;

const TERMINAL = ['completed', 'busy', 'no-answer', 'failed', 'canceled'];

export function createCall(owner: User, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/v1/calls', headers: owner.headers, payload: body });
}

export async function waitForEnd(owner: User, id: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const call = (await t.app.inject({ url: `/v1/calls/${id}`, headers: owner.headers })).json();
    // A busy or unanswered call goes back to scheduled for its retry: only a final status with no retry ends it.
    if (TERMINAL.includes(call.status)) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      const again = (await t.app.inject({ url: `/v1/calls/${id}`, headers: owner.headers })).json();
      if (again.status === call.status && again.version === call.version) return again;
      if (TERMINAL.includes(again.status)) return again;
    }
    if (Date.now() > deadline) throw new Error(`call ${id} did not end: ${JSON.stringify(call)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The statuses a call went through, as the live event stream told them (repeats folded). */
export function recordStatuses(accountId: string) {
  const byCall = new Map<string, string[]>();
  const unsubscribe = t.services.events.subscribe(accountId, (event: CallEvent) => {
    const list = byCall.get(event.id) ?? [];
    if (list.at(-1) !== event.status) list.push(event.status);
    byCall.set(event.id, list);
  });
  return { byCall, unsubscribe };
}

/** Starts what the tests need before them and stops it after them: call it once at the top of a test file. */
export function useCallEngineApp(): void {
  beforeAll(async () => {
    t = await buildTestApp({
      engine: true,
      env: {
        SIMULATOR_SPEED: '200',
        CALL_RETRY_DELAY_SECONDS: '1',
        CALL_RATE_PER_MINUTE_USD: '0.05',
        FAILURE_ALERT_WINDOW_SECONDS: '1',
      },
    });
    user = await signedInUser(t, { plan: 'professional' });
  });
  afterAll(async () => {
    await t.close();
  });
}
