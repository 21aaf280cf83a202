import type { Database } from '@callwise/db/client';
import {
  applyContactImportBatch,
  createContactImport,
  flushContactIndexes,
  loadContactImport,
  setContactImportStatus,
} from '@callwise/db/queries/contact-imports';
import type { NewContact } from '@callwise/db/queries/contacts';
import { quickAnalyze } from '@callwise/db/queries/maintenance';
import type { ContactImport } from '@callwise/db/schema';
import { type CsvRecord, csvHeaderAndCount, csvRecords } from '@callwise/shared/csv';
import { type CountryCode, phoneToE164, timezoneForPhone } from '@callwise/shared/phone';
import {
  type CreateContactImportInput,
  type ImportConsentDefault,
  parseConsentCell,
  parseExistingCustomerCell,
} from '@callwise/shared/schemas/contact-imports';
import type PgBoss from 'pg-boss';
import { AppError } from '../../http/app-error.ts';
import { iso } from '../../http/pagination.ts';
import { sendJob } from '../../jobs/send.ts';
import { accountCountry } from './contacts.service.ts';

export const CONTACTS_IMPORT = 'contacts-import';
export const IMPORT_BATCH_SIZE = 2000;
/** How many problem rows an import keeps (every failure is still counted). */
export const MAX_IMPORT_ERRORS = 5000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type ImportSummary = Omit<ContactImport, 'csv' | 'mapping' | 'createdBy'>;

export function importResponse(row: ImportSummary) {
  return {
    id: row.id,
    status: row.status as 'queued' | 'running' | 'completed' | 'failed',
    file_name: row.fileName,
    duplicates: row.duplicates as 'skip' | 'merge',
    consent_default: row.consentDefault as ImportConsentDefault,
    total_rows: row.totalRows,
    processed_rows: row.processedRows,
    created: row.created,
    merged: row.merged,
    skipped: row.skipped,
    failed: row.failed,
    errors: row.errors.slice(0, 100),
    created_at: row.createdAt.toISOString(),
    finished_at: iso(row.finishedAt),
  };
}

const fieldError = (field: string, message: string) =>
  new AppError('validation_failed', `${field}: ${message}`, [{ field, message }]);

/** Lets the event loop answer other requests between two pieces of an import's work. */
const yieldToRequests = () => new Promise((resolve) => setImmediate(resolve));

/** Checks the file and the column mapping, stores the import and queues it. */
export async function startContactImport(
  db: Database,
  queue: PgBoss,
  accountId: string,
  input: CreateContactImportInput,
  /** Who starts it: recorded as who recorded the consent it sets. */
  createdBy: string,
) {
  const { header: rawHeader, rows } = csvHeaderAndCount(input.csv);
  const header = rawHeader.map((name) => name.trim());
  if (header.length === 0) throw fieldError('csv', 'The file is empty.');
  if (rows === 0) throw fieldError('csv', 'The file has a header row but no contacts.');
  for (const [field, column] of Object.entries(input.mapping)) {
    if (column && !header.includes(column))
      throw fieldError(`mapping.${field}`, `The file has no column "${column}".`);
  }
  // Reading a large upload took a while: let other requests in before it is stored.
  await yieldToRequests();
  const row = await createContactImport(db, {
    accountId,
    fileName: input.file_name,
    csv: input.csv,
    mapping: input.mapping as Record<string, string>,
    duplicates: input.duplicates,
    consentDefault: input.consent_default,
    createdBy,
    totalRows: rows,
  });
  await sendJob(queue, CONTACTS_IMPORT, { import_id: row.id }, { retryLimit: 3, retryDelay: 5 });
  return row;
}

interface MappedRow {
  line: number;
  get(field: string): string;
}

/** A cell of tags: split on ";", "," or "|", trimmed, at most 40 characters each, each once, sorted. */
function tagsOf(text: string): string[] {
  // Most cells hold one tag or none.
  if (!/[;,|]/.test(text)) return text.length > 0 && text.length <= 40 ? [text] : [];
  const tags = text
    .split(/[;,|]/)
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0 && tag.length <= 40);
  return [...new Set(tags)].sort();
}

/** Where an import's consent comes from: its default, its file, when it started and who started it. */
export interface ImportProvenance {
  consentDefault: ImportConsentDefault;
  source: string;
  at: Date;
  by: string | null;
}

/**
 * The consent of a row: its cells, or the import's default for those that are empty. Recorded (source, time,
 * who) when a cell says it or the default records something; otherwise left unrecorded.
 */
function consentOf(
  row: MappedRow,
  provenance: ImportProvenance,
):
  | Pick<NewContact, 'consent' | 'consentAt' | 'consentSource' | 'consentRecordedBy' | 'existingCustomer'>
  | string {
  const consent = parseConsentCell(row.get('consent'));
  if (!consent.ok) return consent.message;
  const existing = parseExistingCustomerCell(row.get('existing_customer'));
  if (!existing.ok) return existing.message;
  const fallback = provenance.consentDefault;
  const level = consent.value ?? (fallback === 'informational' ? 'informational' : 'none');
  const existingCustomer = existing.value ?? fallback === 'existing_customer';
  const recorded = consent.value !== null || existing.value !== null || fallback !== 'none';
  return {
    consent: level,
    existingCustomer,
    consentAt: recorded ? provenance.at : null,
    consentSource: recorded ? provenance.source : null,
    consentRecordedBy: recorded ? provenance.by : null,
  };
}

