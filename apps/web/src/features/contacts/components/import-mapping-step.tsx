import { IMPORT_FIELDS, type ImportConsentDefault } from '@callwise/shared/schemas/contact-imports';
import { useId } from 'react';
import { ColumnMappingFields, CsvFileSummary } from '@/components/csv-column-mapping';
import type { CsvSource } from '@/components/csv-file-step';
import { HintedRadioOptions } from '@/components/form-parts/hinted-radio-options';
import { Button } from '@/components/ui/button';
import { RadioGroup } from '@/components/ui/radio-group';
import { ImportPreviewTable } from '@/features/contacts/components/import-preview-table';
import {
  type ColumnMapping,
  IMPORT_FIELD_LABELS,
  type ImportField,
  isRequiredField,
  previewContact,
} from '@/features/contacts/utils/csv-import';

export type DuplicateMode = 'skip' | 'merge';

const DUPLICATE_OPTIONS: ReadonlyArray<{ value: DuplicateMode; label: string; hint: string }> = [
  {
    value: 'skip',
    label: 'Skip numbers I already have',
    hint: 'Contacts you already have stay as they are.',
  },
  {
    value: 'merge',
    label: "Update them with the file's details",
    hint: 'Name, email and company (and first and last names, when matched) come from the file; its tags are added to theirs.',
  },
];

export const CONSENT_DEFAULT_OPTIONS: ReadonlyArray<{
  value: ImportConsentDefault;
  label: string;
  hint: string;
}> = [
  {
    value: 'existing_customer',
    label: 'These are existing customers who gave us their number',
    hint: 'Reminders, confirmations and follow-ups can be scheduled for them; promotional calls still need marketing consent.',
  },
  {
    value: 'informational',
    label: 'They agreed to informational calls',
    hint: 'Reminders, confirmations and follow-ups about their own appointments and orders.',
  },
  {
    value: 'none',
    label: 'No consent recorded yet — I will record it later',
    hint: 'They cannot be called until you record their consent (one by one or in bulk on the Contacts page).',
  },
];

/** The chosen file, read. */
export type ImportSource = CsvSource;

/** Step 2: which column feeds each field, a preview of the first rows, and what to do with known numbers. */
export function ImportMappingStep({
  source,
  mapping,
  onMappingChange,
  errors,
  duplicates,
  onDuplicatesChange,
  consentDefault,
  onConsentDefaultChange,
  consentDefaultError,
}: {
  source: ImportSource;
  mapping: ColumnMapping;
  onMappingChange: (mapping: ColumnMapping) => void;
  errors: Partial<Record<ImportField, string>>;
  duplicates: DuplicateMode;
  onDuplicatesChange: (mode: DuplicateMode) => void;
  /** What the contacts agreed to, for rows without consent cells; null until the user chooses. */
  consentDefault: ImportConsentDefault | null;
  onConsentDefaultChange: (value: ImportConsentDefault) => void;
  consentDefaultError: string | undefined;
}) {
  const duplicatesLabel = useId();
  const consentLabel = 'import-consent-default';
  const consentColumns = Boolean(mapping.consent || mapping.existing_customer);
  const { headers, rows } = source.preview;
  const contacts = rows.map((row) => previewContact(row, mapping));

  return (
    <div className="grid min-w-0 gap-6">
      <CsvFileSummary fileName={source.fileName} size={source.size} preview={source.preview} />

      <ColumnMappingFields
        fields={IMPORT_FIELDS}
        labels={IMPORT_FIELD_LABELS}
        isRequired={isRequiredField}
        headers={headers}
        mapping={mapping}
        onMappingChange={onMappingChange}
        errors={errors}
      />

      <ImportPreviewTable contacts={contacts} />

      <div className="grid gap-3" data-testid="import-consent-default">
        <div className="grid gap-1">
          <h3 id={consentLabel} className="text-sm font-semibold">
            What did these contacts agree to?
            <span aria-hidden="true" className="text-destructive">
              *
            </span>
          </h3>
          <p id={`${consentLabel}-hint`} className="text-sm text-muted-foreground">
            {consentColumns
              ? 'For rows whose consent cells are empty. Recorded as “Import: ' +
                source.fileName +
                '”, with today’s date and your name.'
              : 'For every contact in the file. Recorded as “Import: ' +
                source.fileName +
                '”, with today’s date and your name.'}
          </p>
        </div>
        <RadioGroup
          aria-labelledby={consentLabel}
          aria-describedby={
            consentDefaultError ? `${consentLabel}-hint ${consentLabel}-error` : `${consentLabel}-hint`
          }
          aria-required="true"
          aria-invalid={consentDefaultError ? true : undefined}
          value={consentDefault ?? ''}
          onValueChange={(value) => onConsentDefaultChange(value as ImportConsentDefault)}
        >
          <HintedRadioOptions
            idPrefix="import-consent"
            options={CONSENT_DEFAULT_OPTIONS}
            invalid={Boolean(consentDefaultError)}
          />
        </RadioGroup>
        {consentDefaultError && (
          <p id={`${consentLabel}-error`} className="text-[0.8125rem] text-destructive">
            {consentDefaultError}
          </p>
        )}
      </div>

      <div className="grid gap-3">
        <h3 id={duplicatesLabel} className="text-sm font-semibold">
          Numbers you already have
        </h3>
        <RadioGroup
          aria-labelledby={duplicatesLabel}
          value={duplicates}
          onValueChange={(value) => onDuplicatesChange(value as DuplicateMode)}
        >
          <HintedRadioOptions idPrefix="import-duplicates" options={DUPLICATE_OPTIONS} />
        </RadioGroup>
      </div>
    </div>
  );
}

/** The footer buttons of step 2. */
export function ImportMappingActions({
  onBack,
  onImport,
  pending,
  missing,
}: {
  onBack: () => void;
  onImport: () => void;
  pending: boolean;
  /** What must still be chosen before the import can start; undefined when nothing. */
  missing: string | undefined;
}) {
  return (
    <>
      {missing && (
        <p
          id="import-missing"
          className="text-[0.8125rem] text-muted-foreground sm:mr-auto sm:self-center"
          data-testid="import-missing"
        >
          {missing}
        </p>
      )}
      <Button variant="outline" onClick={onBack} disabled={pending}>
        Choose another file
      </Button>
      <Button onClick={onImport} disabled={pending} aria-describedby={missing ? 'import-missing' : undefined}>
        {pending ? 'Starting...' : 'Import contacts'}
      </Button>
    </>
  );
}
