import {
  CalendarIcon,
  CalendarSyncIcon,
  CircleAlertIcon,
  PencilIcon,
  PlusIcon,
  RefreshCwIcon,
  Trash2Icon,
  XIcon,
} from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  type Connection,
  useCalendarConnections,
  useDeleteCalendarConnection,
  useSyncCalendarConnection,
} from '@/features/settings/api/calendar-connections';
import { AddCalendarDialog } from '@/features/settings/components/add-calendar-dialog';
import { CopyValue } from '@/features/settings/components/calendar-connection-parts';
import { EditCalendarDialog } from '@/features/settings/components/edit-calendar-dialog';
import { useBookingSettings } from '@/lib/booking-settings';
import { formatDateTime, formatTimeAgo } from '@/lib/dates';
import { errorMessage } from '@/lib/errors';

const KIND_LABELS: Record<Connection['kind'], string> = { ics: 'ICS', calcom: 'Cal.com', google: 'Google' };

/** The callback's "Google Calendar was not connected: access was not allowed." under that same title. */
function withoutLead(message: string): string {
  const rest = message.replace(/^Google Calendar was not connected:\s*/i, '');
  return rest ? rest.charAt(0).toUpperCase() + rest.slice(1) : message;
}

/** "Last synced 5 minutes ago", the exact time on hover and for screen readers. */
function LastSynced({ connection }: { connection: Connection }) {
  if (!connection.last_synced_at) {
    return (
      <span>{connection.kind === 'calcom' ? 'No booking received yet' : 'Not read successfully yet'}</span>
    );
  }
  const absolute = formatDateTime(connection.last_synced_at);
  return (
    <span>
      {connection.kind === 'calcom'
        ? 'Last booking received '
        : connection.last_error
          ? 'Last tried '
          : 'Last synced '}
      <time dateTime={connection.last_synced_at} title={absolute}>
        {formatTimeAgo(connection.last_synced_at)}
      </time>
      <span className="sr-only"> ({absolute})</span>
    </span>
  );
}

function ConnectionRow({
  connection,
  syncing,
  onSync,
  onEdit,
  onRemove,
}: {
  connection: Connection;
  syncing: boolean;
  onSync: () => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const address =
    connection.kind === 'ics' ? connection.url : connection.kind === 'calcom' ? connection.webhook_url : null;
  const headingId = `calendar-${connection.id}-name`;
  return (
    <li
      className="grid scroll-my-24 gap-3 rounded-sm py-4 first:pt-0 last:pb-0 focus-visible:outline-2 focus-visible:outline-offset-[6px] focus-visible:outline-ring sm:grid-cols-[minmax(0,1fr)_auto]"
      aria-labelledby={headingId}
      // Focused (by script only) when it has just been connected, so that it is in view and heard.
      tabIndex={-1}
      data-testid="calendar-connection"
      data-connection-id={connection.id}
    >
      <div className="grid min-w-0 gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <Badge variant={connection.kind === 'ics' ? 'secondary' : 'outline'}>
            {KIND_LABELS[connection.kind]}
          </Badge>
          <h3 id={headingId} className="min-w-0 font-medium break-words">
            {connection.name}
          </h3>
          <span className="text-sm text-muted-foreground max-sm:basis-full">
            <span aria-hidden="true" className="max-sm:hidden">
              ·{' '}
            </span>
            {connection.staff ? (
              <>
                <span className="sm:sr-only">Staff: </span>
                {connection.staff}
              </>
            ) : (
              'Whole business'
            )}
          </span>
        </div>
        {connection.kind === 'google' && (
          <p className="flex min-w-0 items-start gap-2 text-sm" data-testid="calendar-name">
            <CalendarIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <span className="min-w-0 break-words">
              <span className="text-muted-foreground">Reads </span>
              <span className="font-medium">
                {connection.calendar_name ?? connection.calendar_id ?? 'its primary calendar'}
              </span>
            </span>
          </p>
        )}
        {address && (
          <div className="grid gap-1">
            <span className="text-xs font-medium text-muted-foreground">
              {connection.kind === 'ics' ? 'Calendar address' : 'Webhook URL (paste it in Cal.com)'}
            </span>
            <CopyValue
              label={`${connection.kind === 'ics' ? 'address' : 'webhook URL'} of ${connection.name}`}
              value={address}
            />
          </div>
        )}
        <p className="text-[0.8125rem] text-muted-foreground">
          <LastSynced connection={connection} />
        </p>
        {connection.last_error && (
          <p
            className="flex items-start gap-2 text-[0.8125rem] text-destructive"
            data-testid="calendar-error"
          >
            <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            <span className="min-w-0 break-words">Last sync failed: {connection.last_error}</span>
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-start gap-2 sm:justify-end">
        {connection.kind !== 'calcom' && (
          <Button
            variant="outline"
            size="sm"
            onClick={onSync}
            disabled={syncing}
            aria-busy={syncing || undefined}
            aria-label={`Sync now: ${connection.name}`}
          >
            <RefreshCwIcon aria-hidden="true" className={syncing ? 'animate-spin' : undefined} />
            Sync now
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${connection.name}`}>
          <PencilIcon aria-hidden="true" />
          Edit
        </Button>
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${connection.name}`}>
          <Trash2Icon aria-hidden="true" />
          Remove
        </Button>
      </div>
    </li>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading calendar connections" className="grid gap-4">
      {['a', 'b'].map((key) => (
        <div key={key} className="grid gap-2">
          <Skeleton className="h-5 w-48 max-w-full" />
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-4 w-36" />
        </div>
      ))}
    </div>
  );
}

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
          <div
            ref={errorAlert}
            role="alert"
            data-testid="google-connect-error"
            className="flex items-start gap-3 rounded-lg border border-destructive/30 bg-destructive-soft/40 p-3 pl-4 text-sm"
          >
            <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            <div className="grid min-w-0 flex-1 gap-0.5">
              <p className="font-medium text-destructive">Google Calendar was not connected</p>
              <p className="break-words">{withoutLead(googleError)}</p>
            </div>
            <Button
              variant="ghost"
              size="icon"
              className="-my-1 size-8 shrink-0"
              aria-label="Dismiss"
              onClick={() => {
                setGoogleError(null);
                addButton.current?.focus();
              }}
            >
              <XIcon aria-hidden="true" />
            </Button>
          </div>
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
