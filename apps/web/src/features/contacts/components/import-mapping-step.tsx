import { IMPORT_FIELDS, type ImportConsentDefault } from '@callwise/shared/schemas/contact-imports';
import { Fragment, useId } from 'react';
import { ColumnMappingFields, CsvFileSummary } from '@/components/csv-column-mapping';
import type { CsvSource } from '@/components/csv-file-step';
import { CsvPreviewLineCell } from '@/components/csv-preview-line-cell';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  type ColumnMapping,
  IMPORT_FIELD_LABELS,
  type ImportField,
  isRequiredField,
  previewContact,
} from '@/features/contacts/utils/csv-import';
import { PREVIEW_ROWS } from '@/lib/csv-preview';
import { cn } from '@/lib/utils';

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

const CONSENT_PREVIEW: Readonly<Record<string, string>> = {
  none: 'None',
  informational: 'Informational',
  marketing: 'Marketing',
};

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

      <section aria-labelledby="import-preview-heading" className="grid min-w-0 gap-2">
        <div>
          <h3 id="import-preview-heading" className="text-sm font-semibold">
            Preview
          </h3>
          <p className="text-sm text-muted-foreground">
            The first {Math.min(PREVIEW_ROWS, rows.length)} rows as they will be imported.
          </p>
        </div>
        <div className="min-w-0 rounded-lg border">
          <Table aria-labelledby="import-preview-heading">
            <TableHeader>
              <TableRow>
                <TableHead>Line</TableHead>
                {IMPORT_FIELDS.map((field) => (
                  <TableHead key={field}>{IMPORT_FIELD_LABELS[field]}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {contacts.map((contact) => (
                <Fragment key={contact.line}>
                  <TableRow className={cn(contact.problem && 'border-b-0 bg-destructive-soft/40')}>
                    <CsvPreviewLineCell line={contact.line} problem={Boolean(contact.problem)} />
                    <TableCell>{contact.name}</TableCell>
                    <TableCell>{contact.firstName}</TableCell>
                    <TableCell>{contact.lastName}</TableCell>
                    <TableCell className="tabular-nums">{contact.phone}</TableCell>
                    <TableCell>{contact.email}</TableCell>
                    <TableCell>{contact.company}</TableCell>
                    <TableCell>
                      <span className="flex gap-1">
                        {contact.tags.map((tag) => (
                          <Badge key={tag} variant="neutral">
                            {tag}
                          </Badge>
                        ))}
                      </span>
                    </TableCell>
                    <TableCell>
                      {contact.consent ? (
                        CONSENT_PREVIEW[contact.consent]
                      ) : (
                        <span className="text-muted-foreground">Default</span>
                      )}
                    </TableCell>
                    <TableCell>
                      {contact.existingCustomer === null ? (
                        <span className="text-muted-foreground">Default</span>
                      ) : contact.existingCustomer ? (
                        'Yes'
                      ) : (
                        'No'
                      )}
                    </TableCell>
                  </TableRow>
                  {contact.problem && (
                    <TableRow className="bg-destructive-soft/40 hover:bg-destructive-soft/40">
                      <TableCell
                        colSpan={IMPORT_FIELDS.length + 1}
                        className="pt-0 text-[0.8125rem] whitespace-normal text-destructive"
                      >
                        {/* Stays in view on narrow screens, where the table scrolls sideways. */}
                        <span className="sticky left-3 block w-fit max-w-[min(40rem,calc(100vw-6rem))]">
                          Line {contact.line} will be skipped: {contact.problem}
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
          {CONSENT_DEFAULT_OPTIONS.map((option) => (
            <div key={option.value} className="flex items-start gap-3">
              <RadioGroupItem
                id={`import-consent-${option.value}`}
                value={option.value}
                aria-describedby={`import-consent-${option.value}-hint`}
                aria-invalid={consentDefaultError ? true : undefined}
                className="mt-0.5"
              />
              <div className="grid gap-1">
                <Label htmlFor={`import-consent-${option.value}`} className="font-normal">
                  {option.label}
                </Label>
                <p id={`import-consent-${option.value}-hint`} className="text-xs text-muted-foreground">
                  {option.hint}
                </p>
              </div>
            </div>
          ))}
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
          {DUPLICATE_OPTIONS.map((option) => (
            <div key={option.value} className="flex items-start gap-3">
              <RadioGroupItem
                id={`import-duplicates-${option.value}`}
                value={option.value}
                aria-describedby={`import-duplicates-${option.value}-hint`}
                className="mt-0.5"
              />
              <div className="grid gap-1">
                <Label htmlFor={`import-duplicates-${option.value}`} className="font-normal">
                  {option.label}
                </Label>
                <p id={`import-duplicates-${option.value}-hint`} className="text-xs text-muted-foreground">
                  {option.hint}
                </p>
              </div>
            </div>
          ))}
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
