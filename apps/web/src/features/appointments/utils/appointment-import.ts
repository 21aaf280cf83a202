import { zonedTime } from '@callwise/shared/calling-window';
import { formatPhone, normalizePhone } from '@callwise/shared/phone';
import {
  APPOINTMENT_IMPORT_FIELDS,
  type AppointmentImportField,
  type AppointmentImportMapping,
  appointmentImportMappingSchema,
  type ImportDateOrder,
  parseImportDate,
  parseImportDateTime,
  parseImportTime,
} from '@callwise/shared/schemas/appointment-imports';
import { DEFAULT_APPOINTMENT_MINUTES } from '@callwise/shared/schemas/appointments';
import type { BookingSettings } from '@callwise/shared/schemas/booking';
import { guessColumns } from '@/lib/csv-preview';

/** For each appointment field, the header of the file's column that feeds it ('' when none does). */
export type AppointmentColumnMapping = Record<AppointmentImportField, string>;

export const APPOINTMENT_IMPORT_LABELS: Readonly<Record<AppointmentImportField, string>> = {
  phone: 'Phone',
  name: 'Name',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  starts_at: 'Start (date and time)',
  date: 'Date',
  time: 'Time',
  ends_at: 'End',
  duration_minutes: 'Duration (minutes)',
  service: 'Service',
  staff: 'Staff',
  location: 'Location',
  notes: 'Notes',
  external_id: 'Booking ID',
};

/** Phone always; a start column, or a date and a time column, by what the file has. */
export function isRequiredAppointmentField(field: AppointmentImportField, mapping: AppointmentColumnMapping) {
  if (field === 'phone') return true;
  if (field === 'starts_at') return !mapping.date && !mapping.time;
  if (field === 'date' || field === 'time') return !mapping.starts_at;
  return false;
}

const EXACT: Readonly<Record<AppointmentImportField, readonly string[]>> = {
  phone: ['phone', 'phonenumber', 'mobile', 'mobilenumber', 'cell', 'cellphone', 'tel', 'telephone'],
  name: ['name', 'fullname', 'customer', 'customername', 'client', 'clientname', 'patient', 'patientname'],
  first_name: ['firstname', 'givenname', 'first'],
  last_name: ['lastname', 'surname', 'familyname', 'last'],
  email: ['email', 'emailaddress', 'mail'],
  starts_at: ['start', 'starts', 'startsat', 'starttime', 'startdatetime', 'datetime', 'when', 'appointment'],
  date: ['date', 'day', 'appointmentdate', 'startdate'],
  time: ['time', 'at', 'appointmenttime', 'hour'],
  ends_at: ['end', 'ends', 'endsat', 'endtime', 'until', 'finish'],
  duration_minutes: ['duration', 'durationminutes', 'length', 'minutes', 'mins'],
  service: ['service', 'treatment', 'type', 'appointmenttype', 'servicename'],
  staff: ['staff', 'with', 'provider', 'employee', 'stylist', 'dentist', 'doctor', 'resource', 'staffmember'],
  location: ['location', 'place', 'room', 'address', 'branch'],
  notes: ['notes', 'note', 'comment', 'comments', 'remarks'],
  external_id: ['id', 'externalid', 'bookingid', 'appointmentid', 'reference', 'ref'],
};
const CONTAINS: ReadonlyArray<readonly [AppointmentImportField, readonly string[]]> = [
  ['phone', ['phone', 'mobile', 'cell']],
  ['email', ['email']],
  ['duration_minutes', ['duration', 'minutes']],
  ['external_id', ['bookingid', 'externalid']],
  ['name', ['name']],
];
const PARTIAL_NAMES = ['firstname', 'lastname', 'surname', 'givenname', 'familyname'];

/** Pre-selects a column for each field from the headers' names; each column is used at most once. */
export function guessAppointmentMapping(headers: readonly string[]): AppointmentColumnMapping {
  const mapping = guessColumns(headers, APPOINTMENT_IMPORT_FIELDS, EXACT, CONTAINS, (simple) =>
    PARTIAL_NAMES.some((partial) => simple.includes(partial)),
  );
  // A file with a start column needs no separate date and time, and the other way round.
  if (mapping.starts_at && mapping.date && mapping.time) mapping.starts_at = '';
  if (mapping.starts_at) {
    mapping.date = '';
    mapping.time = '';
  }
  if (mapping.ends_at && mapping.duration_minutes) mapping.duration_minutes = '';
  return mapping;
}

