import { CircleAlertIcon, FileUpIcon, LoaderCircleIcon } from 'lucide-react';
import { type DragEvent, type ReactNode, useState } from 'react';
import { cn } from '@/lib/utils';

/**
 * A file from the computer, by the file picker or by dropping it on the box (an import's first step): `prompt` is
 * what the box says ("Drop a CSV file here, or choose one"), `busyText` what it says while the file is read or sent,
 * `hint` what the file should be; the error, when there is one, under it.
 */
export function FileDropzone({
  id,
  accept,
  inputLabel,
  prompt,
  hint,
  busy,
  busyText,
  error,
  onFile,
  testId,
}: {
  id: string;
  accept: string;
  inputLabel: string;
  prompt: ReactNode;
  hint: ReactNode;
  busy: boolean;
  busyText: string;
  error: string | undefined;
  onFile: (file: File) => void;
  testId?: string;
}) {
  const [dragging, setDragging] = useState(false);
  const errorId = `${id}-error`;

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) onFile(file);
  };

  return (
    <>
      <label
        htmlFor={id}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid={testId}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors',
          'hover:border-primary/50 hover:bg-primary-soft/40',
          'has-[input:focus-visible]:border-ring has-[input:focus-visible]:ring-[3px] has-[input:focus-visible]:ring-ring/50',
          dragging && 'border-primary bg-primary-soft/60',
          error && 'border-destructive/50',
        )}
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
          {busy ? (
            <LoaderCircleIcon aria-hidden="true" className="size-6 animate-spin" />
          ) : (
            <FileUpIcon aria-hidden="true" className="size-6" />
          )}
        </span>
        <span className="grid gap-1" aria-live="polite">
          <span className="font-medium break-words">{busy ? busyText : prompt}</span>
          <span className="text-sm text-muted-foreground">{hint}</span>
        </span>
        <input
          id={id}
          type="file"
          accept={accept}
          aria-label={inputLabel}
          className="sr-only"
          disabled={busy}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so that choosing the same file again (after fixing it) is noticed.
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
      </label>
      {error && (
        <p id={errorId} role="alert" className="flex items-start gap-2 text-sm text-destructive">
          <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 break-words">{error}</span>
        </p>
      )}
    </>
  );
}
