import {
  APPOINTMENT_IMPORT_FIELDS,
  type AppointmentImportField,
  type AppointmentImportResult,
  type ImportDateOrder,
  MAX_APPOINTMENT_IMPORT_BYTES,
} from '@callwise/shared/schemas/appointment-imports';
import type { BookingSettings } from '@callwise/shared/schemas/booking';
import type { ImportConsentDefault } from '@callwise/shared/schemas/contact-imports';
import { useState } from 'react';
import { ColumnMappingFields, CsvFileSummary } from '@/components/csv-column-mapping';
import { CsvFileStep } from '@/components/csv-file-step';
import { CsvImportDialogFrame, useCsvFileChoice } from '@/components/csv-import-dialog';
import { Button } from '@/components/ui/button';
import { useCreateAppointmentImport } from '@/features/appointments/api/create-appointment-import';
import {
  ImportOptions,
  ImportPreview,
  ImportResult,
} from '@/features/appointments/components/import-appointments-parts';
import {
  APPOINTMENT_IMPORT_LABELS,
  type AppointmentColumnMapping,
  checkAppointmentMapping,
  guessAppointmentMapping,
  isRequiredAppointmentField,
  previewAppointment,
} from '@/features/appointments/utils/appointment-import';
import { fieldProblemsOf, mappingFieldOf } from '@/lib/form-errors';

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
  const [mapping, setMapping] = useState<AppointmentColumnMapping>(() => guessAppointmentMapping([]));
  const [mappingErrors, setMappingErrors] = useState<Partial<Record<AppointmentImportField, string>>>({});
  const [dateOrder, setDateOrder] = useState<ImportDateOrder>('mdy');
  const [consentDefault, setConsentDefault] = useState<ImportConsentDefault>('existing_customer');
  const [result, setResult] = useState<AppointmentImportResult | null>(null);
  const start = useCreateAppointmentImport();
  const file = useCsvFileChoice(MAX_APPOINTMENT_IMPORT_BYTES, 'appointments', (read) => {
    setMapping(guessAppointmentMapping(read.preview.headers));
    setMappingErrors({});
    setStep('map');
  });
  const source = file.source;

  const reset = () => {
    setStep('file');
    file.clear();
    setMappingErrors({});
    setResult(null);
    start.reset();
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
          setMappingErrors(fieldProblemsOf(error, mappingFieldOf(mapping)));
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
    <CsvImportDialogFrame
      open={open}
      onOpenChange={changeOpen}
      title="Import appointments"
      step={step}
      stepTexts={STEP_TEXT}
      footer={
        <>
          {step === 'map' && (
            <>
              <Button
                variant="outline"
                onClick={() => {
                  setStep('file');
                  file.clear();
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
        </>
      }
    >
      {step === 'file' && (
        <CsvFileStep
          onFile={(chosen) => void file.chooseFile(chosen)}
          reading={file.reading}
          error={file.fileError}
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
          <ImportOptions
            dateOrder={dateOrder}
            onDateOrderChange={setDateOrder}
            consentDefault={consentDefault}
            onConsentDefaultChange={setConsentDefault}
            fileName={source.fileName}
          />
          <ImportPreview rows={rows} zone={zone} />
        </div>
      )}

      {step === 'done' && result && <ImportResult result={result} />}
    </CsvImportDialogFrame>
  );
}
