/**
 * Named places in the call engine where a process may die, for the crash-point tests (decision 008). With
 * `CRASH_AT=<point>` (or `<point>@<n>`: the n-th time it is reached) the process kills itself with SIGKILL
 * there — no shutdown, no flush, exactly as `kill -9` would. Only under NODE_ENV=test: the configuration refuses
 * CRASH_AT anywhere else.
 */
export const CRASH_POINTS = {
  'dispatch.after-claim': 'due calls claimed (queued, with a deadline), the carrier not asked yet',
  'dispatch.after-carrier-accepted':
    'the carrier accepted the calls, our record of the placement not written',
  'dispatch.after-mark-placed': 'the placement recorded, before anything else',
  'carrier.mid-batch': 'the carrier accepted part of a batch (the simulator: some calls of it driven)',
  'status.before-apply': 'a status report arrived, nothing of it applied',
  'status.between-status-and-retry':
    'a busy or unanswered status written, its retry not yet (inside their transaction)',
  'status.after-apply': 'a status report applied (with its retry), before the failure alert',
  'simulator.after-ring': 'the simulated phone rang, the ringing status not reported',
  'simulator.before-final-report': 'a simulated call ended at the carrier, its final status not reported',
  'simulator.takeover': "a crashed worker's calls taken over (leases renewed), not driven yet",
  'twilio.after-ledger-open': 'the request written to the carrier ledger, Twilio not asked',
  'twilio.after-request': 'Twilio accepted the call, its CallSid not written to the ledger',
  'sweep.after-lookup': 'the sweep asked the carrier about a quiet call, the answer not applied',
  'appointment-email.after-claim':
    'an appointment e-mail claimed (sending, committed), the mail provider not asked yet',
  'calendar-writeback.after-claim':
    'a calendar write-back claimed (sending, committed), the calendar not asked yet',
  'conversation.before-turn': "a callee's answer arrived for a new turn, nothing of it written",
  'conversation.after-turn-written': 'a turn written (takeCallTurn), its reply not yet given to the carrier',
  'message.after-claim': 'a text claimed (sending, committed), the carrier not asked yet',
  'message.after-send': 'the carrier took a text, `sent` not yet written',
  'stripe.webhook-before-commit':
    "a Stripe webhook's changes written (plan, payment status, invoice, the event's id), not committed",
  'billing.usage-after-report':
    'Stripe took the extra calls as meter events, their charges not yet marked reported',
} as const;

export type CrashPoint = keyof typeof CRASH_POINTS;

/** Parses `point` or `point@n`; the problem in words when it is not one. */
export function parseCrashAt(value: string): { point: CrashPoint; hits: number } | { problem: string } {
  const [name = '', count] = value.split('@');
  if (!(name in CRASH_POINTS)) {
    return {
      problem: `CRASH_AT names no crash point: ${name} (one of ${Object.keys(CRASH_POINTS).join(', ')})`,
    };
  }
  const hits = count === undefined ? 1 : Number(count);
  if (!Number.isInteger(hits) || hits < 1)
    return { problem: 'CRASH_AT: the count after @ must be 1 or more' };
  return { point: name as CrashPoint, hits };
}

let armed: { point: CrashPoint; remaining: number } | null = null;

/** Arms the crash point CRASH_AT names (called once at start with the checked configuration). */
export function armCrashPoint(value: string | undefined): void {
  if (!value) {
    armed = null;
    return;
  }
  const parsed = parseCrashAt(value);
  if ('problem' in parsed) throw new Error(parsed.problem);
  armed = { point: parsed.point, remaining: parsed.hits };
}

/** The process dies here when CRASH_AT names this point (after `weight` more of its hits). */
export function crashPoint(point: CrashPoint, weight = 1): void {
  if (armed === null || armed.point !== point) return;
  armed.remaining -= weight;
  if (armed.remaining <= 0) {
    process.stderr.write(`crash point reached: ${point}\n`);
    process.kill(process.pid, 'SIGKILL');
  }
}
