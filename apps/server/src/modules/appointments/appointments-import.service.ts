import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import { contactIdsByPhone } from '@callwise/db/queries/appointment-imports';
import type { NewAppointment } from '@callwise/db/queries/appointments';
import { type NewContact, upsertContacts } from '@callwise/db/queries/contacts';
import { localTime, zonedTime } from '@callwise/shared/calling-window';
import { csvHeaderAndCount, csvRecords } from '@callwise/shared/csv';
import { type CountryCode, phoneToE164, timezoneForPhone } from '@callwise/shared/phone';
import {
  type AppointmentImportField,
  type AppointmentImportResult,
  type CreateAppointmentImportInput,
  type ImportDateOrder,
  MAX_APPOINTMENT_IMPORT_ROWS,
  parseImportDate,
  parseImportDateTime,
  parseImportTime,
} from '@callwise/shared/schemas/appointment-imports';
import {
  DEFAULT_APPOINTMENT_MINUTES,
  MAX_APPOINTMENT_MINUTES,
  MIN_APPOINTMENT_MINUTES,
} from '@callwise/shared/schemas/appointments';
import type { BookingSettings } from '@callwise/shared/schemas/booking';
import type { ImportConsentDefault } from '@callwise/shared/schemas/contact-imports';
import { AppError } from '../../http/app-error.ts';
import type { AppointmentService } from './appointments.service.ts';
import { bookingSettingsOf, findService } from './booking-settings.ts';

const MINUTE = 60_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SOURCE = 'import';

type ImportInput = Omit<CreateAppointmentImportInput, 'date_order' | 'consent_default'> & {
  date_order: ImportDateOrder;
  consent_default: ImportConsentDefault;
};
type Failure = AppointmentImportResult['failed'][number];

const fieldError = (field: string, message: string) =>
  new AppError('validation_failed', `${field}: ${message}`, [{ field, message }]);

class RowProblem {
  constructor(
    readonly field: AppointmentImportField | null,
    readonly message: string,
  ) {}
}

/** One good row: its appointment (without its contact yet) and who it is with. */
interface ParsedRow {
  line: number;
  phone: string;
  contact: NewContact;
  appointment: Omit<NewAppointment, 'contactId'>;
}

interface RowContext {
  get(field: AppointmentImportField): string;
  country: CountryCode;
  zone: string;
  order: ImportDateOrder;
  settings: BookingSettings;
  provenance: { consentDefault: ImportConsentDefault; source: string; at: Date; by: string };
}

/** A wall-clock reading in the business's zone, or an instant as written. */
function instantOf(cell: ReturnType<typeof parseImportDateTime>, zone: string): Date | null {
  if (!cell) return null;
  return 'instant' in cell ? cell.instant : zonedTime(cell.date, cell.minutes, zone);
}

function startOf(row: RowContext): Date {
  const startsAt = row.get('starts_at');
  if (startsAt || !row.get('date')) {
    if (!startsAt) throw new RowProblem('starts_at', 'Missing start time');
    const at = instantOf(parseImportDateTime(startsAt, row.order), row.zone);
    if (!at) throw new RowProblem('starts_at', `"${startsAt}" is not a date and time`);
    return at;
  }
  const dateText = row.get('date');
  const timeText = row.get('time');
  const date = parseImportDate(dateText, row.order);
  if (!date) throw new RowProblem('date', `"${dateText}" is not a date`);
  if (!timeText) throw new RowProblem('time', 'Missing time');
  const minutes = parseImportTime(timeText);
  if (minutes === null) throw new RowProblem('time', `"${timeText}" is not a time of day`);
  return zonedTime(date, minutes, row.zone);
}