/** One CSV row as a contact, or the reason it cannot be one. */
function toContact(row: MappedRow, country: CountryCode, provenance: ImportProvenance): NewContact | string {
  const name = row.get('name');
  const phoneText = row.get('phone');
  const email = row.get('email').toLowerCase();
  const company = row.get('company');
  if (!name || !phoneText || !email || !company) {
    const missing = [!name && 'name', !phoneText && 'phone', !email && 'email', !company && 'company'];
    return `Missing ${missing.filter(Boolean).join(', ')}`;
  }
  if (!EMAIL.test(email)) return `"${email}" is not an e-mail address`;
  const phone = phoneToE164(phoneText, country);
  if (!phone.ok) return phone.message;
  const consent = consentOf(row, provenance);
  if (typeof consent === 'string') return consent;
  return {
    name: name.slice(0, 200),
    firstName: row.get('first_name').slice(0, 100) || null,
    lastName: row.get('last_name').slice(0, 100) || null,
    phone: phone.e164,
    email: email.slice(0, 254),
    company: company.slice(0, 200),
    tags: tagsOf(row.get('tags')),
    timezone: timezoneForPhone(phone.e164) ?? null,
    ...consent,
  };
}

/**
 * Runs an import in batches, parsing the file as it goes and yielding to the event loop between batches so the
 * server keeps answering (on the embedded database a batch is also the longest the server is busy at a time).
 * Progress is committed with each batch: after a crash the job resumes after the last committed batch.
 */
export async function runContactImport(db: Database, importId: string) {
  await yieldToRequests();
  const job = await loadContactImport(db, importId);
  if (!job || job.status === 'completed' || job.status === 'failed') return;
  await yieldToRequests();
  try {
    const records = csvRecords(job.csv);
    const header = (records.next().value?.fields ?? []).map((name: string) => name.trim());
    const index = new Map<string, number>();
    for (const [field, column] of Object.entries(job.mapping)) {
      const at = header.indexOf(column);
      if (at >= 0) index.set(field, at);
    }
    const country = await accountCountry(db, job.accountId);
    const mode = job.duplicates === 'merge' ? 'merge' : 'skip';
    const provenance: ImportProvenance = {
      consentDefault: job.consentDefault as ImportConsentDefault,
      source: `Import: ${job.fileName}`,
      at: job.createdAt,
      by: job.createdBy,
    };
    const seen = new Map<string, number>();
    /** The next records of the file, at most a batch. */
    const nextRecords = (count: number) => {
      const batch: CsvRecord[] = [];
      while (batch.length < count) {
        const next = records.next();
        if (next.done) break;
        batch.push(next.value);
      }
      return batch;
    };
    // Numbers already seen in the batches committed before a restart.
    let processed = 0;
    while (processed < job.processedRows) {
      const done = nextRecords(Math.min(IMPORT_BATCH_SIZE, job.processedRows - processed));
      if (done.length === 0) break;
      for (const record of done) {
        const phone = phoneToE164(record.fields[index.get('phone') ?? -1] ?? '', country);
        if (phone.ok && !seen.has(phone.e164)) seen.set(phone.e164, record.line);
      }
      processed += done.length;
      await yieldToRequests();
    }

    for (;;) {
      await yieldToRequests();
      const batch = nextRecords(IMPORT_BATCH_SIZE);
      if (batch.length === 0) break;
      const rows: NewContact[] = [];
      const errors: Array<{ line: number; reason: string }> = [];
      let duplicatesInFile = 0;
      for (const record of batch) {
        const mapped: MappedRow = {
          line: record.line,
          get: (field) => (record.fields[index.get(field) ?? -1] ?? '').trim(),
        };
        const contact = toContact(mapped, country, provenance);
        if (typeof contact === 'string') {
          errors.push({ line: record.line, reason: contact });
          continue;
        }
        const first = seen.get(contact.phone);
        if (first !== undefined) {
          duplicatesInFile++;
          continue;
        }
        seen.set(contact.phone, record.line);
        rows.push(contact);
      }
      processed += batch.length;
      await applyContactImportBatch(db, {
        importId,
        accountId: job.accountId,
        rows,
        mode,
        processedRows: processed,
        duplicatesInFile,
        failed: errors.length,
        errors,
        maxErrors: MAX_IMPORT_ERRORS,
      });
    }
    // Search reads the entries still pending in a GIN index one by one: flush them before the import says it
    // is done, so that the search the user opens next is fast.
    await flushContactIndexes(db);
    await setContactImportStatus(db, importId, 'completed', true);
  } catch (error) {
    await setContactImportStatus(db, importId, 'failed', true);
    throw error;
  }
  // Then fresh planner statistics (the embedded engine has no autovacuum; the hourly maintenance vacuums the
  // table later). The lists do not wait for them to be fast (see `recentWindow`), so the import is reported done
  // first.
  await quickAnalyze(db, ['contacts']);
}
