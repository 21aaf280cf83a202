import { fieldError, operationExamples } from '../../http/operation-examples.ts';

/** The examples of each operation, beside its route in business-number.routes.ts. */
export const BUSINESS_NUMBER_EXAMPLES = operationExamples({
  /** GET /v1/assistant/numbers */
  listTwilioNumbers: [
    {
      name: 'numbers',
      summary: 'The Twilio account’s numbers: this account’s, a free one, and another account’s',
      status: 200,
      response: {
        business_number: '+13125550141',
        numbers: [
          { phone_number: '+13125550141', friendly_name: '(312) 555-0141', state: 'yours', configured: true },
          { phone_number: '+13125550142', friendly_name: '(312) 555-0142', state: 'free', configured: false },
          { phone_number: '+13125550143', friendly_name: '(312) 555-0143', state: 'taken', configured: true },
        ],
      },
    },
  ],
  /** GET /v1/assistant/numbers/available */
  searchNumbersToBuy: [
    {
      name: 'chicago',
      summary: 'Numbers to buy in area code 312',
      query: { area_code: '312' },
      status: 200,
      response: {
        area_code: '312',
        numbers: [
          {
            phone_number: '+13125550190',
            friendly_name: '(312) 555-0190',
            locality: 'Chicago',
            region: 'IL',
          },
        ],
      },
    },
    {
      name: 'bad_area_code',
      summary: 'Not an area code',
      query: { area_code: '12' },
      status: 400,
      response: fieldError('area_code', 'Enter a 3-digit US area code, e.g. 312'),
    },
  ],
  /** PUT /v1/assistant/business-number */
  assignTwilioNumber: [
    {
      name: 'assign',
      summary: 'One of the Twilio account’s numbers, written as dialled',
      body: { phone_number: '(312) 555-0141' },
      status: 200,
      response: { business_number: '+13125550141', friendly_name: '(312) 555-0141', configured: true },
    },
    {
      name: 'not_in_twilio_account',
      summary: 'A number the Twilio account does not have',
      body: { phone_number: '+13125550999' },
      status: 400,
      response: fieldError('phone_number', '+13125550999 is not one of the Twilio account’s numbers.'),
    },
  ],
  /** POST /v1/assistant/numbers */
  buyTwilioNumber: [
    {
      name: 'buy',
      summary: 'Buy a number found by the search; it becomes the business number',
      body: { phone_number: '+13125550190' },
      status: 201,
      response: { business_number: '+13125550190', friendly_name: '(312) 555-0190', configured: true },
    },
    {
      name: 'sold',
      summary: 'A number that can no longer be bought',
      body: { phone_number: '+13125550199' },
      status: 409,
      response: {
        error: {
          code: 'conflict',
          message: 'phone_number: +13125550199 is no longer available to buy; search again and pick another.',
          details: [
            {
              field: 'phone_number',
              message: '+13125550199 is no longer available to buy; search again and pick another.',
            },
          ],
        },
      },
    },
  ],
});
