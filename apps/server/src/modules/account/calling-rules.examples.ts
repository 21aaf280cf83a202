import { fieldError, operationExamples } from '../../http/operation-examples.ts';

/** The examples of each operation, beside its route in calling-rules.routes.ts. */
export const CALLING_RULES_EXAMPLES = operationExamples({
  /** GET /v1/account/calling-rules */
  getCallingRules: [
    {
      name: 'rules',
      summary: 'The standard rules',
      status: 200,
      response: {
        calling_window_start: '08:00',
        calling_window_end: '21:00',
        daily_call_cap: 2,
        disclosure: 'This is an automated call from {{business_name}}.',
        business_name: 'Harbor Dental',
      },
    },
  ],
  /** PATCH /v1/account/calling-rules */
  changeCallingRules: [
    {
      name: 'office_hours',
      summary: 'Call only during office hours, once a day per person',
      body: { calling_window_start: '09:00', calling_window_end: '17:30', daily_call_cap: 1 },
      status: 200,
      response: {
        calling_window_start: '09:00',
        calling_window_end: '17:30',
        daily_call_cap: 1,
        disclosure: 'This is an automated call from {{business_name}}.',
        business_name: 'Harbor Dental',
      },
    },
    {
      name: 'too_late',
      summary: 'A window past 21:00',
      body: { calling_window_end: '22:00' },
      status: 400,
      response: fieldError(
        'calling_window_end',
        'Calls cannot go on after 21:00 in the recipient’s time. You can only narrow the window.',
      ),
    },
  ],
});
