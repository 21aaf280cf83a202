import { EXAMPLE_IDS, operationExamples } from '../../http/operation-examples.ts';

/** The examples of each operation, beside its route in simulator.routes.ts. */
export const SIMULATOR_EXAMPLES = operationExamples({
  /** POST /v1/simulator/inbound-messages */
  sendSimulatedText: [
    {
      name: 'help',
      summary: 'A customer texts HELP; the business’s answer follows as its own text',
      body: { from: '+13125550142', body: 'HELP' },
      status: 201,
      response: {
        provider_message_id: 'SM0123456789abcdef0123456789abcdef',
        from: '+13125550142',
        to: '+12125550142',
      },
    },
  ],
  /** POST /v1/simulator/inbound-calls */
  placeSimulatedCall: [
    {
      name: 'parking',
      summary: 'A caller asks where to park, then says that is all',
      body: {
        from: '+13125550142',
        inputs: [{ speech: 'Where can I park?' }, { speech: 'No, that is all, thanks.' }],
      },
      status: 201,
      response: { call_id: EXAMPLE_IDS.call, from: '+13125550142', to: '+12125550142' },
    },
  ],
});
