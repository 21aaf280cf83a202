import { CalendarSyncIcon, PlusIcon, RefreshCwIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  type Connection,
  useCalendarConnections,
  useDeleteCalendarConnection,
  useSyncCalendarConnection,
} from '@/features/settings/api/calendar-connections';
import { AddCalendarDialog } from '@/features/settings/components/add-calendar-dialog';
import { ConnectionRow, ListSkeleton } from '@/features/settings/components/calendar-connection-row';
import { EditCalendarDialog } from '@/features/settings/components/edit-calendar-dialog';
import { GoogleConnectError } from '@/features/settings/components/google-connect-error';
import { useBookingSettings } from '@/lib/booking-settings';
import { errorMessage } from '@/lib/errors';

/**
 * Settings → Booking: the calendars appointments come from (ICS subscriptions and Cal.com webhooks), each with
 * its address, whose calendar it is and its last sync; add, sync now, edit and remove. Saved at once, apart from
 * the booking form's Save.
 */
export function CalendarConnectionsCard() {
  const connections = useCalendarConnections();
  const bookingSettings = useBookingSettings();
  const [params, setParams] = useSearchParams();
  // Google sends the user back here with the connection made (its id) or why it was not: read once, then the
  // query leaves the address (replaced, no new history entry).
  const [connectedId, setConnectedId] = useState(() => params.get('calendar_connected'));
  const [googleError, setGoogleError] = useState(() => params.get('calendar_error'));
  const announced = useRef(false);
  const errorAlert = useRef<HTMLDivElement>(null);
  const sync = useSyncCalendarConnection();
  const remove = useDeleteCalendarConnection();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<{ open: boolean; connection: Connection | null; key: number }>({
    open: false,
    connection: null,
    key: 0,
  });
  const [removing, setRemoving] = useState<Connection | null>(null);
  // Settles when the removal's confirmation has closed and handed the focus back (see removeConnection).
  const focusReturned = useRef<(() => void) | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  const syncingId = sync.isPending ? sync.variables?.id : undefined;

  useEffect(() => {
    if (!params.has('calendar_connected') && !params.has('calendar_error')) return;
    const next = new URLSearchParams(params);
    next.delete('calendar_connected');
    next.delete('calendar_error');
    setParams(next, { replace: true, preventScrollReset: true });
  }, [params, setParams]);

  // Back from Google with a connection: a toast once the list has it, its row in view and focused (heard).
  const rows = connections.data?.data;
  const layoutSettled = !bookingSettings.isPending;
  useEffect(() => {
    if (!connectedId || !rows || !layoutSettled || announced.current) return;
    announced.current = true;
    setConnectedId(null);
    const connection = rows.find((row) => row.id === connectedId);
    toast.success('Google Calendar connected', {
      description: connection
        ? `“${connection.name}” is read now and kept in step.`
        : 'Its events are read now and kept in step.',
    });
    window.requestAnimationFrame(() => {
      const row = list.current?.querySelector<HTMLElement>(
        `[data-connection-id="${CSS.escape(connectedId)}"]`,
      );
      if (!row) return;
      row.scrollIntoView({ block: 'center' });
      row.focus({ preventScroll: true });
    });
  }, [connectedId, rows, layoutSettled]);

  // Back from Google without one: the alert is put in view once the page above it has its height.
  useEffect(() => {
    if (googleError && layoutSettled) errorAlert.current?.scrollIntoView({ block: 'center' });
  }, [googleError, layoutSettled]);

  /** After a removal its row is gone: the focus goes to the next row's Edit button, else to Add a calendar. */
  const removeConnection = async (connection: Connection, closed: Promise<void>) => {
    const rows = [...(list.current?.querySelectorAll<HTMLElement>('[data-connection-id]') ?? [])];
    const index = rows.findIndex((row) => row.dataset.connectionId === connection.id);
    const next = rows[index + 1] ?? rows[index - 1];
    const nextId = next?.dataset.connectionId;
    try {
      await remove.mutateAsync({ id: connection.id, name: connection.name });
    } catch {
      return;
    }
    // The confirmation hands the focus back (to the Remove button, or the page when that row is gone) when it
    // has closed: only then is it moved on, whichever of the two ends first.
    await closed;
    window.requestAnimationFrame(() => {
      const target = nextId
        ? list.current?.querySelector<HTMLElement>(
            `[data-connection-id="${nextId}"] button[aria-label^="Edit"]`,
          )
        : null;
      (target ?? addButton.current)?.focus();
    });
  };

  let body: ReactNode;
  if (connections.isPending) body = <ListSkeleton />;
  else if (connections.isError)
    body = (
      <div
        role="alert"
        className="flex flex-col gap-3 rounded-lg border border-destructive/30 p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="text-sm">
          Your calendar connections could not be loaded. {errorMessage(connections.error)}
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void connections.refetch()}
          disabled={connections.isFetching}
        >
          <RefreshCwIcon aria-hidden="true" className={connections.isFetching ? 'animate-spin' : undefined} />
          {connections.isFetching ? 'Trying again...' : 'Try again'}
        </Button>
      </div>
    );
  else if (connections.data.data.length === 0)
    body = (
      <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
        No calendars connected yet. Add one to bring its appointments here.
      </p>
    );
  else
    body = (
      <ul ref={list} className="grid divide-y" aria-label="Calendar connections">
        {connections.data.data.map((connection) => (
          <ConnectionRow
            key={connection.id}
            connection={connection}
            syncing={syncingId === connection.id}
            onSync={() => sync.mutate({ id: connection.id, name: connection.name })}
            onEdit={() => setEditing((current) => ({ open: true, connection, key: current.key + 1 }))}
            onRemove={() => setRemoving(connection)}
          />
        ))}
      </ul>
    );

  return (
    <Card role="region" aria-labelledby="calendar-connections-heading" data-testid="calendar-connections">
      <CardHeader className="gap-y-3">
        <CardTitle as="h2" id="calendar-connections-heading" className="flex items-center gap-2">
          <CalendarSyncIcon aria-hidden="true" className="size-4 text-primary" />
          Calendar connections
        </CardTitle>
        <CardDescription className="col-start-1">
          Appointments from the calendars you already keep. Google calendars and ICS subscriptions are read
          every 15 minutes; Cal.com sends each booking as it happens. Changes here are saved at once.
        </CardDescription>
        <CardAction className="max-sm:col-start-1 max-sm:row-span-1 max-sm:row-start-3 max-sm:justify-self-start">
          <Button ref={addButton} variant="outline" onClick={() => setAdding(true)}>
            <PlusIcon aria-hidden="true" />
            Add a calendar
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-4">
        {googleError && (
          <GoogleConnectError
            ref={errorAlert}
            message={googleError}
            onDismiss={() => {
              setGoogleError(null);
              addButton.current?.focus();
            }}
          />
        )}
        {body}
      </CardContent>

      <AddCalendarDialog
        open={adding}
        onOpenChange={setAdding}
        googleAvailable={connections.data?.google_available}
      />
      <EditCalendarDialog
        key={editing.key}
        connection={editing.connection}
        open={editing.open}
        onOpenChange={(open) => setEditing((current) => ({ ...current, open }))}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove “${removing?.name ?? ''}”?`}
        description={
          removing?.kind === 'calcom'
            ? 'Its appointments stay. Cal.com’s webhook is refused from now on: delete it in Cal.com too.'
            : removing?.kind === 'google'
              ? 'Its appointments stay. The calendar is no longer read, and Callwise’s access to the Google account is given up.'
              : 'Its appointments stay. The calendar is no longer read, so later changes there no longer reach here.'
        }
        confirmLabel="Remove"
        onConfirm={() => {
          const connection = removing;
          setRemoving(null);
          if (!connection) return;
          const closed = new Promise<void>((resolve) => {
            focusReturned.current = resolve;
          });
          void removeConnection(connection, closed);
        }}
        onFocusReturned={() => {
          focusReturned.current?.();
          focusReturned.current = null;
        }}
      />
    </Card>
  );
}
