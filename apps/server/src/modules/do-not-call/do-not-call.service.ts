import type { Database } from '@callwise/db/client';
import type { ConsentContext } from '@callwise/db/queries/consent';
import { addToDoNotCall, findDoNotCallByPhone, removeFromDoNotCall } from '@callwise/db/queries/do-not-call';
import type { DoNotCallEntry as DoNotCallRow } from '@callwise/db/schema';
import { parseCsv } from '@callwise/shared/csv';
import { type CountryCode, phoneToE164 } from '@callwise/shared/phone';
import {
  type AddedDoNotCallEntry,
  type CreateDoNotCallInput,
  DO_NOT_CALL_NOTE_MAX_LENGTH,
  type DoNotCallEntry,
  type DoNotCallImportResult,
  type DoNotCallSource,
  MAX_DO_NOT_CALL_IMPORT_PROBLEMS,
  MAX_DO_NOT_CALL_IMPORT_ROWS,
} from '@callwise/shared/schemas/do-not-call';
import { AppError, notFound } from '../../http/app-error.ts';
import type { RequestAuth } from '../../plugins/authenticate.ts';
import { accountCountry, consentRecorder, parsePhone } from '../contacts/contacts.service.ts';

export function entryResponse(row: DoNotCallRow): DoNotCallEntry {
  return {
    id: row.id,
    phone: row.phone,
    source: row.source as DoNotCallSource,
    note: row.note,
    call_id: row.callId,
    created_at: row.createdAt.toISOString(),
  };
}

const fieldError = (field: string, message: string) =>
  new AppError('validation_failed', `${field}: ${message}`, [{ field, message }]);

/**
 * Lists one number. A new number answers `created: true`; one already listed answers its existing entry. Either
 * way the account's calls to it that nobody is placing yet are cancelled.
 */
/** Who lists or unlists a number, for its consent record (decision 030): the owner in the app, or an API key. */
export function recordedBy(auth: RequestAuth): ConsentContext {
  return { method: auth.kind === 'session' ? 'owner' : 'api', by: consentRecorder(auth) };
}

export async function addNumber(
  db: Database,
  accountId: string,
  input: CreateDoNotCallInput,
  consent?: ConsentContext,
): Promise<{ created: boolean; entry: AddedDoNotCallEntry }> {
  const phone = parsePhone(input.phone, await accountCountry(db, accountId));
  const result = await addToDoNotCall(db, accountId, [{ phone, note: input.note || null }], {
    source: 'added',
    ...(consent ? { consent } : {}),
  });
  const [added] = result.added;
  const row = added ?? (await findDoNotCallByPhone(db, accountId, phone));
  // Taken off the list again between the insert and this read: list it once more.
  if (!row) return addNumber(db, accountId, input, consent);
  return {
    created: Boolean(added),
    entry: { ...entryResponse(row), already_listed: !added, canceled_calls: result.canceledCalls.length },
  };
}

export async function removeNumber(
  db: Database,
  accountId: string,
  id: string,
  consent?: ConsentContext,
): Promise<void> {
  if (!(await removeFromDoNotCall(db, accountId, id, consent))) throw notFound('Do-not-call entry');
}

/** Header names of the column with the numbers, and of the column with notes (lower case). */
const PHONE_HEADERS = [
  'phone',
  'phone number',
  'phone_number',
  'number',
  'telephone',
  'tel',
  'mobile',
  'cell',
];
const NOTE_HEADERS = ['note', 'notes', 'reason', 'comment', 'comments'];

export interface ParsedImport {
  numbers: Array<{ phone: string; note: string | null; line: number }>;
  invalid: Array<{ line: number; value: string; reason: string }>;
  totalRows: number;
}

/**
 * Reads a do-not-call file: one number per line, or a table whose header names a "phone" column (and
 * optionally a "note" column). A first line without any digit is taken as a header. Numbers without a country
 * code are read for `country`.
 */
export function parseDoNotCallCsv(csv: string, country: CountryCode): ParsedImport {
  const records = parseCsv(csv);
  const [first] = records;
  if (!first) throw fieldError('csv', 'The file is empty.');
  const header = first.fields.map((field) => field.trim().toLowerCase());
  let phoneColumn = header.findIndex((name) => PHONE_HEADERS.includes(name));
  const noteColumn = header.findIndex((name) => NOTE_HEADERS.includes(name));
  const hasHeader = phoneColumn >= 0 || !first.fields.some((field) => /\d/.test(field));
  if (phoneColumn < 0) {
    const columns = Math.max(...records.map((record) => record.fields.length));
    if (columns > 1)
      throw fieldError(
        'csv',
        'The file has several columns and none is called “phone”. Name the column with the numbers “phone”, or list one number per line.',
      );
    phoneColumn = 0;
  }
  const rows = hasHeader ? records.slice(1) : records;
  if (rows.length === 0) throw fieldError('csv', 'The file has a header row but no numbers.');
  if (rows.length > MAX_DO_NOT_CALL_IMPORT_ROWS)
    throw fieldError(
      'csv',
      `The file has ${rows.length.toLocaleString('en-US')} rows; import at most ${MAX_DO_NOT_CALL_IMPORT_ROWS.toLocaleString('en-US')} at a time.`,
    );

  const parsed: ParsedImport = { numbers: [], invalid: [], totalRows: rows.length };
  for (const { line, fields } of rows) {
    const value = (fields[phoneColumn] ?? '').trim();
    if (value === '') {
      parsed.invalid.push({ line, value, reason: 'There is no number on this line.' });
      continue;
    }
    const result = phoneToE164(value, country);
    if (!result.ok) {
      parsed.invalid.push({ line, value: value.slice(0, 100), reason: result.message });
      continue;
    }
    const note =
      noteColumn >= 0 ? (fields[noteColumn] ?? '').trim().slice(0, DO_NOT_CALL_NOTE_MAX_LENGTH) : '';
    parsed.numbers.push({ phone: result.e164, note: note || null, line });
  }
  return parsed;
}

/** Lists every number of a file at once (source imported) and cancels the calls to them that wait. */
export async function importNumbers(
  db: Database,
  accountId: string,
  csv: string,
  consent?: ConsentContext,
): Promise<DoNotCallImportResult> {
  const parsed = parseDoNotCallCsv(csv, await accountCountry(db, accountId));
  const result = await addToDoNotCall(db, accountId, parsed.numbers, {
    source: 'imported',
    ...(consent ? { consent: { ...consent, method: 'import' } } : {}),
  });
  return {
    total_rows: parsed.totalRows,
    added: result.added.length,
    already_listed: parsed.numbers.length - result.added.length,
    invalid: parsed.invalid.length,
    invalid_rows: parsed.invalid.slice(0, MAX_DO_NOT_CALL_IMPORT_PROBLEMS),
    canceled_calls: result.canceledCalls.length,
  };
}
