import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import {
  type BulkChange,
  type BulkTarget,
  bulkChangeContacts,
  type ContactPatch,
  createContact,
  deleteContact,
  findContactByPhone,
  getContact,
  type NewContact,
  updateContact,
} from '@callwise/db/queries/contacts';
import { isUniqueViolation } from '@callwise/db/queries/cursor';
import type { Contact as ContactRow } from '@callwise/db/schema';
import {
  type CountryCode,
  formatPhone,
  isValidTimezone,
  normalizePhone,
  timezoneForPhone,
} from '@callwise/shared/phone';
import type {
  BulkContactsInput,
  BulkContactsResult,
  Contact,
  CreateContactInput,
  UpdateContactInput,
} from '@callwise/shared/schemas/contacts';
import { AppError, notFound } from '../../http/app-error.ts';
import { iso } from '../../http/pagination.ts';
import type { RequestAuth } from '../../plugins/authenticate.ts';

export function contactResponse(row: Omit<ContactRow, 'search' | 'accountId'>): Contact {
  return {
    id: row.id,
    name: row.name,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    email: row.email,
    company: row.company,
    tags: row.tags,
    timezone: row.timezone,
    consent: row.consent as Contact['consent'],
    consent_at: iso(row.consentAt),
    consent_source: row.consentSource,
    consent_recorded_by: row.consentRecordedBy,
    existing_customer: row.existingCustomer,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Who records consent through a request: the signed-in user's e-mail, or "API key" for an integration. */
export function consentRecorder(auth: RequestAuth): string {
  return auth.kind === 'session' ? auth.email : 'API key';
}

export const fieldError = (field: string, message: string) =>
  new AppError('validation_failed', `${field}: ${message}`, [{ field, message }]);

/** The account's default country, for numbers typed without a country code. */
export async function accountCountry(db: Database, accountId: string): Promise<CountryCode> {
  return ((await findAccount(db, accountId))?.defaultCountry ?? 'US') as CountryCode;
}

/** A number in E.164, or a 400 naming the field (`phone` unless told). */
export function parsePhone(input: string, country: CountryCode, field = 'phone'): string {
  const result = normalizePhone(input, country);
  if (!result.ok) throw fieldError(field, result.message);
  return result.e164;
}

function resolveTimezone(given: string | null | undefined, phone: string): string | null {
  if (given) {
    if (!isValidTimezone(given))
      throw fieldError('timezone', `"${given}" is not a time zone (use a name like America/New_York)`);
    return given;
  }
  return timezoneForPhone(phone) ?? null;
}

const normalizeTags = (tags: string[] | undefined) =>
  tags
    ? [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))].sort((a, b) => a.localeCompare(b))
    : undefined;

async function duplicateError(db: Database, accountId: string, phone: string) {
  const existing = await findContactByPhone(db, accountId, phone);
  return new AppError(
    'conflict',
    `${existing?.name ?? 'Another contact'} already has the number ${formatPhone(phone)}.`,
    existing ? { contact_id: existing.id } : undefined,
  );
}

export async function addContact(
  db: Database,
  accountId: string,
  input: CreateContactInput,
  recordedBy: string,
): Promise<Contact> {
  const phone = parsePhone(input.phone, await accountCountry(db, accountId));
  const consent = input.consent ?? 'none';
  const existingCustomer = input.existing_customer ?? false;
  const recorded = consent !== 'none' || existingCustomer;
  const values: NewContact = {
    name: input.name,
    firstName: input.first_name || null,
    lastName: input.last_name || null,
    phone,
    email: input.email.toLowerCase(),
    company: input.company,
    tags: normalizeTags(input.tags) ?? [],
    timezone: resolveTimezone(input.timezone, phone),
    consent,
    consentAt: recorded ? (input.consent_at ? new Date(input.consent_at) : new Date()) : null,
    consentSource: recorded ? (input.consent_source ?? 'Entered by hand') : null,
    consentRecordedBy: recorded ? recordedBy : null,
    existingCustomer,
  };
  try {
    return contactResponse(await createContact(db, accountId, values));
  } catch (error) {
    if (isUniqueViolation(error)) throw await duplicateError(db, accountId, phone);
    throw error;
  }
}

export async function editContact(
  db: Database,
  accountId: string,
  id: string,
  input: UpdateContactInput,
  recordedBy: string,
): Promise<Contact> {
  const current = await getContact(db, accountId, id);
  if (!current) throw notFound('Contact');
  const patch: ContactPatch = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.first_name !== undefined) patch.firstName = input.first_name || null;
  if (input.last_name !== undefined) patch.lastName = input.last_name || null;
  if (input.email !== undefined) patch.email = input.email.toLowerCase();
  if (input.company !== undefined) patch.company = input.company;
  if (input.tags !== undefined) patch.tags = normalizeTags(input.tags);
  if (input.existing_customer !== undefined) patch.existingCustomer = input.existing_customer;
  const phone =
    input.phone !== undefined ? parsePhone(input.phone, await accountCountry(db, accountId)) : current.phone;
  if (input.phone !== undefined) patch.phone = phone;
  if (input.timezone !== undefined || (input.phone !== undefined && phone !== current.phone)) {
    patch.timezone = resolveTimezone(input.timezone ?? null, phone);
  }
  const consentChanged = input.consent !== undefined && input.consent !== current.consent;
  const existingChanged =
    input.existing_customer !== undefined && input.existing_customer !== current.existingCustomer;
  if (consentChanged || existingChanged) {
    const consent = input.consent ?? current.consent;
    const recorded = consent !== 'none' || (input.existing_customer ?? current.existingCustomer);
    if (consentChanged) patch.consent = consent;
    patch.consentAt = recorded ? (input.consent_at ? new Date(input.consent_at) : new Date()) : null;
    patch.consentSource = recorded ? (input.consent_source ?? 'Entered by hand') : null;
    patch.consentRecordedBy = recorded ? recordedBy : null;
  } else if (input.consent_source !== undefined) {
    patch.consentSource = input.consent_source;
    patch.consentRecordedBy = recordedBy;
  }
  try {
    const row = await updateContact(db, accountId, id, patch);
    if (!row) throw notFound('Contact');
    return contactResponse(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw await duplicateError(db, accountId, phone);
    throw error;
  }
}

export async function removeContact(db: Database, accountId: string, id: string): Promise<void> {
  if (!(await deleteContact(db, accountId, id))) throw notFound('Contact');
}

/** One action on many contacts: set their consent (recorded as "Bulk edit"), add or remove a tag, delete. */
export async function bulkContacts(
  db: Database,
  accountId: string,
  input: BulkContactsInput,
  recordedBy: string,
): Promise<BulkContactsResult> {
  const target: BulkTarget = input.ids ? { ids: [...new Set(input.ids)] } : { filter: input.filter ?? {} };
  let change: BulkChange;
  if (input.action === 'set_consent') {
    if (!input.consent) throw fieldError('consent', 'Choose the consent to set');
    change = {
      action: 'set_consent',
      consent: input.consent,
      existingCustomer: input.existing_customer,
      at: new Date(),
      source: 'Bulk edit',
      by: recordedBy,
    };
  } else if (input.action === 'delete') {
    change = { action: 'delete' };
  } else {
    if (!input.tag) throw fieldError('tag', 'Choose the tag');
    change = { action: input.action, tag: input.tag.trim() };
  }
  const result = await bulkChangeContacts(db, accountId, target, change);
  return { action: input.action, ...result };
}
