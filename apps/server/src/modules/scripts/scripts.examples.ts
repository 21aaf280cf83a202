import type { Script } from '@callwise/shared/schemas/scripts';
import { deletedExample, EXAMPLE_IDS, operationExamples, pageOf } from '../../http/operation-examples.ts';

/** Harbor Dental's cleaning reminder, with three variables. */
export const EXAMPLE_SCRIPT: Script = {
  id: EXAMPLE_IDS.script,
  title: 'Cleaning reminder',
  content: 'Hi {{name}}, this is Harbor Dental reminding you of your cleaning on {{date}} at {{time}}.',
  category: 'Reminder',
  variables: ['name', 'date', 'time'],
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
};

/** An order ready for pickup. */
export const EXAMPLE_OTHER_SCRIPT: Script = {
  ...EXAMPLE_SCRIPT,
  id: EXAMPLE_IDS.otherScript,
  title: 'Order ready',
  content: 'Hi {{name}}, your order is ready for pickup.',
  category: 'general',
  variables: ['name'],
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
};

/** The examples of each operation, beside its route in scripts.routes.ts. */
export const SCRIPTS_EXAMPLES = operationExamples({
  /** GET /v1/scripts */
  listCallScripts: [
    {
      name: 'reminders',
      summary: 'Scripts of the Reminder category',
      query: { category: 'Reminder' },
      status: 200,
      response: pageOf([EXAMPLE_SCRIPT]),
    },
  ],
  /** POST /v1/scripts */
  createCallScript: [
    {
      name: 'new_script',
      summary: 'A script with variables',
      body: {
        title: 'Follow-up',
        content: 'Hi {{name}}, how did your visit on {{date}} go?',
        category: 'Support',
      },
      status: 201,
      response: {
        ...EXAMPLE_SCRIPT,
        id: '6f5e4d3c-2b1a-4098-8765-43210fedcba9',
        title: 'Follow-up',
        content: 'Hi {{name}}, how did your visit on {{date}} go?',
        category: 'Support',
        variables: ['name', 'date'],
        created_at: '2026-03-03T09:30:00.000Z',
        updated_at: '2026-03-03T09:30:00.000Z',
      },
    },
  ],
  /** GET /v1/scripts/{id} */
  getCallScript: [
    {
      name: 'script',
      summary: 'A script',
      params: { id: EXAMPLE_IDS.script },
      status: 200,
      response: EXAMPLE_SCRIPT,
    },
  ],
  /** PATCH /v1/scripts/{id} */
  changeCallScript: [
    {
      name: 'retitle',
      summary: 'Change the title',
      params: { id: EXAMPLE_IDS.script },
      body: { title: 'Cleaning reminder (6 months)' },
      status: 200,
      response: {
        ...EXAMPLE_SCRIPT,
        title: 'Cleaning reminder (6 months)',
        updated_at: '2026-03-03T09:30:00.000Z',
      },
    },
  ],
  /** DELETE /v1/scripts/{id} */
  deleteCallScript: [deletedExample('delete', 'Delete a script', EXAMPLE_IDS.otherScript)],
  /** POST /v1/scripts/{id}/clone */
  copyCallScript: [
    {
      name: 'clone',
      summary: 'Copy a script',
      params: { id: EXAMPLE_IDS.script },
      status: 201,
      response: {
        ...EXAMPLE_SCRIPT,
        id: '6f5e4d3c-2b1a-4098-8765-43210fedcba8',
        title: 'Cleaning reminder (Copy)',
        created_at: '2026-03-03T09:30:00.000Z',
        updated_at: '2026-03-03T09:30:00.000Z',
      },
    },
  ],
});
