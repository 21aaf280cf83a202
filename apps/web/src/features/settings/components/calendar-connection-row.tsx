import { CalendarIcon, CircleAlertIcon, PencilIcon, RefreshCwIcon, Trash2Icon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { Connection } from '@/features/settings/api/calendar-connections';
import { CopyValue } from '@/features/settings/components/calendar-connection-parts';
import { formatDateTime, formatTimeAgo } from '@/lib/dates';

const KIND_LABELS: Record<Connection['kind'], string> = { ics: 'ICS', calcom: 'Cal.com', google: 'Google' };

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

/** One connected calendar: its kind, name, whose it is, what it reads, its last sync; Sync now, Edit and Remove. */
export function ConnectionRow({
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

export function ListSkeleton() {
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
