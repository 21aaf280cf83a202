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
  id: z.uuid(),
  name: z.string(),
  phone: z.string().describe('E.164, e.g. +12025550100'),
  email: z.string(),
  company: z.string(),
  tags: z.array(z.string()),
  timezone: z.string().nullable().describe('IANA time zone; derived from the number when not given'),
  consent: z.enum(CONSENT_LEVELS),
  consent_at: z.iso.datetime().nullable(),
  consent_source: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Contact = z.infer<typeof contactSchema>;

export const createContactInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(200),
    phone: z.string().trim().min(1, 'Phone is required').max(40),
    email: z
      .string()
      .trim()
      .min(1, 'Email is required')
      .max(254)
      .pipe(z.email('Enter a valid e-mail address')),
    company: z.string().trim().min(1, 'Company is required').max(200),
    tags: z.array(tag).max(20).optional(),
    timezone: z.string().trim().max(64).nullable().optional(),
    consent: z.enum(CONSENT_LEVELS).optional(),
    consent_at: z.iso.datetime().nullable().optional(),
    consent_source: z.string().trim().max(200).nullable().optional(),
  })
  .strict();
export type CreateContactInput = z.infer<typeof createContactInputSchema>;

export const updateContactInputSchema = createContactInputSchema.partial().strict();
export type UpdateContactInput = z.infer<typeof updateContactInputSchema>;

export const listContactsQuerySchema = z.object({
  q: z.string().trim().max(200).optional().describe('Search name, phone, e-mail and company'),
  tag: z.string().trim().max(40).optional().describe('Only contacts with this tag'),
});

export const contactTagsSchema = z.object({
  data: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});
