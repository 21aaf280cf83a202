import { z } from 'zod';

export const IMPORT_FIELDS = ['name', 'phone', 'email', 'company', 'tags'] as const;
export const REQUIRED_IMPORT_FIELDS = ['name', 'phone', 'email', 'company'] as const;
/** About 20 MB of CSV: well over 100,000 contacts. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

export const createContactImportInputSchema = z
  .object({
    file_name: z.string().trim().min(1).max(200),
    csv: z.string().min(1, 'The file is empty.').max(MAX_IMPORT_BYTES, 'The file is larger than 20 MB.'),
    mapping: z
      .object({
        name: z.string().min(1, 'Choose the column with names'),
        phone: z.string().min(1, 'Choose the column with phone numbers'),
        email: z.string().min(1, 'Choose the column with e-mail addresses'),
        company: z.string().min(1, 'Choose the column with companies'),
        tags: z.string().optional(),
      })
      .describe('Which column of the file (by its header) feeds each contact field'),
    duplicates: z
      .enum(['skip', 'merge'])
      .default('skip')
      .describe('What to do with a number the account already has'),
  })
  .strict();
export type CreateContactImportInput = z.infer<typeof createContactImportInputSchema>;

export const contactImportSchema = z.object({
  id: z.uuid(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  file_name: z.string(),
  duplicates: z.enum(['skip', 'merge']),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  created: z.number().int(),
  merged: z.number().int(),
  skipped: z.number().int().describe('Numbers already in the account (skip mode) or repeated in the file'),
  failed: z.number().int(),
  errors: z
    .array(z.object({ line: z.number().int(), reason: z.string() }))
    .describe('The first 100 problem rows'),
  created_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
});
export type ContactImport = z.infer<typeof contactImportSchema>;
