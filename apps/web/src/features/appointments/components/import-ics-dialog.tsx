import {
  type CalendarSyncSummary,
  calendarSyncSummarySchema,
} from '@callwise/shared/schemas/calendar-connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlertIcon, CircleCheckIcon, FileUpIcon, LoaderCircleIcon } from 'lucide-react';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ImportCounts } from '@/components/csv-import-results';
import { SkippedEvents } from '@/components/skipped-events';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { api } from '@/lib/api-client';
import { formatFileSize } from '@/lib/csv-preview';
import { errorMessage } from '@/lib/errors';
import { fieldErrorsOf } from '@/lib/form-errors';
import { appointmentsQueryKey } from '@/lib/query-keys';
import { cn } from '@/lib/utils';

/** The server takes an .ics upload of up to 5 MB. */
const MAX_ICS_BYTES = 5 * 1024 * 1024;

/** Sends an .ics file's text; the server applies its events at once and says what it did. */
function useImportIcs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ics: string) => api.post('/appointments/import-ics', { ics }, calendarSyncSummarySchema),
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentsQueryKey }),
  });
}

/** Why a file cannot be imported before it is even read, or undefined when it may be. */
function checkIcsFile(file: File): string | undefined {
  const icsLike = /\.(ics|ical|ifb|icalendar)$/i.test(file.name) || file.type === 'text/calendar';
  if (!icsLike) {
    return `${file.name} is not an .ics file. Export your calendar as iCalendar (.ics) and choose that file.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MAX_ICS_BYTES) {
    return `${file.name} is ${formatFileSize(file.size)}. Files up to ${formatFileSize(MAX_ICS_BYTES)} can be imported: export a shorter period.`;
  }
  return undefined;
}

/** "2 created, 0 updated, 1 cancelled, 3 unchanged, 1 skipped" */
function summaryText(summary: CalendarSyncSummary): string {
  return [
    `${summary.created.toLocaleString()} created`,
    `${summary.updated.toLocaleString()} updated`,
    `${summary.cancelled.toLocaleString()} cancelled`,
    `${summary.unchanged.toLocaleString()} unchanged`,
    `${summary.skipped.length.toLocaleString()} skipped`,
  ].join(', ');
}

/**
 * The upload of an .ics file (exported from any calendar): its timed events from a day ago to a year ahead
 * become appointments, matched by UID on the next upload; then what was created, updated, cancelled or skipped.
 */
export function ImportIcsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const upload = useImportIcs();
  const focus = useReturnFocus();
  const [reading, setReading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string>();
  const [fileName, setFileName] = useState<string>();
  const [result, setResult] = useState<CalendarSyncSummary | null>(null);
  const resultLine = useRef<HTMLParagraphElement>(null);
  const busy = reading || upload.isPending;

  useEffect(() => {
    if (result) resultLine.current?.focus();
  }, [result]);

  const reset = () => {
    setReading(false);
    setError(undefined);
    setFileName(undefined);
    setResult(null);
    upload.reset();
  };

  const changeOpen = (next: boolean) => {
    if (!next && busy) return;
    onOpenChange(next);
    if (!next) reset();
  };

  const chooseFile = async (file: File) => {
    setError(undefined);
    const problem = checkIcsFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    setFileName(file.name);
    setReading(true);
    let text: string;
    try {
      text = await file.text();
    } catch (readError) {
      setError(`${file.name} could not be read: ${errorMessage(readError)}`);
      return;
    } finally {
      setReading(false);
    }
    if (!text.trim()) {
      setError(`${file.name} is empty.`);
      return;
    }
    upload.mutate(text, {
      onSuccess: setResult,
      onError: (uploadError) => {
        const problem = fieldErrorsOf(uploadError).find((item) => item.field === 'ics');
        setError(
          problem ? `${file.name} ${problem.message.replace(/\.?$/, '.')}` : errorMessage(uploadError),
        );
      },
    });
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) void chooseFile(file);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-xl" {...focus}>
        <DialogHeader>
          <DialogTitle>Import an .ics file</DialogTitle>
          <DialogDescription>
            {result
              ? `What ${fileName ?? 'the file'} did to your appointments.`
              : 'Events with a time, from yesterday to a year ahead, become appointments. Importing the same calendar again updates them.'}
          </DialogDescription>
        </DialogHeader>

        {result ? (
          <div className="grid gap-5">
            <p
              ref={resultLine}
              tabIndex={-1}
              role="status"
              className="flex items-start gap-2 text-sm font-medium outline-none"
            >
              {result.skipped.length === 0 ? (
                <CircleCheckIcon
                  aria-hidden="true"
                  className="mt-0.5 size-4 shrink-0 text-success-soft-foreground"
                />
              ) : (
                <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
              )}
              {summaryText(result)}.
            </p>
            <ImportCounts
              items={[
                { label: 'Created', value: result.created, hint: 'Appointments created from new events' },
                { label: 'Updated', value: result.updated, hint: 'Appointments moved or corrected' },
                { label: 'Cancelled', value: result.cancelled, hint: 'Events cancelled in the calendar' },
                { label: 'Unchanged', value: result.unchanged, hint: 'Events already as they are here' },
              ]}
            />
            {result.skipped.length > 0 && <SkippedEvents skipped={result.skipped} />}
          </div>
        ) : (
          <div className="grid gap-4">
            <label
              htmlFor="import-ics-file"
              onDragEnter={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragOver={(event) => event.preventDefault()}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
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
                <span className="font-medium break-words">
                  {busy ? (
                    `Importing ${fileName ?? 'the file'}...`
                  ) : (
                    <>
                      Drop an .ics file here, or{' '}
                      <span className="text-primary underline underline-offset-4">choose one</span>
                    </>
                  )}
                </span>
                <span className="text-sm text-muted-foreground">
                  Export it from Google Calendar, Outlook or Apple Calendar. Up to 5&nbsp;MB.
                </span>
              </span>
              <input
                id="import-ics-file"
                type="file"
                accept=".ics,text/calendar"
                aria-label="Choose an .ics file"
                className="sr-only"
                disabled={busy}
                aria-describedby={error ? 'import-ics-error' : undefined}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  // Cleared, so that choosing the same file again (after fixing it) is noticed.
                  event.target.value = '';
                  if (file) void chooseFile(file);
                }}
              />
            </label>
            {error && (
              <p
                id="import-ics-error"
                role="alert"
                className="flex items-start gap-2 text-sm text-destructive"
              >
                <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span className="min-w-0 break-words">{error}</span>
              </p>
            )}
            <p className="text-sm text-muted-foreground">
              A calendar you keep using is better subscribed to: add its address under{' '}
              <Link
                to={paths.settingsBooking}
                className="font-medium text-primary underline underline-offset-4"
                onClick={() => onOpenChange(false)}
              >
                Settings → Booking
              </Link>{' '}
              and it is read every 15 minutes.
            </p>
          </div>
        )}

        <DialogFooter>
          {result ? (
            <>
              <Button variant="outline" onClick={reset}>
                Import another file
              </Button>
              <Button onClick={() => changeOpen(false)}>Done</Button>
            </>
          ) : (
            <Button variant="outline" onClick={() => changeOpen(false)} disabled={busy}>
              Cancel
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