/** The end: the end cell (a date and time, or a time on the start's day), the duration, the service's length. */
function endOf(row: RowContext, startsAt: Date, serviceMinutes: number | undefined): Date {
  const endsAt = row.get('ends_at');
  const durationText = row.get('duration_minutes');
  let end: Date | null = null;
  if (endsAt) {
    end = instantOf(parseImportDateTime(endsAt, row.order), row.zone);
    if (!end) {
      const minutes = parseImportTime(endsAt);
      if (minutes === null) throw new RowProblem('ends_at', `"${endsAt}" is not a date and time`);
      // A time alone is on the start's local day.
      end = zonedTime(localTime(startsAt, row.zone), minutes, row.zone);
    }
  } else if (durationText) {
    const minutes = Number(durationText);
    if (!Number.isInteger(minutes)) {
      throw new RowProblem('duration_minutes', `"${durationText}" is not a whole number of minutes`);
    }
    end = new Date(startsAt.getTime() + minutes * MINUTE);
  } else {
    end = new Date(startsAt.getTime() + (serviceMinutes ?? DEFAULT_APPOINTMENT_MINUTES) * MINUTE);
  }
  const length = (end.getTime() - startsAt.getTime()) / MINUTE;
  const field = endsAt ? 'ends_at' : 'duration_minutes';
  if (length < MIN_APPOINTMENT_MINUTES) {
    throw new RowProblem(field, `The appointment must last at least ${MIN_APPOINTMENT_MINUTES} minutes`);
  }
  if (length > MAX_APPOINTMENT_MINUTES)
    throw new RowProblem(field, 'The appointment must last at most 24 hours');
  return end;
}

const clip = (text: string, max: number) => (text ? text.slice(0, max) : null);

/** One CSV row as an appointment and its contact, or the problem that keeps it out. */
function parseRow(line: number, row: RowContext): ParsedRow {
  const phoneText = row.get('phone');
  if (!phoneText) throw new RowProblem('phone', 'Missing phone number');
  const phone = phoneToE164(phoneText, row.country);
  if (!phone.ok) throw new RowProblem('phone', phone.message);
  const email = row.get('email').toLowerCase();
  if (email && !EMAIL.test(email)) throw new RowProblem('email', `"${email}" is not an e-mail address`);

  const serviceText = row.get('service');
  const service = findService(row.settings, serviceText);
  if (serviceText && !service) {
    const known = row.settings.services.map((item) => item.name);
    throw new RowProblem(
      'service',
      known.length > 0
        ? `"${serviceText}" is not one of your services (${known.join(', ')})`
        : `"${serviceText}" is not one of your services: add it in Settings → Booking first`,
    );
  }
  const startsAt = startOf(row);
  const endsAt = endOf(row, startsAt, service?.duration_minutes);
  const staffText = row.get('staff');
  const staff =
    row.settings.staff.find((member) => member.name.toLowerCase() === staffText.toLowerCase())?.name ??
    staffText.slice(0, 100);

  const firstName = row.get('first_name');
  const lastName = row.get('last_name');
  const name = row.get('name') || [firstName, lastName].filter(Boolean).join(' ') || email || phone.e164;
  const { provenance } = row;
  const recorded = provenance.consentDefault !== 'none';
  return {
    line,
    phone: phone.e164,
    contact: {
      name: name.slice(0, 200),
      firstName: clip(firstName, 100),
      lastName: clip(lastName, 100),
      phone: phone.e164,
      email: email.slice(0, 254),
      company: '',
      tags: [],
      timezone: timezoneForPhone(phone.e164) ?? null,
      consent: provenance.consentDefault === 'informational' ? 'informational' : 'none',
      existingCustomer: provenance.consentDefault === 'existing_customer',
      consentAt: recorded ? provenance.at : null,
      consentSource: recorded ? provenance.source : null,
      consentRecordedBy: recorded ? provenance.by : null,
    },
    appointment: {
      startsAt,
      endsAt,
      service: service?.name ?? null,
      staff,
      location: clip(row.get('location'), 200),
      notes: clip(row.get('notes'), 2000),
      source: SOURCE,
      externalId: clip(row.get('external_id'), 200),
    },
  };
}

