import {
  APPOINTMENT_IMPORT_FIELDS,
  type AppointmentImportField,
  type AppointmentImportResult,
  type ImportDateOrder,
  MAX_APPOINTMENT_IMPORT_BYTES,
} from '@callwise/shared/schemas/appointment-imports';
import type { BookingSettings } from '@callwise/shared/schemas/booking';
import type { ImportConsentDefault } from '@callwise/shared/schemas/contact-imports';
import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { Fragment, useEffect, useRef, useState } from 'react';
import { ColumnMappingFields, CsvFileSummary } from '@/components/csv-column-mapping';
import { CsvFileStep, type CsvSource, readCsvFile } from '@/components/csv-file-step';
import { ImportCounts, ImportProblemList } from '@/components/csv-import-results';
import { CsvPreviewLineCell } from '@/components/csv-preview-line-cell';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCreateAppointmentImport } from '@/features/appointments/api/create-appointment-import';
import {
  APPOINTMENT_IMPORT_LABELS,
  type AppointmentColumnMapping,
  checkAppointmentMapping,
  guessAppointmentMapping,
  isRequiredAppointmentField,
  previewAppointment,
} from '@/features/appointments/utils/appointment-import';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { PREVIEW_ROWS } from '@/lib/csv-preview';
import { formatDateTime, formatTime } from '@/lib/dates';
import { fieldErrorsOf } from '@/lib/form-errors';
import { cn } from '@/lib/utils';

type Step = 'file' | 'map' | 'done';

const STEP_TEXT: Record<Step, string> = {
  file: 'Step 1 of 3: choose a CSV file.',
  map: 'Step 2 of 3: match the columns to appointment fields.',
  done: 'Step 3 of 3: the result.',
};

const SAMPLE = {
  fileName: 'appointments-sample.csv',
  csv: [
    'Phone,Name,Date,Time,Duration,Service,Staff,Booking ID',
    '(202) 555-0143,Maria Lopez,2026-12-01,3:00 PM,45,Cleaning,Dr. Patel,A-1001',
    '+44 20 7946 0958,Tom Becker,12/02/2026,09:30,,Checkup,Dr. Kim,A-1002',
    '',
  ].join('\r\n'),
};

const NEW_CONTACT_CONSENT: ReadonlyArray<{ value: ImportConsentDefault; label: string }> = [
  { value: 'existing_customer', label: 'Existing customers (reminders allowed)' },
  { value: 'informational', label: 'Agreed to informational calls' },
  { value: 'none', label: 'Nothing recorded yet' },
];

/**
 * The CSV import of appointments: a file, its columns matched to appointment fields (guessed from the headers)
 * with a preview of the first rows in the business's time zone, then what the server booked and the lines it
 * could not.
 */
