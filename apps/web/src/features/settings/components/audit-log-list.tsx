import type { AuditEvent } from '@callwise/shared/schemas/audit-log';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate, formatTime } from '@/lib/dates';

const COLUMNS = ['When', 'Who', 'What', 'From'] as const;

/** Who did it: the user's e-mail address, or the API key's name. */
export const actorLabel = (event: AuditEvent) =>
  event.actor_type === 'api_key' ? `API key: ${event.actor}` : event.actor;

/** No address known: a dash on screen, "none" to a screen reader. */
const none = (
  <>
    <span aria-hidden="true">—</span>
    <span className="sr-only">none</span>
  </>
);

/** The date and, under it or beside it, the time, in the business's zone; the exact instant in its title. */
function When({ at, stacked }: { at: string; stacked: boolean }) {
  return (
    <time dateTime={at} title={at} className={stacked ? 'grid' : undefined}>
      <span>{formatDate(at)}</span>
      {stacked ? (
        <span className="text-xs text-muted-foreground">{formatTime(at)}</span>
      ) : (
        <span>, {formatTime(at)}</span>
      )}
    </time>
  );
}

function EventsTable({ events }: { events: AuditEvent[] }) {
  return (
    <Table aria-label="Audit log events, newest first" className="table-fixed">
      <colgroup>
        <col className="w-32" />
        <col className="w-[28%]" />
        <col />
        <col className="w-32" />
      </colgroup>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {COLUMNS.map((column) => (
            <TableHead key={column} scope="col">
              {column}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {events.map((event) => (
          <TableRow key={event.id}>
            <TableCell className="py-2 align-top leading-tight">
              <When at={event.created_at} stacked />
            </TableCell>
            <TableCell className="align-top break-words whitespace-normal">{actorLabel(event)}</TableCell>
            <TableCell className="align-top break-words whitespace-normal">{event.summary}</TableCell>
            <TableCell className="align-top break-all whitespace-normal tabular-nums">
              {event.ip ?? none}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Each event stacked, its sentence first, for a narrow card. */
function EventsStack({ events }: { events: AuditEvent[] }) {
  return (
    <ol aria-label="Audit log events, newest first" className="divide-y border-y">
      {events.map((event) => (
        <li key={event.id} className="grid gap-1.5 py-3 text-sm">
          <p className="min-w-0 font-medium break-words">{event.summary}</p>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-[0.8125rem]">
            <dt className="text-muted-foreground">When</dt>
            <dd>
              <When at={event.created_at} stacked={false} />
            </dd>
            <dt className="text-muted-foreground">Who</dt>
            <dd className="wrap-anywhere">{actorLabel(event)}</dd>
            <dt className="text-muted-foreground">From</dt>
            <dd className="wrap-anywhere tabular-nums">{event.ip ?? none}</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}

/**
 * The events as a table where there is room for it (42rem of the card's width: a 1024 px screen and up, the
 * sidebar beside it) and stacked below that, so a phone never scrolls sideways; newest first. Only one of the two
 * is displayed (and so in the accessibility tree).
 */
export function AuditLogList({ events }: { events: AuditEvent[] }) {
  return (
    <div className="@container">
      <div className="hidden @2xl:block">
        <EventsTable events={events} />
      </div>
      <div className="@2xl:hidden">
        <EventsStack events={events} />
      </div>
    </div>
  );
}

export function AuditLogSkeleton() {
  return (
    <div role="status" aria-label="Loading the audit log" className="@container divide-y border-y">
      {['a', 'b', 'c', 'd'].map((key) => (
        <div key={key} className="grid gap-2 py-3 @2xl:grid-cols-[8rem_28%_1fr_8rem] @2xl:gap-3">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-40 max-w-full" />
          <Skeleton className="h-4 w-64 max-w-full" />
          <Skeleton className="hidden h-4 w-20 @2xl:block" />
        </div>
      ))}
    </div>
  );
}