/**
 * Imports a CSV file of appointments at once (decision 020): checks the file and mapping (400 naming the field),
 * reads every row (a bad one is reported by line, the rest go on), skips rows whose external_id an earlier import
 * created, matches contacts by number or creates them (with the import's consent), then books the rest with
 * `AppointmentService.createMany` (overlaps reported by line).
 */
export async function importAppointments(
  db: Database,
  appointments: AppointmentService,
  accountId: string,
  input: ImportInput,
  /** Who imports: recorded as who recorded new contacts' consent. */
  importedBy: string,
): Promise<AppointmentImportResult> {
  const { header: rawHeader, rows } = csvHeaderAndCount(input.csv);
  const header = rawHeader.map((name) => name.trim());
  if (header.every((name) => name === '')) throw fieldError('csv', 'The file is empty.');
  if (rows === 0) throw fieldError('csv', 'The file has a header row but no appointments.');
  if (rows > MAX_APPOINTMENT_IMPORT_ROWS) {
    throw fieldError(
      'csv',
      `The file has ${rows} rows; at most ${MAX_APPOINTMENT_IMPORT_ROWS} can be imported at once. Split it.`,
    );
  }
  const index = new Map<string, number>();
  for (const [field, column] of Object.entries(input.mapping)) {
    if (!column) continue;
    const at = header.indexOf(column);
    if (at < 0) throw fieldError(`mapping.${field}`, `The file has no column "${column}".`);
    index.set(field, at);
  }

  const [account, { settings }] = await Promise.all([
    findAccount(db, accountId),
    bookingSettingsOf(db, accountId),
  ]);
  const provenance = {
    consentDefault: input.consent_default,
    source: `Import: ${input.file_name}`,
    at: new Date(),
    by: importedBy,
  };
  const context = {
    country: (account?.defaultCountry ?? 'US') as CountryCode,
    zone: account?.timezone ?? 'UTC',
    order: input.date_order,
    settings,
    provenance,
  };

  const failed: Failure[] = [];
  const parsed: ParsedRow[] = [];
  const externalLines = new Map<string, number>();
  const records = csvRecords(input.csv);
  records.next(); // the header
  for (const record of records) {
    const get = (field: AppointmentImportField) => (record.fields[index.get(field) ?? -1] ?? '').trim();
    try {
      const row = parseRow(record.line, { ...context, get });
      const externalId = row.appointment.externalId;
      if (externalId) {
        const first = externalLines.get(externalId);
        if (first !== undefined) {
          throw new RowProblem('external_id', `"${externalId}" is repeated: line ${first} has it too`);
        }
        externalLines.set(externalId, record.line);
      }
      parsed.push(row);
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      failed.push({ line: record.line, field: error.field, message: error.message });
    }
  }

  // Contacts: matched by number; the missing ones created in one statement (the first row of a number names it).
  const known = await contactIdsByPhone(
    db,
    accountId,
    parsed.map((row) => row.phone),
  );
  const missing = new Map<string, NewContact>();
  for (const row of parsed)
    if (!known.has(row.phone) && !missing.has(row.phone)) missing.set(row.phone, row.contact);
  let contactsCreated = 0;
  if (missing.size > 0) {
    contactsCreated = (await upsertContacts(db, accountId, [...missing.values()], 'skip')).created;
    for (const [phone, id] of await contactIdsByPhone(db, accountId, [...missing.keys()]))
      known.set(phone, id);
  }

  const { created, failed: refused } = await appointments.createMany(
    accountId,
    parsed.map((row) => ({ ...row.appointment, contactId: known.get(row.phone) ?? null })),
  );
  let skipped = 0;
  for (const problem of refused) {
    const row = parsed[problem.index];
    if (!row) continue;
    // Its external id was imported before (the file repeats none: checked above): left as it is.
    if (problem.code === 'conflict') skipped += 1;
    else failed.push({ line: row.line, field: problem.field || null, message: problem.message });
  }
  failed.sort((a, b) => a.line - b.line);
  return { rows, created: created.length, skipped, contacts_created: contactsCreated, failed };
}