/** The mapping as the API takes it (unmapped fields left out), or each field's problem. */
export function checkAppointmentMapping(
  mapping: AppointmentColumnMapping,
):
  | { ok: true; mapping: AppointmentImportMapping }
  | { ok: false; errors: Partial<Record<AppointmentImportField, string>> } {
  const chosen = Object.fromEntries(Object.entries(mapping).filter(([, column]) => column !== ''));
  const checked = appointmentImportMappingSchema.safeParse(chosen);
  if (checked.success) return { ok: true, mapping: checked.data };
  const errors: Partial<Record<AppointmentImportField, string>> = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0] as AppointmentImportField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

export interface PreviewAppointment {
  line: number;
  phone: string;
  name: string;
  start: Date | null;
  end: Date | null;
  service: string;
  staff: string;
  /** Why the import will refuse this row (the same checks as the server's; overlaps only the server sees). */
  problem: string | undefined;
}

/** A row as the import will read it, in the business's time zone. */
export function previewAppointment(
  row: { line: number; cells: Map<string, string> },
  mapping: AppointmentColumnMapping,
  context: { zone: string; order: ImportDateOrder; settings: BookingSettings | undefined },
): PreviewAppointment {
  const get = (field: AppointmentImportField) =>
    mapping[field] ? (row.cells.get(mapping[field]) ?? '') : '';
  const { zone, order, settings } = context;
  const phoneText = get('phone');
  const phone = phoneText ? normalizePhone(phoneText) : undefined;
  const name = get('name') || [get('first_name'), get('last_name')].filter(Boolean).join(' ');
  const serviceText = get('service');
  const service = settings?.services.find((item) => item.name.toLowerCase() === serviceText.toLowerCase());
  const result: PreviewAppointment = {
    line: row.line,
    phone: phone?.ok ? formatPhone(phone.e164) : phoneText,
    name,
    start: null,
    end: null,
    service: service?.name ?? serviceText,
    staff: get('staff'),
    problem: undefined,
  };
  const times = timesOf(get, mapping, { zone, order, serviceMinutes: service?.duration_minutes });
  if (!('problem' in times)) {
    result.start = times.start;
    result.end = times.end;
  }
  // The first problem in the order the server checks them.
  if (!phoneText) result.problem = 'Missing phone number';
  else if (phone && !phone.ok) result.problem = phone.message;
  else if (serviceText && settings && !service)
    result.problem = `"${serviceText}" is not one of your services`;
  else if ('problem' in times) result.problem = times.problem;
  return result;
}

/** The start and end of a row, or why its start cannot be read. */
function timesOf(
  get: (field: AppointmentImportField) => string,
  mapping: AppointmentColumnMapping,
  context: { zone: string; order: ImportDateOrder; serviceMinutes: number | undefined },
): { start: Date; end: Date | null } | { problem: string } {
  const { zone, order } = context;
  let start: Date;
  if (mapping.starts_at) {
    const cell = parseImportDateTime(get('starts_at'), order);
    if (!cell) return { problem: `"${get('starts_at')}" is not a date and time` };
    start = 'instant' in cell ? cell.instant : zonedTime(cell.date, cell.minutes, zone);
  } else {
    const date = parseImportDate(get('date'), order);
    if (!date) return { problem: `"${get('date')}" is not a date` };
    const minutes = parseImportTime(get('time'));
    if (minutes === null) return { problem: `"${get('time')}" is not a time of day` };
    start = zonedTime(date, minutes, zone);
  }
  if (mapping.ends_at) {
    const cell = parseImportDateTime(get('ends_at'), order);
    return {
      start,
      end: cell ? ('instant' in cell ? cell.instant : zonedTime(cell.date, cell.minutes, zone)) : null,
    };
  }
  const duration = Number(get('duration_minutes'));
  const minutes =
    mapping.duration_minutes && get('duration_minutes') && Number.isInteger(duration)
      ? duration
      : (context.serviceMinutes ?? DEFAULT_APPOINTMENT_MINUTES);
  return { start, end: new Date(start.getTime() + minutes * 60_000) };
}
