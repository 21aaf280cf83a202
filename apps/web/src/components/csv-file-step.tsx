import { DownloadIcon } from 'lucide-react';
import { FileDropzone } from '@/components/file-dropzone';
import { type CsvPreview, formatFileSize, previewCsv } from '@/lib/csv-preview';
import { errorMessage } from '@/lib/errors';

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
  return (
    <div className="grid gap-4">
      <FileDropzone
        id="import-file"
        accept=".csv,text/csv"
        inputLabel="Choose a CSV file"
        testId="import-dropzone"
        busy={reading}
        busyText="Reading the file..."
        prompt={
          <>
            Drop a CSV file here, or{' '}
            <span className="text-primary underline underline-offset-4">choose one</span>
          </>
        }
        hint={hint}
        error={error}
        onFile={onFile}
      />
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
