import { formatPhone, normalizePhone } from '@callwise/shared/phone';
import {
  IMPORT_FIELDS,
  parseConsentCell,
  parseExistingCustomerCell,
  REQUIRED_IMPORT_FIELDS,
} from '@callwise/shared/schemas/contact-imports';
import type { ConsentLevel } from '@callwise/shared/schemas/contacts';
import { guessColumns } from '@/lib/csv-preview';

export type ImportField = (typeof IMPORT_FIELDS)[number];
/** For each contact field, the header of the file's column that feeds it ('' when none does). */
export type ColumnMapping = Record<ImportField, string>;

export const IMPORT_FIELD_LABELS: Readonly<Record<ImportField, string>> = {
  name: 'Name',
  first_name: 'First name',
  last_name: 'Last name',
  phone: 'Phone',
  email: 'Email',
  company: 'Company',
  tags: 'Tags',
  consent: 'Consent',
  existing_customer: 'Existing customer',
};

export const isRequiredField = (field: ImportField) =>
  (REQUIRED_IMPORT_FIELDS as readonly string[]).includes(field);

/** Header names that mean a field, simplified: an exact match wins, then a header containing a hint. */
const EXACT: Readonly<Record<ImportField, readonly string[]>> = {
  name: [
    'name',
    'fullname',
    'contactname',
    'customername',
    'clientname',
    'patientname',
    'contact',
    'customer',
  ],
  first_name: ['firstname', 'givenname', 'first', 'forename'],
  last_name: ['lastname', 'surname', 'familyname', 'last'],
  phone: [
    'phone',
    'phonenumber',
    'mobile',
    'mobilenumber',
    'mobilephone',
    'cell',
    'cellphone',
    'tel',
    'telephone',
  ],
  email: ['email', 'emailaddress', 'mail'],
  company: ['company', 'companyname', 'business', 'businessname', 'organization', 'organisation', 'org'],
  tags: ['tags', 'tag', 'groups', 'group', 'labels', 'label', 'segments', 'segment', 'lists', 'categories'],
  consent: ['consent', 'consentlevel', 'permission', 'optin'],
  existing_customer: ['existingcustomer', 'iscustomer', 'existing'],
};
const CONTAINS: ReadonlyArray<[ImportField, readonly string[]]> = [
  ['email', ['email']],
  ['phone', ['phone', 'mobile', 'cell']],
  ['company', ['company', 'business', 'organi', 'employer']],
  ['tags', ['tag', 'group', 'label', 'segment']],
  ['consent', ['consent']],
  ['existing_customer', ['existingcustomer']],
  ['name', ['fullname', 'name']],
];
/** Half a name: never guessed for the full name (a first or last name column is matched exactly above). */
const PARTIAL_NAMES = ['firstname', 'lastname', 'surname', 'givenname', 'familyname', 'middlename'];

/** No column matched to any field. */
export const EMPTY_MAPPING: ColumnMapping = {
  name: '',
  first_name: '',
  last_name: '',
  phone: '',
  email: '',
  company: '',
  tags: '',
  consent: '',
  existing_customer: '',
};

/** Pre-selects a column for each field from the headers' names; each column is used at most once. */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  return guessColumns(headers, IMPORT_FIELDS, EXACT, CONTAINS, (simple) =>
    PARTIAL_NAMES.some((partial) => simple.includes(partial)),
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface PreviewContact {
  line: number;
  name: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  company: string;
  tags: string[];
  /** The consent cell as read; null when empty (the import's default applies). */
  consent: ConsentLevel | null;
  existingCustomer: boolean | null;
  /** Why the import will skip this row, in the server's words. */
  problem: string | undefined;
}

/** A row as the import will store it: the same checks and clean-up as the server's (US numbers by default). */
export function previewContact(
  row: { line: number; cells: Map<string, string> },
  mapping: ColumnMapping,
): PreviewContact {
  const get = (field: ImportField) => (mapping[field] ? (row.cells.get(mapping[field]) ?? '') : '');
  const name = get('name');
  const phoneText = get('phone');
  const email = get('email').toLowerCase();
  const company = get('company');
  const tags = [
    ...new Set(
      get('tags')
        .split(/[;,|]/)
        .map((tag) => tag.trim())
        .filter((tag) => tag.length > 0 && tag.length <= 40),
    ),
  ].sort();
  const phone = phoneText ? normalizePhone(phoneText) : undefined;
  const missing = (['name', 'phone', 'email', 'company'] as const).filter((field) => !get(field));
  const consent = parseConsentCell(get('consent'));
  const existing = parseExistingCustomerCell(get('existing_customer'));
  let problem: string | undefined;
  if (missing.length > 0) problem = `Missing ${missing.join(', ')}`;
  else if (!EMAIL.test(email)) problem = `"${email}" is not an e-mail address`;
  else if (phone && !phone.ok) problem = phone.message;
  else if (!consent.ok) problem = consent.message;
  else if (!existing.ok) problem = existing.message;
  return {
    line: row.line,
    name,
    firstName: get('first_name'),
    lastName: get('last_name'),
    phone: phone?.ok ? formatPhone(phone.e164) : phoneText,
    email,
    company,
    tags,
    consent: consent.ok ? consent.value : null,
    existingCustomer: existing.ok ? existing.value : null,
    problem,
  };
}
