import type {
  AppointmentImportField,
  AppointmentImportResult,
  ImportDateOrder,
} from '@callwise/shared/schemas/appointment-imports';
import type { ImportConsentDefault } from '@callwise/shared/schemas/contact-imports';
import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { ImportCounts, ImportProblemList } from '@/components/csv-import-results';
import { CsvPreviewTable } from '@/components/csv-preview-table';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { TableCell } from '@/components/ui/table';
import {
  APPOINTMENT_IMPORT_LABELS,
  type PreviewAppointment,
} from '@/features/appointments/utils/appointment-import';
import { PREVIEW_ROWS } from '@/lib/csv-preview';
import { formatDateTime, formatTime } from '@/lib/dates';

const NEW_CONTACT_CONSENT: ReadonlyArray<{ value: ImportConsentDefault; label: string }> = [
  { value: 'existing_customer', label: 'Existing customers (reminders allowed)' },
  { value: 'informational', label: 'Agreed to informational calls' },
  { value: 'none', label: 'Nothing recorded yet' },
];

/** How the file's dates are read, and what new contacts agreed to. */
export function ImportOptions({
  dateOrder,
  onDateOrderChange,
  consentDefault,
  onConsentDefaultChange,
  fileName,
}: {
  dateOrder: ImportDateOrder;
  onDateOrderChange: (order: ImportDateOrder) => void;
  consentDefault: ImportConsentDefault;
  onConsentDefaultChange: (consent: ImportConsentDefault) => void;
  fileName: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid content-start gap-1.5">
        <Label htmlFor="import-date-order">Dates like 12/01/2026 are</Label>
        <NativeSelect
          id="import-date-order"
          value={dateOrder}
          onChange={(event) => onDateOrderChange(event.target.value as ImportDateOrder)}
        >
          <option value="mdy">Month first (December 1)</option>
          <option value="dmy">Day first (12 January)</option>
        </NativeSelect>
      </div>
      <div className="grid content-start gap-1.5">
        <Label htmlFor="import-new-contacts">New contacts are</Label>
        <NativeSelect
          id="import-new-contacts"
          value={consentDefault}
          aria-describedby="import-new-contacts-hint"
          onChange={(event) => onConsentDefaultChange(event.target.value as ImportConsentDefault)}
        >
          {NEW_CONTACT_CONSENT.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
        <p id="import-new-contacts-hint" className="text-xs text-muted-foreground">
          Recorded as “Import: {fileName}”. Contacts you already have keep theirs.
        </p>
      </div>
    </div>
  );
}

/** The first rows of the file as they will be booked, each problem under its row. */
export function ImportPreview({ rows, zone }: { rows: PreviewAppointment[]; zone: string }) {
  return (
    <CsvPreviewTable
      description={
        <>
          The first {Math.min(PREVIEW_ROWS, rows.length)} rows as they will be booked, in your business’s time
          zone ({zone}).
        </>
      }
      columns={['Phone', 'Name', 'Start', 'End', 'Service', 'Staff']}
      rows={rows}
      cells={(row) => (
        <>
          <TableCell className="tabular-nums">{row.phone}</TableCell>
          <TableCell>{row.name}</TableCell>
          <TableCell className="tabular-nums">{row.start ? formatDateTime(row.start) : ''}</TableCell>
          <TableCell className="tabular-nums">{row.end ? formatTime(row.end) : ''}</TableCell>
          <TableCell>{row.service}</TableCell>
          <TableCell>{row.staff}</TableCell>
        </>
      )}
    />
  );
}

/** What the server booked, skipped and could not book, line by line. */
export function ImportResult({ result }: { result: AppointmentImportResult }) {
  return (
    <div className="grid gap-5">
      <p role="status" className="flex items-center gap-2 text-sm font-medium">
        {result.failed.length === 0 ? (
          <CircleCheckIcon aria-hidden="true" className="size-4 text-success-soft-foreground" />
        ) : (
          <CircleAlertIcon aria-hidden="true" className="size-4 text-destructive" />
        )}
        {summary(result)}.
      </p>
      <ImportCounts
        items={[
          {
            label: 'Booked',
            value: result.created,
            hint: 'Appointments created, with their reminders',
          },
          { label: 'Skipped', value: result.skipped, hint: 'Booking IDs imported before' },
          { label: 'New contacts', value: result.contacts_created, hint: 'Numbers you did not have' },
          { label: 'Problems', value: result.failed.length, hint: 'Rows that were not booked' },
        ]}
      />
      {result.failed.length > 0 && (
        <ImportProblemList
          problems={result.failed.map((problem) => ({
            line: problem.line,
            reason: problem.field
              ? `${APPOINTMENT_IMPORT_LABELS[problem.field as AppointmentImportField] ?? problem.field}: ${problem.message}`
              : problem.message,
          }))}
        />
      )}
    </div>
  );
}

/** "3 booked, 1 skipped, 2 problems" */
function summary(result: AppointmentImportResult): string {
  const problems = result.failed.length;
  return [
    `${result.created.toLocaleString()} booked`,
    `${result.skipped.toLocaleString()} skipped`,
    `${problems.toLocaleString()} ${problems === 1 ? 'problem' : 'problems'}`,
  ].join(', ');
}
