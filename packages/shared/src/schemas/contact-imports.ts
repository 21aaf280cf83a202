import { z } from 'zod';

export const IMPORT_FIELDS = [
  'name',
  'first_name',
  'last_name',
  'phone',
  'email',
  'company',
  'tags',
] as const;
export const REQUIRED_IMPORT_FIELDS = ['name', 'phone', 'email', 'company'] as const;
/** About 20 MB of CSV: well over 100,000 contacts. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

export const createContactImportInputSchema = z
  .object({
    file_name: z.string().trim().min(1).max(200).describe('The file’s name, shown in the import list'),
    csv: z
      .string()
      .min(1, 'The file is empty.')
      .max(MAX_IMPORT_BYTES, 'The file is larger than 20 MB.')
      .describe('The CSV text, with a header row'),
    mapping: z
      .object({
        name: z.string().min(1, 'Choose the column with names').describe('The column with names'),
        first_name: z
          .string()
          .optional()
          .describe('The column with first names, when the names’ first words are not (for {{first_name}})'),
        last_name: z
          .string()
          .optional()
          .describe('The column with last names, when the rest of the names is not (for {{last_name}})'),
        phone: z
          .string()
          .min(1, 'Choose the column with phone numbers')
          .describe('The column with phone numbers'),
        email: z
          .string()
          .min(1, 'Choose the column with e-mail addresses')
          .describe('The column with e-mail addresses'),
        company: z.string().min(1, 'Choose the column with companies').describe('The column with companies'),
        tags: z.string().optional().describe('The column with tags (separated by ; or ,)'),
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
  id: z.uuid().describe('The import’s id'),
  status: z
    .enum(['queued', 'running', 'completed', 'failed'])
    .describe('queued, running, completed or failed'),
  file_name: z.string().describe('The file’s name'),
  duplicates: z.enum(['skip', 'merge']).describe('What happens to a number the account already has'),
  total_rows: z.number().int().describe('Data rows in the file'),
  processed_rows: z.number().int().describe('Rows handled so far'),
  created: z.number().int().describe('Contacts created'),
  merged: z.number().int().describe('Existing contacts updated (merge mode)'),
  skipped: z.number().int().describe('Numbers already in the account (skip mode) or repeated in the file'),
  failed: z.number().int().describe('Rows that could not be imported'),
  errors: z
    .array(
      z.object({
        line: z.number().int().describe('The line in the file'),
        reason: z.string().describe('What is wrong with it'),
      }),
    )
    .describe('The first 100 problem rows'),
  created_at: z.iso.datetime().describe('When the import was started'),
  finished_at: z.iso.datetime().nullable().describe('When it finished'),
});
export type ContactImport = z.infer<typeof contactImportSchema>;
