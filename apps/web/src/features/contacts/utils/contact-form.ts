import { formatPhone, normalizePhone, timezoneForPhone } from '@callwise/shared/phone';
import {
  CONSENT_LEVELS,
  type Contact,
  type CreateContactInput,
  createContactInputSchema,
  type UpdateContactInput,
} from '@callwise/shared/schemas/contacts';
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { timezoneLabel } from '@/features/contacts/utils/timezones';

const fields = createContactInputSchema.shape;

/** The contact form: the API's own rules for the four required fields and the tags, plus the form's selects. */
export const contactFormSchema = z.object({
  name: fields.name,
  /** Optional: empty means the first word of the name (and the rest) fill {{first_name}} ({{last_name}}). */
  first_name: z.string().trim().max(100, 'Keep the first name under 100 characters.'),
  last_name: z.string().trim().max(100, 'Keep the last name under 100 characters.'),
  phone: fields.phone,
  email: fields.email,
  company: fields.company,
  tags: fields.tags.unwrap(),
  /** An IANA zone, or FROM_PHONE. */
  timezone: z.string(),
  consent: z.enum(CONSENT_LEVELS),
  consent_source: z.string().trim().max(200),
  existing_customer: z.boolean(),
});
export type ContactFormValues = z.infer<typeof contactFormSchema>;

/** The time zone choice that lets the server work the zone out from the number. */
export const FROM_PHONE = 'from-phone';

/** The form's values for a contact to edit, or empty ones to add a contact. */
export function contactFormDefaults(contact: Contact | null): ContactFormValues {
  if (!contact) {
    return {
      name: '',
      first_name: '',
      last_name: '',
      phone: '',
      email: '',
      company: '',
      tags: [],
      timezone: FROM_PHONE,
      consent: 'none',
      consent_source: '',
      existing_customer: false,
    };
  }
  const derived = timezoneForPhone(contact.phone);
  return {
    name: contact.name,
    first_name: contact.first_name ?? '',
    last_name: contact.last_name ?? '',
    phone: formatPhone(contact.phone),
    email: contact.email,
    company: contact.company,
    tags: contact.tags,
    timezone: !contact.timezone || contact.timezone === derived ? FROM_PHONE : contact.timezone,
    consent: contact.consent,
    consent_source: contact.consent_source ?? '',
    existing_customer: contact.existing_customer,
  };
}

/** The zone the server will derive from what is typed, when the number reads as one (US by default). */
export function zoneFromTypedPhone(phone: string): string | undefined {
  const parsed = normalizePhone(phone);
  return parsed.ok ? timezoneForPhone(parsed.e164) : undefined;
}

/** Which form field a server problem is about (`tags.2` is the tags field, `consent_at` the consent). */
export function contactFieldOf(field: string): FieldPath<ContactFormValues> | undefined {
  const root = field.split('.')[0] ?? '';
  if (root === 'consent_at') return 'consent';
  return root in contactFormSchema.shape ? (root as FieldPath<ContactFormValues>) : undefined;
}

/** The toast's line for a saved contact: name, number and time zone. */
export function savedDescription(contact: Contact, derived: boolean): string {
  const zone = contact.timezone
    ? `${timezoneLabel(contact.timezone)}${derived ? ' (from the number)' : ''}`
    : 'time zone unknown';
  return `${contact.name} · ${formatPhone(contact.phone)} · ${zone}`;
}

/** The request adding a contact: the optional fields only when given; no zone means from the number. */
export function toCreateContactInput(values: ContactFormValues): CreateContactInput {
  const zone = values.timezone === FROM_PHONE ? null : values.timezone;
  const source = values.consent === 'none' ? undefined : values.consent_source || undefined;
  return {
    name: values.name,
    ...(values.first_name ? { first_name: values.first_name } : {}),
    ...(values.last_name ? { last_name: values.last_name } : {}),
    phone: values.phone,
    email: values.email,
    company: values.company,
    tags: values.tags,
    consent: values.consent,
    existing_customer: values.existing_customer,
    ...(zone ? { timezone: zone } : {}),
    ...(source ? { consent_source: source } : {}),
  };
}

/** The request changing a contact: only what was changed (empty when nothing was). */
export function toUpdateContactInput(
  values: ContactFormValues,
  dirty: Partial<Record<keyof ContactFormValues, unknown>>,
): UpdateContactInput {
  const zone = values.timezone === FROM_PHONE ? null : values.timezone;
  const changes: UpdateContactInput = {};
  if (dirty.name) changes.name = values.name;
  if (dirty.first_name) changes.first_name = values.first_name || null;
  if (dirty.last_name) changes.last_name = values.last_name || null;
  if (dirty.phone) changes.phone = values.phone;
  if (dirty.email) changes.email = values.email;
  if (dirty.company) changes.company = values.company;
  if (dirty.tags) changes.tags = values.tags;
  // A new number makes the server work the zone out again, unless a zone is sent with it.
  if (dirty.timezone || (dirty.phone && zone)) changes.timezone = zone;
  if (dirty.consent) changes.consent = values.consent;
  if (dirty.existing_customer) changes.existing_customer = values.existing_customer;
  // With a new consent level the server records the source sent, or "Changed by hand" for none.
  if ((dirty.consent || dirty.consent_source) && values.consent !== 'none') {
    changes.consent_source = values.consent_source || null;
  }
  return changes;
}
