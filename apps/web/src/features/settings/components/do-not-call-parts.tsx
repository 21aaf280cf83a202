import { formatPhone } from '@callwise/shared/phone';
import type {
  DoNotCallEntry,
  DoNotCallImportResult,
  DoNotCallSource,
} from '@callwise/shared/schemas/do-not-call';
import { Trash2Icon, XIcon } from 'lucide-react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { plural } from '@/features/settings/utils/do-not-call';
import { formatDate } from '@/lib/dates';

const SOURCES: Record<DoNotCallSource, { label: string; variant: BadgeProps['variant'] }> = {
  added: { label: 'Added', variant: 'neutral' },
  imported: { label: 'Imported', variant: 'secondary' },
  opted_out: { label: 'Opted out on a call', variant: 'warning' },
  texted_stop: { label: 'Replied STOP', variant: 'warning' },
  unsubscribed: { label: 'Unsubscribed by e-mail', variant: 'warning' },
};

/** What an import did: counts, and the rows that were not numbers (by line). */
export function ImportSummary({
  fileName,
  result,
  onDismiss,
}: {
  fileName: string;
  result: DoNotCallImportResult;
  onDismiss: () => void;
}) {
  const shown = result.invalid_rows.slice(0, 10);
  return (
    <div role="status" className="grid gap-2 rounded-lg border bg-muted/40 p-4 text-sm">
      <div className="flex items-start justify-between gap-3">
        <p>
          <span className="font-medium">{fileName}:</span> {plural(result.added, 'number')} added,{' '}
          {result.already_listed.toLocaleString()} already listed
          {result.invalid > 0 ? `, ${plural(result.invalid, 'row')} skipped` : ''}.
          {result.canceled_calls > 0
            ? ` ${plural(result.canceled_calls, 'waiting call')} to these numbers ${result.canceled_calls === 1 ? 'was' : 'were'} cancelled.`
            : ''}
        </p>
        <Button
          variant="ghost"
          size="icon"
          className="-m-1.5 size-8"
          onClick={onDismiss}
          aria-label="Dismiss"
        >
          <XIcon aria-hidden="true" />
        </Button>
      </div>
      {shown.length > 0 && (
        <ul className="grid gap-1 text-[0.8125rem] text-muted-foreground">
          {shown.map((row) => (
            <li key={row.line}>
              Line {row.line}
              {row.value ? ` (“${row.value}”)` : ''}: {row.reason}
            </li>
          ))}
          {result.invalid > shown.length && (
            <li>…and {plural(result.invalid - shown.length, 'more row')}.</li>
          )}
        </ul>
      )}
    </div>
  );
}

/** A listed number: where it came from, when, its note, and Remove. */
export function EntryRow({
  entry,
  onRemove,
}: {
  entry: DoNotCallEntry;
  onRemove: (entry: DoNotCallEntry) => void;
}) {
  const source = SOURCES[entry.source];
  const number = formatPhone(entry.phone);
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium tabular-nums">{number}</span>
          <Badge variant={source.variant}>{source.label}</Badge>
        </div>
        <p className="truncate text-[0.8125rem] text-muted-foreground">
          <span>
            Listed <time dateTime={entry.created_at}>{formatDate(entry.created_at)}</time>
          </span>
          {entry.note ? <span> · {entry.note}</span> : null}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="shrink-0"
        onClick={() => onRemove(entry)}
        aria-label={`Remove ${number} from the do-not-call list`}
      >
        <Trash2Icon aria-hidden="true" />
        <span className="hidden sm:inline">Remove</span>
      </Button>
    </li>
  );
}

export function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading the do-not-call list" className="divide-y">
      {['a', 'b', 'c'].map((key) => (
        <div key={key} className="flex items-center justify-between gap-3 py-3">
          <div className="grid gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-28" />
          </div>
          <Skeleton className="h-8 w-20" />
        </div>
      ))}
    </div>
  );
}
