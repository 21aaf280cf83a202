import { CircleAlertIcon, DownloadIcon, FileUpIcon, LoaderCircleIcon } from 'lucide-react';
import { type DragEvent, useState } from 'react';
import { type CsvPreview, formatFileSize, previewCsv } from '@/lib/csv-preview';
import { errorMessage } from '@/lib/errors';
import { cn } from '@/lib/utils';

/** Why a file cannot be imported before it is even read, or undefined when it may be. */
function checkCsvFile(file: File, maxBytes: number): string | undefined {
  if (file.size > maxBytes) {
    return `${file.name} is ${formatFileSize(file.size)}. Files up to ${formatFileSize(maxBytes)} can be imported: split it into smaller files and import each one.`;
  }
  const csvLike = /\.(csv|txt)$/i.test(file.name) || file.type === 'text/csv' || file.type === 'text/plain';
  if (!csvLike) {
    return `${file.name} is not a CSV file. Save your spreadsheet as CSV (File > Save as, or File > Download) and choose that file.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  return undefined;
}

/** A chosen CSV file, read: its name, size, text and preview. */
export interface CsvSource {
  fileName: string;
  size: number;
  text: string;
  preview: CsvPreview;
}

/**
 * Reads a file chosen for an import (`rowsNoun` names its rows: "contacts", "appointments"): the file checks, its
 * text and preview, or why it cannot be imported.
 */
export async function readCsvFile(
  file: File,
  maxBytes: number,
  rowsNoun: string,
): Promise<{ source: CsvSource } | { error: string }> {
  const problem = checkCsvFile(file, maxBytes);
  if (problem) return { error: problem };
  try {
    const text = await file.text();
    const preview = previewCsv(text, rowsNoun);
    if ('error' in preview) return { error: `${file.name}: ${preview.error}` };
    return { source: { fileName: file.name, size: file.size, text, preview } };
  } catch (error) {
    return { error: `${file.name} could not be read: ${errorMessage(error)}` };
  }
}

/**
 * Step 1 of a CSV import: a file from the computer, by the file picker or by dropping it on the box; `hint` says
 * what the file holds, `sample` is a file to start from.
 */
export function CsvFileStep({
  onFile,
  reading,
  error,
  hint,
  sample,
}: {
  onFile: (file: File) => void;
  reading: boolean;
  error: string | undefined;
  hint: string;
  sample: { fileName: string; csv: string };
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
          <span className="text-sm text-muted-foreground">{hint}</span>
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
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(sample.csv)}`}
          download={sample.fileName}
          className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <DownloadIcon aria-hidden="true" className="size-3.5" />
          Download a sample file
        </a>
      </p>
    </div>
  );
}
