import { z } from 'zod';
import type { ConsentLevel } from './contacts.ts';

export const IMPORT_FIELDS = [
  'name',
  'first_name',
  'last_name',
  'phone',
  'email',
  'company',
  'tags',
  'consent',
  'existing_customer',
] as const;
export const REQUIRED_IMPORT_FIELDS = ['name', 'phone', 'email', 'company'] as const;
/**
 * What an import records for rows whose consent cells are empty: the user says it for the whole file.
 * existing_customer: customers who gave their number (reminders and confirmations allowed); informational:
 * they agreed to informational calls; none: nothing recorded yet.
 */
export const IMPORT_CONSENT_DEFAULTS = ['existing_customer', 'informational', 'none'] as const;
export type ImportConsentDefault = (typeof IMPORT_CONSENT_DEFAULTS)[number];

const CONSENT_WORDS: Readonly<Record<string, ConsentLevel>> = {
  none: 'none',
  'no consent': 'none',
  informational: 'informational',
  marketing: 'marketing',
};

/**
 * A consent cell: none, informational or marketing (any case); empty: the import's default. Anything else,
 * "yes" included (yes to what?), is the row's problem.
 */
export function parseConsentCell(
  text: string,
): { ok: true; value: ConsentLevel | null } | { ok: false; message: string } {
  const word = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (word === '') return { ok: true, value: null };
  const value = CONSENT_WORDS[word];
  if (value) return { ok: true, value };
  return { ok: false, message: `Consent "${text.trim()}" is not one of none, informational, marketing` };
}

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** An existing-customer cell: yes/no, true/false, 1/0 (any case); empty: the import's default. */
export function parseExistingCustomerCell(
  text: string,
): { ok: true; value: boolean | null } | { ok: false; message: string } {
  const word = text.trim().toLowerCase();
  if (word === '') return { ok: true, value: null };
  if (YES.has(word)) return { ok: true, value: true };
  if (NO.has(word)) return { ok: true, value: false };
  return { ok: false, message: `Existing customer "${text.trim()}" is not yes or no` };
}

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
        consent: z
          .string()
          .optional()
          .describe(
            'The column with consent: none, informational or marketing (any case; empty: consent_default)',
          ),
        existing_customer: z
          .string()
          .optional()
          .describe('The column saying whether each is an existing customer: yes/no, true/false, 1/0'),
      })
      .describe('Which column of the file (by its header) feeds each contact field'),
    duplicates: z
      .enum(['skip', 'merge'])
      .default('skip')
      .describe('What to do with a number the account already has'),
    consent_default: z
      .enum(IMPORT_CONSENT_DEFAULTS, {
        error: 'Choose what the contacts agreed to: existing_customer, informational or none',
      })
      .default('none')
      .describe(
        'For rows without consent cells: existing_customer (they gave you their number as customers: reminders ' +
          'and confirmations allowed), informational (they agreed to informational calls) or none (nothing recorded ' +
          'yet). Recorded with the source "Import: <file name>", the import’s time and who started it.',
      ),
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
  consent_default: z
    .enum(IMPORT_CONSENT_DEFAULTS)
    .describe('What rows without consent cells were recorded as: existing_customer, informational or none'),
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
