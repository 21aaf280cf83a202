import { fieldError, operationExamples } from '../../http/operation-examples.ts';

/** The examples of each operation, beside its route in text-settings.routes.ts. */
export const TEXT_SETTINGS_EXAMPLES = operationExamples({
  /** GET /v1/text-settings */
  getTextsAfterCalls: [
    {
      name: 'defaults',
      summary: 'A new account’s: reminders followed by a text, missed calls answered',
      status: 200,
      response: {
        follow_up_call_types: ['appointment-reminder'],
        follow_up_text:
          'Hi {{first_name}}, {{business_name}} tried to call you. Reply C to confirm your appointment, R to pick a new time.',
        missed_call_text_back: true,
        missed_call_text:
          'Sorry we missed your call to {{business_name}}. Reply here and we will get back to you, or call us again.',
      },
    },
  ],
  /** PUT /v1/text-settings */
  changeTextsAfterCalls: [
    {
      name: 'follow_ups_too',
      summary: 'Follow-up calls get a text too, with shorter words',
      body: {
        follow_up_call_types: ['appointment-reminder', 'follow-up'],
        follow_up_text: 'Hi {{first_name}}, sorry we missed you. Reply here or call {{business_name}} back.',
      },
      status: 200,
      response: {
        follow_up_call_types: ['appointment-reminder', 'follow-up'],
        follow_up_text: 'Hi {{first_name}}, sorry we missed you. Reply here or call {{business_name}} back.',
        missed_call_text_back: true,
        missed_call_text:
          'Sorry we missed your call to {{business_name}}. Reply here and we will get back to you, or call us again.',
      },
    },
    {
      name: 'unknown_variable',
      summary: 'A variable texts do not have',
      body: { follow_up_text: 'Dear {{last_name}}, we called.' },
      status: 400,
      response: fieldError('follow_up_text', 'Use only {{first_name}}, {{name}} and {{business_name}}.'),
    },
  ],
});
