import { type AssistantSettingsInput, DEFAULT_ASSISTANT_SETTINGS } from '@callwise/shared/schemas/assistant';
import { fieldError, operationExamples } from '../../http/operation-examples.ts';

/** A clinic's assistant: the front desk, and two questions callers ask. */
export const EXAMPLE_ASSISTANT_INPUT = {
  greeting: 'Thank you for calling {{business_name}}. This is the automated assistant.',
  transfer_number: '(202) 555-0199',
  transfer_ring_seconds: 20,
  knowledge: [
    { topic: 'parking', question: 'Where can I park?', answer: 'There is free parking behind the building.' },
    { topic: 'prices', question: 'How much is a cleaning?', answer: 'A cleaning is 120 dollars.' },
  ],
} satisfies AssistantSettingsInput;

/** The examples of each operation, beside its route in assistant.routes.ts. */
export const ASSISTANT_EXAMPLES = operationExamples({
  /** GET /v1/assistant */
  getAssistantSettings: [
    {
      name: 'defaults',
      summary: 'An account that never changed them, with the fictional number the simulated carrier gave it',
      status: 200,
      response: { ...DEFAULT_ASSISTANT_SETTINGS, business_number: '+12125550142', updated_at: null },
    },
  ],
  /** PUT /v1/assistant */
  replaceAssistantSettings: [
    {
      name: 'clinic',
      summary: 'Put callers through to the front desk; answer parking and price questions',
      body: EXAMPLE_ASSISTANT_INPUT,
      status: 200,
      response: {
        ...EXAMPLE_ASSISTANT_INPUT,
        transfer_number: '+12025550199',
        business_number: '+12125550142',
        updated_at: '2026-03-01T17:00:00.000Z',
      },
    },
    {
      name: 'bad_transfer_number',
      summary: 'A transfer number that is not a phone number',
      body: { ...EXAMPLE_ASSISTANT_INPUT, transfer_number: 'front desk' },
      status: 400,
      response: fieldError('transfer_number', '"front desk" is not a phone number.'),
    },
  ],
});
