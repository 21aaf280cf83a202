import { z } from 'zod';

/** How a number came onto the list: added by hand, imported from a file, opted out on one of our calls or by text. */
export const DO_NOT_CALL_SOURCES = ['added', 'imported', 'opted_out', 'texted_stop', 'unsubscribed'] as const;
export type DoNotCallSource = (typeof DO_NOT_CALL_SOURCES)[number];

/** About 2 MB of CSV: some 50,000 numbers with notes. */
export const MAX_DO_NOT_CALL_IMPORT_BYTES = 2 * 1024 * 1024;
/** Numbers one import may list. */
export const MAX_DO_NOT_CALL_IMPORT_ROWS = 50_000;
/** How many refused rows an import answer lists (all are counted). */
export const MAX_DO_NOT_CALL_IMPORT_PROBLEMS = 100;
export const DO_NOT_CALL_NOTE_MAX_LENGTH = 200;

export const doNotCallEntrySchema = z.object({
  id: z.uuid().describe('The entry’s id'),
  phone: z.string().describe('The number, in E.164'),
  source: z
    .enum(DO_NOT_CALL_SOURCES)
    .describe(
      'added (by hand or through the API), imported (from a CSV file), opted_out (asked on a call), texted_stop (replied STOP to a text) or unsubscribed (the link in an e-mail)',
    ),
  note: z.string().nullable().describe('Why the number is listed, as written when it was added'),
  call_id: z.uuid().nullable().describe('The call on which the person opted out (source opted_out)'),
  created_at: z.iso.datetime().describe('When the number was listed'),
});
export type DoNotCallEntry = z.infer<typeof doNotCallEntrySchema>;

export const createDoNotCallInputSchema = z
  .object({
    phone: z
      .string()
      .trim()
      .min(1, 'Enter a phone number.')
      .max(40, 'That is too long to be a phone number.')
      .describe('The number: E.164, or national for the account’s country'),
    note: z
      .string()
      .trim()
      .max(
        DO_NOT_CALL_NOTE_MAX_LENGTH,
        `Keep the note to ${DO_NOT_CALL_NOTE_MAX_LENGTH} characters or fewer.`,
      )
      .nullable()
      .optional()
      .describe('Why the number is listed, e.g. "Asked by e-mail on 3 March"'),
  })
  .strict();
export type CreateDoNotCallInput = z.infer<typeof createDoNotCallInputSchema>;

export const addedDoNotCallEntrySchema = doNotCallEntrySchema.extend({
  already_listed: z
    .boolean()
    .describe(
      'True when the number was on the list already (the answer is then 200 with the existing entry)',
    ),
  canceled_calls: z
    .number()
    .int()
    .describe('How many scheduled or queued calls to the number were cancelled because of it'),
});
export type AddedDoNotCallEntry = z.infer<typeof addedDoNotCallEntrySchema>;

export const listDoNotCallQuerySchema = z.object({
  q: z.string().trim().max(200).optional().describe('Search the numbers (by any of their digits) and notes'),
});

export const importDoNotCallInputSchema = z
  .object({
    csv: z
      .string()
      .min(1, 'The file is empty.')
      .max(MAX_DO_NOT_CALL_IMPORT_BYTES, 'The file is larger than 2 MB.')
      .describe('The CSV text: one number per line, or a header row with a "phone" column (and "note")'),
  })
  .strict();
export type ImportDoNotCallInput = z.infer<typeof importDoNotCallInputSchema>;

export const doNotCallImportResultSchema = z.object({
  total_rows: z.number().int().describe('Rows with a number in the file (the header row not counted)'),
  added: z.number().int().describe('Numbers added to the list'),
  already_listed: z
    .number()
    .int()
    .describe('Numbers that were on the list already, or came twice in the file'),
  invalid: z.number().int().describe('Rows whose number could not be read'),
  invalid_rows: z
    .array(
      z.object({
        line: z.number().int().describe('The line of the file (1 is the first line)'),
        value: z.string().describe('What the row had'),
        reason: z.string().describe('Why it is not a number we can list'),
      }),
    )
    .describe(`The first ${MAX_DO_NOT_CALL_IMPORT_PROBLEMS} invalid rows`),
  canceled_calls: z
    .number()
    .int()
    .describe('Scheduled or queued calls to the listed numbers that were cancelled'),
});
export type DoNotCallImportResult = z.infer<typeof doNotCallImportResultSchema>;
