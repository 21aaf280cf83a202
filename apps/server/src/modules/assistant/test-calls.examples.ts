import type { TestCall } from '@callwise/shared/schemas/test-calls';
import { EXAMPLE_IDS, fieldError, operationExamples } from '../../http/operation-examples.ts';

/** A call to the assistant taken in the browser, answered, before the caller's first answer. */
export const EXAMPLE_TEST_CALL: TestCall = {
  call_id: EXAMPLE_IDS.testCall,
  from: '+13125550142',
  status: 'in-progress',
  outcome: null,
  listening: true,
  transfer_to: null,
  lines: [
    {
      speaker: 'ai',
      text: 'Thank you for calling Harbor Dental. This is the automated assistant. You can ask me a question, leave a message, or press 0 to talk to someone.',
    },
  ],
};

/** The examples of each operation, beside its route in test-calls.routes.ts. */
export const TEST_CALLS_EXAMPLES = operationExamples({
  /** POST /v1/assistant/test-calls */
  startTestCall: [
    {
      name: 'call',
      summary: 'Call the assistant from a number it does not know',
      body: { from: '+13125550142' },
      status: 201,
      response: { ...EXAMPLE_TEST_CALL, call_id: EXAMPLE_IDS.call },
    },
    {
      name: 'bad_number',
      summary: 'A number that is not a phone number',
      body: { from: 'front desk' },
      status: 400,
      response: fieldError('from', '"front desk" is not a phone number.'),
    },
  ],
  /** GET /v1/assistant/test-calls/{id} */
  getTestCall: [
    {
      name: 'waiting',
      summary: 'Answered, waiting for the caller’s first answer',
      params: { id: EXAMPLE_IDS.testCall },
      status: 200,
      response: EXAMPLE_TEST_CALL,
    },
    {
      name: 'missing',
      summary: 'A call that is not a test call of this account',
      params: { id: EXAMPLE_IDS.missing },
      status: 404,
      response: { error: { code: 'not_found', message: 'No such test call.' } },
    },
  ],
  /** POST /v1/assistant/test-calls/{id}/answers */
  answerAssistant: [
    {
      name: 'question',
      summary: 'The caller asks something the assistant has no answer for: it offers to take a message',
      params: { id: EXAMPLE_IDS.testCall },
      body: { turn: 1, speech: 'Do you sell gift cards?' },
      status: 200,
      response: {
        ...EXAMPLE_TEST_CALL,
        lines: [
          ...EXAMPLE_TEST_CALL.lines,
          { speaker: 'callee', text: 'Do you sell gift cards?' },
          {
            speaker: 'ai',
            text: "I'm sorry, I don't have the answer to that. Please leave a short message after the tone, and they will call you back.",
          },
        ],
      },
    },
    {
      name: 'both',
      summary: 'Words and keys in one answer',
      params: { id: EXAMPLE_IDS.testCall },
      body: { turn: 1, speech: 'Yes', digits: '1' },
      status: 400,
      response: fieldError('digits', 'Say something or press keys, not both'),
    },
  ],
  /** POST /v1/assistant/test-calls/{id}/hang-up */
  hangUpTestCall: [
    {
      name: 'hang_up',
      summary: 'The caller hangs up',
      params: { id: EXAMPLE_IDS.testCall },
      status: 200,
      response: { ...EXAMPLE_TEST_CALL, status: 'completed', listening: false },
    },
  ],
  /** GET /v1/assistant/test-calls/{id}/lines/{index}/audio */
  hearTestCallLine: [
    {
      name: 'greeting',
      summary: 'The greeting, in the call’s voice',
      params: { id: EXAMPLE_IDS.testCall, index: '0' },
      status: 200,
    },
    {
      name: 'no_line',
      summary: 'A line the assistant did not say',
      params: { id: EXAMPLE_IDS.testCall, index: '1' },
      status: 404,
      response: { error: { code: 'not_found', message: 'No such line of the assistant.' } },
    },
  ],
});