export function ImportAppointmentsDialog({
  open,
  onOpenChange,
  settings,
  zone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  settings: BookingSettings | undefined;
  zone: string;
}) {
  const [step, setStep] = useState<Step>('file');
  const [reading, setReading] = useState(false);
  const [fileError, setFileError] = useState<string>();
  const [source, setSource] = useState<CsvSource | null>(null);
  const [mapping, setMapping] = useState<AppointmentColumnMapping>(() => guessAppointmentMapping([]));
  const [mappingErrors, setMappingErrors] = useState<Partial<Record<AppointmentImportField, string>>>({});
  const [dateOrder, setDateOrder] = useState<ImportDateOrder>('mdy');
  const [consentDefault, setConsentDefault] = useState<ImportConsentDefault>('existing_customer');
  const [result, setResult] = useState<AppointmentImportResult | null>(null);
  const start = useCreateAppointmentImport();
  const focus = useReturnFocus();
  const stepText = useRef<HTMLParagraphElement | null>(null);
  const shownStep = useRef<Step>(step);
  // Each step replaces the controls of the one before: its line takes the focus, so keyboard and screen reader
  // users hear where they are.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (open) stepText.current?.focus();
  }, [step, open]);

  const reset = () => {
    setStep('file');
    setReading(false);
    setFileError(undefined);
    setSource(null);
    setMappingErrors({});
    setResult(null);
    start.reset();
  };

  const chooseFile = async (file: File) => {
    setReading(true);
    setFileError(undefined);
    const read = await readCsvFile(file, MAX_APPOINTMENT_IMPORT_BYTES, 'appointments');
    setReading(false);
    if ('error' in read) {
      setFileError(read.error);
      return;
    }
    setSource(read.source);
    setMapping(guessAppointmentMapping(read.source.preview.headers));
    setMappingErrors({});
    setStep('map');
  };

  const runImport = () => {
    if (!source) return;
    const checked = checkAppointmentMapping(mapping);
    if (!checked.ok) {
      setMappingErrors(checked.errors);
      const first = APPOINTMENT_IMPORT_FIELDS.find((field) => checked.errors[field]);
      if (first) document.getElementById(`import-map-${first}`)?.focus();
      return;
    }
    setMappingErrors({});
    start.mutate(
      {
        file_name: source.fileName,
        csv: source.text,
        mapping: checked.mapping,
        date_order: dateOrder,
        consent_default: consentDefault,
      },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setStep('done');
        },
        onError: (error) => {
          const problems: Partial<Record<AppointmentImportField, string>> = {};
          for (const problem of fieldErrorsOf(error)) {
            const field = problem.field.replace(/^mapping\./, '') as AppointmentImportField;
            if (field in mapping) problems[field] = problem.message;
          }
          setMappingErrors(problems);
        },
      },
    );
  };

  const changeOpen = (next: boolean) => {
    if (!next && start.isPending) return;
    onOpenChange(next);
    if (!next) reset();
  };

  const rows = source
    ? source.preview.rows.map((row) => previewAppointment(row, mapping, { zone, order: dateOrder, settings }))
    : [];

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className={cn(step !== 'file' && 'sm:max-w-4xl')} {...focus}>
        <DialogHeader>
          <DialogTitle>Import appointments</DialogTitle>
          <DialogDescription ref={stepText} tabIndex={-1} className="outline-none">
            {STEP_TEXT[step]}
          </DialogDescription>
        </DialogHeader>

        {step === 'file' && (
          <CsvFileStep
            onFile={(file) => void chooseFile(file)}
            reading={reading}
            error={fileError}
            hint="Up to 5,000 rows. The first row names the columns: phone, a start (or a date and a time) and, if you like, name, email, duration, service, staff, location, notes and a booking ID."
            sample={SAMPLE}
          />
        )}

        {step === 'map' && source && (
          <div className="grid min-w-0 gap-6">
            <CsvFileSummary fileName={source.fileName} size={source.size} preview={source.preview} />
            <ColumnMappingFields
              fields={APPOINTMENT_IMPORT_FIELDS}
              labels={APPOINTMENT_IMPORT_LABELS}
              isRequired={(field) => isRequiredAppointmentField(field, mapping)}
              headers={source.preview.headers}
              mapping={mapping}
              onMappingChange={(next) => {
                setMapping(next);
                setMappingErrors({});
              }}
              errors={mappingErrors}
              description="We picked the columns whose names fit. Fields marked * are required: a start column, or a date and a time column. Contacts are matched by phone number, or created."
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid content-start gap-1.5">
                <Label htmlFor="import-date-order">Dates like 12/01/2026 are</Label>
                <NativeSelect
                  id="import-date-order"
                  value={dateOrder}
                  onChange={(event) => setDateOrder(event.target.value as ImportDateOrder)}
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
                  onChange={(event) => setConsentDefault(event.target.value as ImportConsentDefault)}
                >
                  {NEW_CONTACT_CONSENT.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect>
                <p id="import-new-contacts-hint" className="text-xs text-muted-foreground">
                  Recorded as “Import: {source.fileName}”. Contacts you already have keep theirs.
                </p>
              </div>
            </div>
            <section aria-labelledby="import-preview-heading" className="grid min-w-0 gap-2">
              <div>
                <h3 id="import-preview-heading" className="text-sm font-semibold">
                  Preview
                </h3>
                <p className="text-sm text-muted-foreground">
                  The first {Math.min(PREVIEW_ROWS, rows.length)} rows as they will be booked, in your
                  business’s time zone ({zone}).
                </p>
              </div>
              <div className="min-w-0 rounded-lg border">
                <Table aria-labelledby="import-preview-heading">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Line</TableHead>
                      <TableHead>Phone</TableHead>
                      <TableHead>Name</TableHead>
                      <TableHead>Start</TableHead>
                      <TableHead>End</TableHead>
                      <TableHead>Service</TableHead>
                      <TableHead>Staff</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {rows.map((row) => (
                      <Fragment key={row.line}>
                        <TableRow className={cn(row.problem && 'border-b-0 bg-destructive-soft/40')}>
                          <CsvPreviewLineCell line={row.line} problem={Boolean(row.problem)} />
                          <TableCell className="tabular-nums">{row.phone}</TableCell>
                          <TableCell>{row.name}</TableCell>
                          <TableCell className="tabular-nums">
                            {row.start ? formatDateTime(row.start) : ''}
                          </TableCell>
                          <TableCell className="tabular-nums">{row.end ? formatTime(row.end) : ''}</TableCell>
                          <TableCell>{row.service}</TableCell>
                          <TableCell>{row.staff}</TableCell>
                        </TableRow>
                        {row.problem && (
                          <TableRow className="bg-destructive-soft/40 hover:bg-destructive-soft/40">
                            <TableCell
                              colSpan={7}
                              className="pt-0 text-[0.8125rem] whitespace-normal text-destructive"
                            >
                              <span className="sticky left-3 block w-fit max-w-[min(40rem,calc(100vw-6rem))]">
                                Line {row.line} will be skipped: {row.problem}
                              </span>
                            </TableCell>
                          </TableRow>
                        )}
                      </Fragment>
                    ))}
                  </TableBody>
                </Table>
              </div>
            </section>
          </div>
        )}

        {step === 'done' && result && (
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
        )}

        <DialogFooter>
          {step === 'file' && (
            <Button variant="outline" onClick={() => changeOpen(false)}>
              Cancel
            </Button>
          )}
          {step === 'map' && (
            <>
              <Button
                variant="outline"
                onClick={() => {
                  setStep('file');
                  setSource(null);
                }}
                disabled={start.isPending}
              >
                Choose another file
              </Button>
              <Button onClick={runImport} disabled={start.isPending}>
                {start.isPending ? 'Importing...' : 'Import appointments'}
              </Button>
            </>
          )}
          {step === 'done' && (
            <>
              <Button variant="outline" onClick={reset}>
                Import another file
              </Button>
              <Button onClick={() => changeOpen(false)}>Done</Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
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
