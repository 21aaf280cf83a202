import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './pagination.ts';

/** How long the audit log keeps an event: a year, then it is deleted (the daily maintenance job). */
export const AUDIT_RETENTION_DAYS = 365;

/**
 * What the audit log records, with the words the app shows for each kind (its filter). An event's own sentence
 * (`summary`) says what exactly was done.
 */
export const AUDIT_ACTION_LABELS = {
  'session.signed_in': 'Signed in',
  'password.changed': 'Password changed',
  'email.change_requested': 'E-mail change requested',
  'two_factor.enabled': 'Two-factor sign-in turned on',
  'two_factor.disabled': 'Two-factor sign-in turned off',
  'two_factor.recovery_codes_created': 'Recovery codes created',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'plan.changed': 'Plan changed',
  'budget.changed': 'Monthly budget changed',
  'payment.failed': 'Payment failed',
  'payment.recovered': 'Payment received after a failure',
  'calling_rules.changed': 'Calling rules changed',
  'contacts.deleted': 'Contacts deleted',
  'recording.deleted': 'Recording deleted',
  'data.exported': 'Data exported',
  'member.invited': 'Member invited',
  'member.invitation_revoked': 'Invitation revoked',
  'member.joined': 'Member joined',
  'member.role_changed': 'Role changed',
  'member.removed': 'Member removed',
  'member.left': 'Member left',
  'member.ownership_transferred': 'Ownership transferred',
  'team.two_factor_requirement_changed': 'Two-factor requirement changed',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];

export const auditEventSchema = z.object({
  id: z.uuid().describe('The event’s id'),
  action: z.enum(AUDIT_ACTIONS).describe('What kind of thing was done'),
  summary: z.string().describe('What was done, in a sentence (e.g. "Created the API key “Zapier”")'),
  actor_type: z
    .enum(['user', 'api_key', 'provider'])
    .describe(
      'Who did it: a signed-in user, an API key, or the payment provider (Stripe, through its webhooks)',
    ),
  actor: z.string().describe('The user’s e-mail address, the API key’s name, or "Stripe"'),
  target_type: z
    .string()
    .nullable()
    .describe('What it was done to: api_key, call, contact, account, user, factor, invitation, or null'),
  target_id: z.string().nullable().describe('The id of what it was done to, when it has one'),
  details: z
    .record(z.string(), z.unknown())
    .describe(
      'Particulars: the plan before and after, the rules changed, how many contacts, what was exported',
    ),
  ip: z.string().nullable().describe('The address the request came from'),
  created_at: z.iso.datetime().describe('When it was done'),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
export const auditEventListSchema = pageSchema(auditEventSchema);

export const listAuditEventsQuerySchema = pageQuerySchema.extend({
  action: z.enum(AUDIT_ACTIONS).optional().describe('Only events of this kind'),
});
export type ListAuditEventsQuery = z.infer<typeof listAuditEventsQuerySchema>;

export const exportAuditEventsQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional().describe('Only events of this kind; without it, every event'),
});

/** The columns of the CSV export, in order. */
export const AUDIT_EXPORT_COLUMNS = [
  'created_at',
  'actor',
  'actor_type',
  'action',
  'summary',
  'target_type',
  'target_id',
  'ip',
] as const;
