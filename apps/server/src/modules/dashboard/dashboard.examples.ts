import { operationExamples } from '../../http/operation-examples.ts';
import { EXAMPLE_CALL } from '../calls/calls.examples.ts';

/** The first-run checklist of the examples' account: all done but a script. */
const CHECKLIST_STEPS = [
  { id: 'profile', done: true },
  { id: 'contacts', done: true },
  { id: 'script', done: false },
  { id: 'test_call', done: true },
  { id: 'upgrade', done: true },
];

/** The examples of each operation, beside its route in dashboard.routes.ts. */
export const DASHBOARD_EXAMPLES = operationExamples({
  /** GET /v1/dashboard */
  getDashboard: [
    {
      name: 'dashboard',
      summary: 'The dashboard’s numbers',
      status: 200,
      response: {
        total_calls: 2,
        success_rate: 100,
        scheduled_calls: 1,
        needs_attention: 0,
        average_duration: 27,
        contacts: 2,
        usage: { plan: 'professional', used: 3, included: 500, remaining: 497, percent: 1 },
        recent_calls: [EXAMPLE_CALL],
        daily: [{ date: '2026-03-02', completed: 1, failed: 0, other: 1 }],
        slots_refilled: 0,
        timezone: 'America/New_York',
        onboarding: {
          steps: CHECKLIST_STEPS,
          done: 4,
          total: 5,
          hidden: false,
        },
      },
    },
  ],
  /** PATCH /v1/dashboard/onboarding */
  hideOrShowChecklist: [
    {
      name: 'hide',
      summary: 'Hide the first-run checklist',
      body: { hidden: true },
      status: 200,
      response: {
        steps: CHECKLIST_STEPS,
        done: 4,
        total: 5,
        hidden: true,
      },
    },
  ],
});
