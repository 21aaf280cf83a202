import { CircleAlertIcon, KeyRoundIcon, LoaderCircleIcon, RefreshCwIcon, Undo2Icon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import {
  type Connection,
  type GoogleCalendar,
  type UpdateConnectionInput,
  useGoogleCalendars,
  useUpdateCalendarConnection,
} from '@/features/settings/api/calendar-connections';
import {
  StaffSelect,
  sentenceOf,
  useStaffNames,
} from '@/features/settings/components/calendar-connection-parts';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { errorMessage } from '@/lib/errors';
import { fieldErrorsOf } from '@/lib/form-errors';

type Field = 'name' | 'staff' | 'api_key' | 'calendar_id';
const FIELDS: readonly Field[] = ['name', 'staff', 'calendar_id', 'api_key'];
/** What Save does with a Cal.com API key: leave it, store the one typed, or remove the stored one. */
type KeyChange = 'keep' | 'set' | 'remove';

/**
 * Edits a connection: its name, whose calendar it is and, for Cal.com, its API key (set, replaced or removed;
 * the key itself is never shown); for Google, which calendar of the account is read (listed from Google). Mount it with a `key` per opening so that it starts from the connection.
 */
export function EditCalendarDialog({
  connection,
  open,
  onOpenChange,
}: {
  connection: Connection | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateCalendarConnection();
  const staffNames = useStaffNames();
  const focus = useReturnFocus();
  const [name, setName] = useState(connection?.name ?? '');
  const [staff, setStaff] = useState(connection?.staff ?? '');
  const [keyChange, setKeyChange] = useState<KeyChange>(connection?.has_api_key ? 'keep' : 'set');
  const [apiKey, setApiKey] = useState('');
  const [calendarId, setCalendarId] = useState(connection?.calendar_id ?? '');
  const calendars = useGoogleCalendars(connection?.id, open && connection?.kind === 'google');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string>();

  const changeOpen = (next: boolean) => {
    if (!next && update.isPending) return;
    onOpenChange(next);
  };

  const showErrors = (problems: Partial<Record<Field, string>>) => {
    setErrors(problems);
    const first = FIELDS.find((field) => problems[field]);
    if (first) document.getElementById(`edit-calendar-${first}`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!connection) return;
    setFormError(undefined);
    const trimmed = name.trim();
    if (!trimmed) {
      showErrors({ name: 'Enter a name.' });
      return;
    }
    const input: UpdateConnectionInput = {};
    if (trimmed !== connection.name) input.name = trimmed;
    if ((staff || null) !== (connection.staff ?? null)) input.staff = staff || null;
    if (connection.kind === 'google' && calendarId && calendarId !== connection.calendar_id)
      input.calendar_id = calendarId;
    if (connection.kind === 'calcom') {
      if (keyChange === 'remove') input.api_key = null;
      else if (keyChange === 'set' && apiKey.trim()) input.api_key = apiKey.trim();
      else if (keyChange === 'set' && connection.has_api_key) {
        showErrors({ api_key: 'Enter the new API key, or keep the current one.' });
        return;
      }
    }
    setErrors({});
    if (Object.keys(input).length === 0) {
      changeOpen(false);
      return;
    }
    update.mutate(
      { id: connection.id, input },
      {
        onSuccess: () => onOpenChange(false),
        onError: (error) => {
          const problems: Partial<Record<Field, string>> = {};
          for (const problem of fieldErrorsOf(error)) {
            if ((FIELDS as readonly string[]).includes(problem.field))
              problems[problem.field as Field] ??= sentenceOf(problem.field, problem.message);
          }
          if (Object.keys(problems).length > 0) showErrors(problems);
          else setFormError(errorMessage(error));
        },
      },
    );
  };

  const field = (id: Field) => ({
    id: `edit-calendar-${id}`,
    'aria-invalid': errors[id] ? true : undefined,
    'aria-describedby': fieldMessageId(`edit-calendar-${id}`),
  });

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-lg" {...focus}>
        <DialogHeader>
          <DialogTitle>Edit “{connection?.name}”</DialogTitle>
          <DialogDescription>
            {connection?.kind === 'calcom'
              ? 'Its webhook URL and signing secret stay as they are.'
              : connection?.kind === 'google'
                ? 'Another calendar of the same Google account is read at once; the appointments already here stay.'
                : 'Its address stays as it is: to read another calendar, add it and remove this one.'}
          </DialogDescription>
        </DialogHeader>
        <form id="edit-calendar-form" onSubmit={submit} noValidate className="grid min-w-0 gap-5">
          <FormField id="edit-calendar-name" label="Name" error={errors.name}>
            <Input
              {...field('name')}
              value={name}
              maxLength={100}
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
            />
          </FormField>
          <StaffSelect
            id="edit-calendar-staff"
            value={staff}
            onChange={setStaff}
            names={staffNames}
            error={errors.staff}
          />
          {connection?.kind === 'google' && (
            <GoogleCalendarField
              value={calendarId}
              onChange={(next) => {
                setCalendarId(next);
                setErrors((current) => ({ ...current, calendar_id: undefined }));
              }}
              current={{ id: connection.calendar_id, name: connection.calendar_name }}
              calendars={calendars.data}
              loading={calendars.isPending}
              loadError={calendars.isError ? errorMessage(calendars.error) : undefined}
              retrying={calendars.isFetching}
              onRetry={() => void calendars.refetch()}
              error={errors.calendar_id}
            />
          )}
          {connection?.kind === 'calcom' && (
            <ApiKeyField
              hasKey={connection.has_api_key}
              change={keyChange}
              onChange={(next) => {
                setKeyChange(next);
                setApiKey('');
                // The button pressed gives way to the field or to its opposite: the focus follows.
                window.requestAnimationFrame(() =>
                  document
                    .getElementById(next === 'set' ? 'edit-calendar-api_key' : 'edit-calendar-key-action')
                    ?.focus(),
                );
                setErrors((current) => ({ ...current, api_key: undefined }));
              }}
              value={apiKey}
              onValueChange={setApiKey}
              error={errors.api_key}
              inputProps={field('api_key')}
            />
          )}
          {formError && (
            <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
              <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {formError}
            </p>
          )}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => changeOpen(false)} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="edit-calendar-form" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** "Front desk (primary)", with "read only" when confirmations cannot be written back to it. */
function calendarLabel(calendar: GoogleCalendar): string {
  const notes = [calendar.primary ? 'primary' : null, calendar.writable ? null : 'read only'].filter(Boolean);
  return notes.length > 0 ? `${calendar.summary} (${notes.join(', ')})` : calendar.summary;
}

/**
 * Which calendar of the Google account is read: a select of its calendars, loaded from Google (a busy line while
 * they load; why not, with Try again, when Google refuses; the calendar read until now stays shown meanwhile).
 */
function GoogleCalendarField({
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

/** The Cal.com API key: "stored" with Replace and Remove, a field for a new one, or "will be removed" with Undo. */
function ApiKeyField({
  hasKey,
  change,
  onChange,
  value,
  onValueChange,
  error,
  inputProps,
}: {
  hasKey: boolean;
  change: KeyChange;
  onChange: (change: KeyChange) => void;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  inputProps: { id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string };
}) {
  if (change === 'set') {
    return (
      <FormField
        id="edit-calendar-api_key"
        label={hasKey ? 'New Cal.com API key' : 'Cal.com API key (optional)'}
        error={error}
        description="Stored to write changes back to Cal.com later; never shown again."
        labelAside={
          hasKey ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange('keep')}>
              <Undo2Icon aria-hidden="true" />
              Keep current key
            </Button>
          ) : undefined
        }
      >
        <Input
          {...inputProps}
          value={value}
          maxLength={500}
          autoComplete="off"
          spellCheck={false}
          placeholder="cal_live_…"
          onChange={(event) => onValueChange(event.target.value)}
        />
      </FormField>
    );
  }
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">Cal.com API key</p>
      <div className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm" aria-live="polite">
          <KeyRoundIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          {change === 'remove' ? 'The key will be removed when you save.' : 'A key is stored (never shown).'}
        </p>
        <div className="flex gap-2">
          {change === 'remove' ? (
            <Button
              id="edit-calendar-key-action"
              type="button"
              variant="outline"
              size="sm"
              onClick={() => onChange('keep')}
            >
              <Undo2Icon aria-hidden="true" />
              Keep Key
            </Button>
          ) : (
            <>
              <Button
                id="edit-calendar-key-action"
                type="button"
                variant="outline"
                size="sm"
                onClick={() => onChange('set')}
              >
                Replace Key
              </Button>
              <Button type="button" variant="outline" size="sm" onClick={() => onChange('remove')}>
                Remove Key
              </Button>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
