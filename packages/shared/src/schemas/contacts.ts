import { z } from 'zod';

export const CONSENT_LEVELS = ['none', 'informational', 'marketing'] as const;
export type ConsentLevel = (typeof CONSENT_LEVELS)[number];

const tag = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[^,;]+$/, 'Tags cannot contain commas or semicolons');

export const contactSchema = z.object({
  id: z.uuid().describe('The contact’s id'),
  name: z.string().describe('Full name; fills {{name}} in a call to the contact'),
  first_name: z
    .string()
    .nullable()
    .describe('First name for {{first_name}}; null: the first word of the name is used'),
  last_name: z
    .string()
    .nullable()
    .describe('Last name for {{last_name}}; null: the name after its first word is used'),
  phone: z.string().describe('E.164, e.g. +12025550100; unique in the account'),
  email: z.string().describe('E-mail address'),
  company: z.string().describe('Company; fills {{company}}'),
  tags: z.array(z.string()).describe('Labels to group contacts by'),
  timezone: z.string().nullable().describe('IANA time zone; derived from the number when not given'),
  consent: z
    .enum(CONSENT_LEVELS)
    .describe('What the contact agreed to: none, informational calls, or marketing (promotional) calls'),
  consent_at: z.iso.datetime().nullable().describe('When consent was given (or recorded)'),
  consent_source: z
    .string()
    .nullable()
    .describe(
      'How consent was given or recorded, e.g. "Signed the intake form", "Import: clients.csv", "Bulk edit"',
    ),
  consent_recorded_by: z
    .string()
    .nullable()
    .describe('Who recorded the consent: the e-mail of the user, or "API key" for an integration'),
  existing_customer: z
    .boolean()
    .describe('An existing customer: reminders and confirmations may be sent without recorded consent'),
  created_at: z.iso.datetime().describe('When the contact was added'),
  updated_at: z.iso.datetime().describe('When the contact last changed'),
});
export type Contact = z.infer<typeof contactSchema>;

export const createContactInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(200).describe('Full name'),
    first_name: z
      .string()
      .trim()
      .max(100)
      .nullable()
      .optional()
      .describe('First name for {{first_name}}, when not the first word of the name; empty or null: derived'),
    last_name: z
      .string()
      .trim()
      .max(100)
      .nullable()
      .optional()
      .describe('Last name for {{last_name}}, when not the rest of the name; empty or null: derived'),
    phone: z
      .string()
      .trim()
      .min(1, 'Phone is required')
      .max(40)
      .describe('Phone number: E.164, or national for the account’s country'),
    email: z
      .string()
      .trim()
      .min(1, 'Email is required')
      .max(254)
      .pipe(z.email('Enter a valid e-mail address'))
      .describe('E-mail address'),
    company: z.string().trim().min(1, 'Company is required').max(200).describe('Company'),
    tags: z.array(tag).max(20).optional().describe('Up to 20 labels (no commas or semicolons)'),
    timezone: z
      .string()
      .trim()
      .max(64)
      .nullable()
      .optional()
      .describe('IANA time zone, e.g. America/Chicago; derived from the number when absent'),
    consent: z
      .enum(CONSENT_LEVELS)
      .optional()
      .describe('none, informational or marketing (promotional calls need marketing)'),
    consent_at: z.iso.datetime().nullable().optional().describe('When consent was given'),
    consent_source: z.string().trim().max(200).nullable().optional().describe('How consent was given'),
    existing_customer: z
      .boolean()
      .optional()
      .describe('An existing customer (reminders and confirmations allowed without recorded consent)'),
  })
  .strict();
export type CreateContactInput = z.infer<typeof createContactInputSchema>;

export const updateContactInputSchema = createContactInputSchema.partial().strict();
export type UpdateContactInput = z.infer<typeof updateContactInputSchema>;

export const listContactsQuerySchema = z.object({
  q: z.string().trim().max(200).optional().describe('Search name, phone, e-mail and company'),
  tag: z.string().trim().max(40).optional().describe('Only contacts with this tag'),
});
export type ContactListFilter = z.infer<typeof listContactsQuerySchema>;

/** How many contacts a bulk action can name by id; a filter reaches any number. */
export const MAX_BULK_IDS = 1000;
export const BULK_ACTIONS = ['set_consent', 'add_tag', 'remove_tag', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const bulkContactsInputSchema = z
  .object({
    ids: z
      .array(z.uuid({ error: 'is not a contact id' }))
      .min(1, 'Name at least one contact')
      .max(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} contacts at once: use a filter for more`)
      .optional()
      .describe(`The contacts, by id (at most ${MAX_BULK_IDS}); ids of other accounts change nothing`),
    filter: listContactsQuerySchema
      .strict()
      .optional()
      .describe('Instead of ids: every contact the list shows with these filters ({} for all of them)'),
    action: z
      .enum(BULK_ACTIONS, { error: 'Choose set_consent, add_tag, remove_tag or delete' })
      .describe(
        'set_consent (consent and existing_customer, recorded as "Bulk edit" by the caller), add_tag, ' +
          'remove_tag, or delete (their calls stay in the history)',
      ),
    consent: z.enum(CONSENT_LEVELS).optional().describe('set_consent: none, informational or marketing'),
    existing_customer: z
      .boolean()
      .optional()
      .describe('set_consent: whether they are existing customers (unchanged when absent)'),
    tag: tag.optional().describe('add_tag, remove_tag: the tag'),
  })
  .strict()
  .superRefine((input, context) => {
    if ((input.ids === undefined) === (input.filter === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['ids'],
        message: 'Give either ids or a filter (one of the two)',
      });
    }
    if (input.action === 'set_consent' && input.consent === undefined) {
      context.addIssue({ code: 'custom', path: ['consent'], message: 'Choose the consent to set' });
    }
    if ((input.action === 'add_tag' || input.action === 'remove_tag') && input.tag === undefined) {
      context.addIssue({ code: 'custom', path: ['tag'], message: 'Choose the tag' });
    }
  });
export type BulkContactsInput = z.infer<typeof bulkContactsInputSchema>;

export const bulkContactsResultSchema = z.object({
  action: z.enum(BULK_ACTIONS).describe('The action done'),
  matched: z.number().int().describe('Contacts of the account the ids or the filter named'),
  changed: z
    .number()
    .int()
    .describe('Contacts that changed (those that already had the consent or tag are not counted)'),
});
export type BulkContactsResult = z.infer<typeof bulkContactsResultSchema>;

export const contactTagsSchema = z.object({
  data: z
    .array(
      z.object({
        tag: z.string().describe('The tag'),
        count: z.number().int().describe('How many contacts carry it'),
      }),
    )
    .describe('Tags in use, most used first'),
});
