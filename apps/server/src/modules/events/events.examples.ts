import { EXAMPLE_IDS, operationExamples } from '../../http/operation-examples.ts';

/** The examples of each operation, beside its route in events.routes.ts. */
export const EVENTS_EXAMPLES = operationExamples({
  /** GET /v1/events */
  liveCallChanges: [
    {
      name: 'stream',
      summary: 'The stream opens with a retry hint; then one event per change',
      status: 200,
      response: `retry: 3000\n: connected\n\nevent: call\ndata: {"id":"${EXAMPLE_IDS.scheduledCall}","status":"queued","outcome":null,"version":2}\n\n`,
    },
  ],
});
