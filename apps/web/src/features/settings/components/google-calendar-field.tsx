import { CircleAlertIcon, LoaderCircleIcon, RefreshCwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import type { GoogleCalendar } from '@/features/settings/api/calendar-connections';

/** "Front desk (primary)", with "read only" when confirmations cannot be written back to it. */
function calendarLabel(calendar: GoogleCalendar): string {
  const notes = [calendar.primary ? 'primary' : null, calendar.writable ? null : 'read only'].filter(Boolean);
  return notes.length > 0 ? `${calendar.summary} (${notes.join(', ')})` : calendar.summary;
}

/**
 * Which calendar of the Google account is read: a select of its calendars, loaded from Google (a busy line while
 * they load; why not, with Try again, when Google refuses; the calendar read until now stays shown meanwhile).
 */
export function GoogleCalendarField({
  value,
  onChange,
  current,
  calendars,
  loading,
  loadError,
  retrying,
  onRetry,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  current: { id: string | null; name: string | null };
  calendars: GoogleCalendar[] | undefined;
  loading: boolean;
  loadError: string | undefined;
  retrying: boolean;
  onRetry: () => void;
  error?: string;
}) {
  const id = 'edit-calendar-calendar_id';
  const listed = calendars ?? [];
  // The calendar read until now, while the list loads or when Google no longer lists it.
  const options =
    current.id && !listed.some((calendar) => calendar.id === current.id)
      ? [
          { id: current.id, label: current.name ?? current.id },
          ...listed.map((c) => ({ id: c.id, label: calendarLabel(c) })),
        ]
      : listed.map((c) => ({ id: c.id, label: calendarLabel(c) }));
  const description = loading ? (
    <span className="flex items-center gap-1.5" role="status">
      <LoaderCircleIcon aria-hidden="true" className="size-3.5 animate-spin" />
      Loading the account’s calendars...
    </span>
  ) : loadError ? undefined : (
    'Its events become appointments here. The list comes from the Google account.'
  );
  return (
    <div className="grid gap-2">
      <FormField id={id} label="Calendar" error={error} description={error ? undefined : description}>
        <NativeSelect
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={loading || (Boolean(loadError) && options.length <= 1)}
          aria-busy={loading || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [error || description ? fieldMessageId(id) : null, loadError ? `${id}-load-error` : null]
              .filter(Boolean)
              .join(' ') || undefined
          }
        >
          {!value && <option value="">Choose a calendar</option>}
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {loadError && (
        <div
          id={`${id}-load-error`}
          role="alert"
          className="flex flex-col gap-2 rounded-lg border border-destructive/30 bg-destructive-soft/40 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex min-w-0 items-start gap-2">
            <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            <span className="min-w-0 break-words">The calendars could not be loaded. {loadError}</span>
          </p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start sm:self-auto"
            onClick={onRetry}
            disabled={retrying}
          >
            <RefreshCwIcon aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
            {retrying ? 'Trying again...' : 'Try again'}
          </Button>
        </div>
      )}
    </div>
  );
}
