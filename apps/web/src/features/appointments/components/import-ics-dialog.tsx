import {
  type CalendarSyncSummary,
  calendarSyncSummarySchema,
} from '@callwise/shared/schemas/calendar-connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FileDropzone } from '@/components/file-dropzone';
import { SyncSummary, syncSummaryText } from '@/components/sync-summary';
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
              {syncSummaryText(result)}.
            </p>
            <SyncSummary sync={result} />
          </div>
        ) : (
          <div className="grid gap-4">
            <FileDropzone
              id="import-ics-file"
              accept=".ics,text/calendar"
              inputLabel="Choose an .ics file"
              busy={busy}
              busyText={`Importing ${fileName ?? 'the file'}...`}
              prompt={
                <>
                  Drop an .ics file here, or{' '}
                  <span className="text-primary underline underline-offset-4">choose one</span>
                </>
              }
              hint={<>Export it from Google Calendar, Outlook or Apple Calendar. Up to 5&nbsp;MB.</>}
              error={error}
              onFile={(file) => void chooseFile(file)}
            />
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
