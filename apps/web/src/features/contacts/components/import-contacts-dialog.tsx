import { type ImportConsentDefault, MAX_IMPORT_BYTES } from '@callwise/shared/schemas/contact-imports';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CsvImportDialogFrame, useCsvFileChoice } from '@/components/csv-import-dialog';
import { Button } from '@/components/ui/button';
import { useCreateContactImport } from '@/features/contacts/api/create-contact-import';
import {
  contactImportQueryOptions,
  isImportFinished,
  useContactImport,
} from '@/features/contacts/api/get-contact-import';
import { ImportFileStep } from '@/features/contacts/components/import-file-step';
import {
  type DuplicateMode,
  ImportMappingActions,
  ImportMappingStep,
} from '@/features/contacts/components/import-mapping-step';
import { ImportProgressStep } from '@/features/contacts/components/import-progress-step';
import { useImportAnnouncement } from '@/features/contacts/hooks/use-import-announcement';
import {
  type ColumnMapping,
  EMPTY_MAPPING,
  guessMapping,
  type ImportField,
} from '@/features/contacts/utils/csv-import';
import { checkMapping, mappingProblemsOf } from '@/features/contacts/utils/import-mapping';

type Step = 'file' | 'map' | 'progress';

const CONSENT_DEFAULT_MISSING = 'Choose what these contacts agreed to before importing.';

const STEP_TEXT: Record<Step, string> = {
  file: 'Step 1 of 3: choose a CSV file.',
  map: 'Step 2 of 3: match the columns to contact fields.',
  progress: 'Step 3 of 3: import.',
};

/**
 * The CSV import wizard: a file, its columns matched to contact fields, then the server's progress and
 * summary. It stays mounted while closed, so an import keeps being followed (and the list refreshed when it
 * ends) after the dialog is closed; reopened, it shows where the import is.
 */
export function ImportContactsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('file');
  const [mapping, setMapping] = useState<ColumnMapping>(EMPTY_MAPPING);
  const [mappingErrors, setMappingErrors] = useState<Partial<Record<ImportField, string>>>({});
  const [duplicates, setDuplicates] = useState<DuplicateMode>('skip');
  const [consentDefault, setConsentDefault] = useState<ImportConsentDefault | null>(null);
  const [consentDefaultError, setConsentDefaultError] = useState<string>();
  const [importId, setImportId] = useState<string | null>(null);
  const file = useCsvFileChoice(MAX_IMPORT_BYTES, 'contacts', (read) => {
    setMapping(guessMapping(read.preview.headers));
    setMappingErrors({});
    setStep('map');
  });
  const source = file.source;
  const start = useCreateContactImport();
  const job = useContactImport(importId).data;
  const finished = job !== undefined && isImportFinished(job);

  const reset = () => {
    setStep('file');
    file.clear();
    setMapping(EMPTY_MAPPING);
    setMappingErrors({});
    setDuplicates('skip');
    setConsentDefault(null);
    setConsentDefaultError(undefined);
    setImportId(null);
  };

  useImportAnnouncement(job, open);

  const startImport = () => {
    if (!source) return;
    const checked = checkMapping(mapping);
    if (!checked.ok) {
      setMappingErrors(checked.problems);
      return;
    }
    setMappingErrors({});
    if (!consentDefault) {
      setConsentDefaultError(CONSENT_DEFAULT_MISSING);
      document.getElementById('import-consent-existing_customer')?.focus();
      return;
    }
    start.mutate(
      {
        file_name: source.fileName,
        csv: source.text,
        mapping: checked.mapping,
        duplicates,
        consent_default: consentDefault,
      },
      {
        onSuccess: (started) => {
          queryClient.setQueryData(contactImportQueryOptions(started.id).queryKey, started);
          setImportId(started.id);
          setStep('progress');
        },
        onError: (error) => setMappingErrors(mappingProblemsOf(error, mapping)),
      },
    );
  };

  const changeOpen = (next: boolean) => {
    onOpenChange(next);
    // Closed before an import started, or after it ended: the next opening starts afresh.
    if (!next && (step !== 'progress' || finished)) reset();
  };

  return (
    <CsvImportDialogFrame
      open={open}
      onOpenChange={changeOpen}
      title="Import contacts"
      step={step}
      stepTexts={STEP_TEXT}
      footer={
        <>
          {step === 'map' && (
            <ImportMappingActions
              onBack={() => {
                setStep('file');
                file.clear();
              }}
              onImport={startImport}
              pending={start.isPending}
              missing={consentDefault ? undefined : CONSENT_DEFAULT_MISSING}
            />
          )}
          {step === 'progress' &&
            (finished ? (
              <>
                <Button variant="outline" onClick={reset}>
                  Import another file
                </Button>
                <Button onClick={() => changeOpen(false)}>Done</Button>
              </>
            ) : (
              <Button variant="outline" onClick={() => changeOpen(false)}>
                Close
              </Button>
            ))}
        </>
      }
    >
      {step === 'file' && (
        <ImportFileStep
          onFile={(chosen) => void file.chooseFile(chosen)}
          reading={file.reading}
          error={file.fileError}
        />
      )}
      {step === 'map' && source && (
        <ImportMappingStep
          source={source}
          mapping={mapping}
          onMappingChange={(next) => {
            setMapping(next);
            setMappingErrors({});
          }}
          errors={mappingErrors}
          duplicates={duplicates}
          onDuplicatesChange={setDuplicates}
          consentDefault={consentDefault}
          onConsentDefaultChange={(value) => {
            setConsentDefault(value);
            setConsentDefaultError(undefined);
          }}
          consentDefaultError={consentDefaultError}
        />
      )}
      {step === 'progress' && <ImportProgressStep job={job} />}
    </CsvImportDialogFrame>
  );
}
