import { MAX_IMPORT_BYTES } from '@callwise/shared/schemas/contact-imports';
import { CircleAlertIcon, DownloadIcon, FileUpIcon, LoaderCircleIcon } from 'lucide-react';
import { type DragEvent, useState } from 'react';
import { formatFileSize } from '@/features/contacts/utils/csv-import';
import { cn } from '@/lib/utils';

const SAMPLE_CSV = [
  'Name,Phone,Email,Company,Tags',
  'Maria Lopez,(202) 555-0143,maria@example.com,Lopez Bakery,vip; weekly',
  'Tom Becker,+44 20 7946 0958,tom@example.co.uk,Becker & Sons,new patient',
  '',
].join('\r\n');

/** Why a file cannot be imported before it is even read, or undefined when it may be. */
export function checkImportFile(file: File): string | undefined {
  if (file.size > MAX_IMPORT_BYTES) {
    return `${file.name} is ${formatFileSize(file.size)}. Files up to ${formatFileSize(MAX_IMPORT_BYTES)} can be imported: split it into smaller files and import each one.`;
  }
  const csvLike = /\.(csv|txt)$/i.test(file.name) || file.type === 'text/csv' || file.type === 'text/plain';
  if (!csvLike) {
    return `${file.name} is not a CSV file. Save your spreadsheet as CSV (File > Save as, or File > Download) and choose that file.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  return undefined;
}

/** Step 1: a file from the computer, by the file picker or by dropping it on the box. */
export function ImportFileStep({
  onFile,
  reading,
  error,
}: {
  onFile: (file: File) => void;
  reading: boolean;
  error: string | undefined;
}) {
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <div className="grid gap-4">
      <label
        htmlFor="import-file"
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="import-dropzone"
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors',
          'hover:border-primary/50 hover:bg-primary-soft/40',
          'has-[input:focus-visible]:border-ring has-[input:focus-visible]:ring-[3px] has-[input:focus-visible]:ring-ring/50',
          dragging && 'border-primary bg-primary-soft/60',
          error && 'border-destructive/50',
        )}
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
          {reading ? (
            <LoaderCircleIcon aria-hidden="true" className="size-6 animate-spin" />
          ) : (
            <FileUpIcon aria-hidden="true" className="size-6" />
          )}
        </span>
        <span className="grid gap-1">
          <span className="font-medium">
            {reading ? (
              'Reading the file...'
            ) : (
              <>
                Drop a CSV file here, or{' '}
                <span className="text-primary underline underline-offset-4">choose one</span>
              </>
            )}
          </span>
          <span className="text-sm text-muted-foreground">
            Up to 20 MB. The first row names the columns: name, phone, email, company and, if you like, tags.
          </span>
        </span>
        <input
          id="import-file"
          type="file"
          accept=".csv,text/csv"
          aria-label="Choose a CSV file"
          className="sr-only"
          disabled={reading}
          aria-describedby={error ? 'import-file-error' : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so that choosing the same file again (after fixing it) is noticed.
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
      </label>
      {error && (
        <p id="import-file-error" role="alert" className="flex items-start gap-2 text-sm text-destructive">
          <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      )}
      <p className="text-sm text-muted-foreground">
        Not sure about the layout?{' '}
        <a
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE_CSV)}`}
          download="contacts-sample.csv"
          className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <DownloadIcon aria-hidden="true" className="size-3.5" />
          Download a sample file
        </a>
      </p>
    </div>
  );
}
