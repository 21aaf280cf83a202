import { AUDIT_ACTIONS, type AuditEvent } from '@callwise/shared/schemas/audit-log';
import { fieldError, operationExamples, pageOf } from '../../http/operation-examples.ts';

/**
 * An event of the audit log (test/openapi-example-account.ts inserts it): the owner moved the account to
 * Professional.
 */
export const EXAMPLE_AUDIT_EVENT: AuditEvent = {
  id: 'f0e1d2c3-b4a5-4968-8776-a5b4c3d2e101',
  action: 'plan.changed',
  summary: 'Changed the plan from Starter to Professional',
  actor_type: 'user',
  actor: 'owner@harbordental.example',
  target_type: 'account',
  target_id: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d01',
  details: { from: 'starter', to: 'professional', price_usd: 79 },
  ip: '203.0.113.24',
  created_at: '2026-03-02T09:15:00.000Z',
};

/** The examples of each operation, beside its route in audit-log.routes.ts. */
export const AUDIT_LOG_EXAMPLES = operationExamples({
  /** GET /v1/audit-log */
  listAuditLog: [
    {
      name: 'plan_changes',
      summary: 'The plan changes of the account',
      query: { action: 'plan.changed', limit: 25 },
      status: 200,
      response: pageOf([EXAMPLE_AUDIT_EVENT]),
    },
    {
      name: 'bad_action',
      summary: 'A kind of event the log does not have',
      query: { action: 'coffee.made' },
      status: 400,
      response: fieldError(
        'action',
        `Invalid option: expected one of ${AUDIT_ACTIONS.map((action) => `"${action}"`).join('|')}`,
      ),
    },
  ],
  /** GET /v1/audit-log/export.csv */
  downloadAuditLogAsCsv: [
    {
      name: 'everything',
      summary: 'The whole audit log as CSV',
      status: 200,
      response:
        'created_at,actor,actor_type,action,summary,target_type,target_id,ip\r\n' +
        '2026-03-02T09:15:00.000Z,owner@harbordental.example,user,plan.changed,Changed the plan from Starter to Professional,account,0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d01,203.0.113.24\r\n',
    },
  ],
});
