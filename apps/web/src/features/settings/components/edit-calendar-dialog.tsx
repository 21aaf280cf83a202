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
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  type Connection,
  type UpdateConnectionInput,
  useGoogleCalendars,
  useUpdateCalendarConnection,
} from '@/features/settings/api/calendar-connections';
import { ApiKeyField, type KeyChange } from '@/features/settings/components/calcom-api-key-field';
import {
  FormError,
  StaffSelect,
  useStaffNames,
} from '@/features/settings/components/calendar-connection-parts';
import { GoogleCalendarField } from '@/features/settings/components/google-calendar-field';
import { useConnectionErrors } from '@/features/settings/hooks/use-connection-errors';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { errorMessage } from '@/lib/errors';

type Field = 'name' | 'staff' | 'api_key' | 'calendar_id';
const FIELDS: readonly Field[] = ['name', 'staff', 'calendar_id', 'api_key'];

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
  const { errors, setErrors, formError, setFormError, showErrors, refused, field } = useConnectionErrors(
    'edit-calendar',
    FIELDS,
  );

  const changeOpen = (next: boolean) => {
    if (!next && update.isPending) return;
    onOpenChange(next);
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
        onError: refused,
      },
    );
  };

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
          <FormError message={formError} />
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
