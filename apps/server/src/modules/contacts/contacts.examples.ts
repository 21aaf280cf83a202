import type { Contact } from '@callwise/shared/schemas/contacts';
import {
  deletedExample,
  EXAMPLE_IDS,
  fieldError,
  notFoundExample,
  operationExamples,
  pageOf,
} from '../../http/operation-examples.ts';

/** Maria Garcia of Garcia Bakery: a VIP who agreed to informational calls. */
export const EXAMPLE_CONTACT: Contact = {
  id: EXAMPLE_IDS.contact,
  name: 'Maria Garcia',
  first_name: null,
  last_name: null,
  phone: '+12025550143',
  email: 'maria@example.com',
  company: 'Garcia Bakery',
  tags: ['vip'],
  timezone: 'America/New_York',
  consent: 'informational',
  consent_at: '2026-01-05T14:00:00.000Z',
  consent_source: 'Signed the intake form',
  consent_recorded_by: 'owner@harbordental.example',
  existing_customer: false,
  created_at: '2026-01-05T14:00:00.000Z',
  updated_at: '2026-01-05T14:00:00.000Z',
};

/** Tom Becker of Becker Hardware, who has not agreed to calls. */
export const EXAMPLE_OTHER_CONTACT: Contact = {
  ...EXAMPLE_CONTACT,
  id: EXAMPLE_IDS.otherContact,
  name: 'Tom Becker',
  phone: '+12025550144',
  email: 'tom@example.com',
  company: 'Becker Hardware',
  tags: [],
  consent: 'none',
  consent_at: null,
  consent_source: null,
  consent_recorded_by: null,
  created_at: '2026-01-04T09:30:00.000Z',
  updated_at: '2026-01-04T09:30:00.000Z',
};

/** The first line of the contacts' CSV. */
const CONTACT_CSV_HEADER =
  'name,phone,email,company,tags,timezone,consent,consent_at,consent_source,created_at,first_name,last_name,existing_customer,consent_recorded_by';

/** The examples of each operation, beside its route in contacts.routes.ts. */
export const CONTACTS_EXAMPLES = operationExamples({
  /** GET /v1/contacts */
  listContacts: [
    {
      name: 'search',
      summary: 'Contacts matching a name',
      query: { q: 'garcia', limit: 25 },
      status: 200,
      response: pageOf([EXAMPLE_CONTACT]),
    },
    {
      name: 'tag',
      summary: 'Contacts with a tag',
      query: { tag: 'vip' },
      status: 200,
      response: pageOf([EXAMPLE_CONTACT]),
    },
  ],
  /** POST /v1/contacts */
  addContact: [
    {
      name: 'new_contact',
      summary: 'Add a contact',
      body: {
        name: 'James Lee',
        phone: '(202) 555-0178',
        email: 'james@example.com',
        company: 'Lee Plumbing',
        tags: ['new'],
        consent: 'informational',
      },
      status: 201,
      response: {
        ...EXAMPLE_CONTACT,
        id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f60',
        name: 'James Lee',
        phone: '+12025550178',
        email: 'james@example.com',
        company: 'Lee Plumbing',
        tags: ['new'],
        consent_source: null,
        created_at: '2026-03-03T09:30:00.000Z',
        updated_at: '2026-03-03T09:30:00.000Z',
        consent_at: '2026-03-03T09:30:00.000Z',
      },
    },
    {
      name: 'number_taken',
      summary: 'A number one of your contacts already has',
      body: { name: 'Maria G.', phone: '+12025550143', email: 'm@example.com', company: 'Garcia Bakery' },
      status: 409,
      response: {
        error: {
          code: 'conflict',
          message: 'Maria Garcia already has the number +1 202 555 0143.',
          details: { contact_id: EXAMPLE_IDS.contact },
        },
      },
    },
    {
      name: 'missing_fields',
      summary: 'Every field but tags, time zone and consent is required',
      body: { name: 'James Lee', phone: '+12025550178', email: 'james@example.com' },
      status: 400,
      response: fieldError('company', 'Invalid input: expected string, received undefined'),
    },
  ],
  /** GET /v1/contacts/count */
  countContacts: [
    { name: 'count', summary: 'How many contacts there are', status: 200, response: { count: 2 } },
  ],
  /** GET /v1/contacts/tags */
  listContactTags: [
    { name: 'tags', summary: 'Tags in use', status: 200, response: { data: [{ tag: 'vip', count: 1 }] } },
  ],
  /** GET /v1/contacts/export.csv */
  downloadContactsAsCsv: [
    {
      name: 'vip',
      summary: 'Contacts tagged vip as CSV',
      query: { tag: 'vip' },
      status: 200,
      response: `${CONTACT_CSV_HEADER}\r\nMaria Garcia,+12025550143,maria@example.com,Garcia Bakery,vip,America/New_York,informational,2026-01-05T14:00:00.000Z,Signed the intake form,2026-01-05T14:00:00.000Z,,,yes,owner@harbordental.example\r\n`,
    },
  ],
  /** GET /v1/contacts/{id} */
  getContact: [
    {
      name: 'contact',
      summary: 'A contact',
      params: { id: EXAMPLE_IDS.contact },
      status: 200,
      response: EXAMPLE_CONTACT,
    },
    notFoundExample('Contact', 'An id that is not one of your contacts'),
  ],
  /** PATCH /v1/contacts/{id} */
  changeContact: [
    {
      name: 'retag',
      summary: 'Change the company and the tags',
      params: { id: EXAMPLE_IDS.contact },
      body: { company: 'Garcia Bakery & Cafe', tags: ['vip', 'wholesale'] },
      status: 200,
      response: {
        ...EXAMPLE_CONTACT,
        company: 'Garcia Bakery & Cafe',
        tags: ['vip', 'wholesale'],
        updated_at: '2026-03-03T09:30:00.000Z',
      },
    },
  ],
  /** POST /v1/contacts/bulk */
  changeOrDeleteManyContacts: [
    {
      name: 'set_consent_by_tag',
      summary: 'Record marketing consent for everyone tagged "vip"',
      body: { filter: { tag: 'vip' }, action: 'set_consent', consent: 'marketing', existing_customer: true },
      status: 200,
      response: { action: 'set_consent', matched: 1, changed: 1 },
    },
    {
      name: 'add_tag_by_ids',
      summary: 'Tag two contacts by id',
      body: { ids: [EXAMPLE_IDS.contact, EXAMPLE_IDS.otherContact], action: 'add_tag', tag: 'spring-promo' },
      status: 200,
      response: { action: 'add_tag', matched: 2, changed: 2 },
    },
    {
      name: 'no_tag',
      summary: 'add_tag without the tag',
      body: { ids: [EXAMPLE_IDS.contact], action: 'add_tag' },
      status: 400,
      response: fieldError('tag', 'Choose the tag'),
    },
  ],
  /** DELETE /v1/contacts/{id} */
  deleteContact: [deletedExample('delete', 'Delete a contact', EXAMPLE_IDS.otherContact)],
});
