import { describe, expect, it } from 'vitest';
import {
  contactFieldOf,
  contactFormDefaults,
  FROM_PHONE,
  toCreateContactInput,
  toUpdateContactInput,
} from '@/features/contacts/utils/contact-form';

const filled = {
  ...contactFormDefaults(null),
  name: 'Maria Lopez',
  phone: '(202) 555-0105',
  email: 'maria@example.com',
  company: 'Lopez Bakery',
};

describe('the contact form’s requests', () => {
  it('adds a contact without the optional fields left empty, the zone from the number', () => {
    const input = toCreateContactInput(filled);
    expect(input).not.toHaveProperty('first_name');
    expect(input).not.toHaveProperty('timezone');
    expect(input).not.toHaveProperty('consent_source');
    expect(input.name).toBe('Maria Lopez');
  });

  it('adds a chosen zone and the consent’s source with a consent', () => {
    const input = toCreateContactInput({
      ...filled,
      timezone: 'America/Chicago',
      consent: 'marketing',
      consent_source: 'Front desk',
    });
    expect(input.timezone).toBe('America/Chicago');
    expect(input.consent_source).toBe('Front desk');
  });

  it('changes only what was changed, sending a kept zone again with a new number', () => {
    const values = { ...filled, timezone: 'America/Chicago', first_name: '' };
    expect(toUpdateContactInput(values, {})).toEqual({});
    expect(toUpdateContactInput(values, { phone: true })).toEqual({
      phone: '(202) 555-0105',
      timezone: 'America/Chicago',
    });
    expect(toUpdateContactInput({ ...values, timezone: FROM_PHONE }, { phone: true })).toEqual({
      phone: '(202) 555-0105',
    });
    expect(toUpdateContactInput(values, { first_name: true })).toEqual({ first_name: null });
  });

  it('puts a server problem under its field', () => {
    expect(contactFieldOf('tags.2')).toBe('tags');
    expect(contactFieldOf('consent_at')).toBe('consent');
    expect(contactFieldOf('owner')).toBeUndefined();
  });
});
