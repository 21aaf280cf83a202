import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import {
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
import type { Contact, CreateContactInput, UpdateContactInput } from '@callwise/shared/schemas/contacts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { iso } from '../../lib/pagination.ts';

export function contactResponse(row: Omit<ContactRow, 'search'>): Contact {
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
    existing_customer: row.existingCustomer,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const fieldError = (field: string, message: string) =>
  new AppError('validation_failed', `${field}: ${message}`, [{ field, message }]);

/** The account's default country, for numbers typed without a country code. */
export async function accountCountry(db: Database, accountId: string): Promise<CountryCode> {
  return ((await findAccount(db, accountId))?.defaultCountry ?? 'US') as CountryCode;
}

/** A number in E.164, or a 400 naming the field. */
export function parsePhone(input: string, country: CountryCode): string {
  const result = normalizePhone(input, country);
  if (!result.ok) throw fieldError('phone', result.message);
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
): Promise<Contact> {
  const phone = parsePhone(input.phone, await accountCountry(db, accountId));
  const consent = input.consent ?? 'none';
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
    consentAt: consent === 'none' ? null : input.consent_at ? new Date(input.consent_at) : new Date(),
    consentSource: consent === 'none' ? null : (input.consent_source ?? 'Added by hand'),
    existingCustomer: input.existing_customer ?? false,
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
  if (input.consent !== undefined && input.consent !== current.consent) {
    patch.consent = input.consent;
    patch.consentAt =
      input.consent === 'none' ? null : input.consent_at ? new Date(input.consent_at) : new Date();
    patch.consentSource = input.consent === 'none' ? null : (input.consent_source ?? 'Changed by hand');
  } else if (input.consent_source !== undefined) {
    patch.consentSource = input.consent_source;
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
