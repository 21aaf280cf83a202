import type { MessageThread } from '@callwise/shared/schemas/messages';
import { ArrowDownLeftIcon, ArrowUpRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { partyName } from '@/features/messages/components/phone-label';
import { formatDateTime, formatTimeAgo } from '@/lib/dates';
import { cn } from '@/lib/utils';

/** The address of a conversation on this page (`?phone=%2B1…`). */
export const threadHref = (phone: string) => `?${new URLSearchParams({ phone })}`;

export function ThreadListSkeleton() {
  return (
    <div role="status" className="grid gap-1 p-2">
      <p className="sr-only">Loading conversations...</p>
      {['a', 'b', 'c', 'd'].map((key) => (
        <div key={key} aria-hidden="true" className="grid gap-2 rounded-lg px-3 py-3">
          <div className="flex items-center justify-between gap-3">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-12" />
          </div>
          <Skeleton className="h-3.5 w-48" />
        </div>
      ))}
    </div>
  );
}

/** The conversations, latest first: who, the last text on one line, when, and which way it went. */
export function ThreadList({
  threads,
  selected,
  onSelect,
}: {
  threads: MessageThread[];
  selected: string | null;
  onSelect?: (phone: string) => void;
}) {
  return (
    <ul className="grid gap-0.5 p-2" aria-label="Conversations">
      {threads.map((thread) => {
        const last = thread.last_message;
        const current = thread.phone === selected;
        const outbound = last.direction === 'outbound';
        const Direction = outbound ? ArrowUpRightIcon : ArrowDownLeftIcon;
        return (
          <li key={thread.phone}>
            <Link
              to={threadHref(thread.phone)}
              aria-current={current ? 'true' : undefined}
              data-testid="message-thread"
              data-phone={thread.phone}
              onClick={() => onSelect?.(thread.phone)}
              className={cn(
                'grid min-w-0 gap-1 rounded-lg px-3 py-2.5 outline-none transition-colors',
                'hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
                current && 'bg-accent',
              )}
            >
              <span className="flex min-w-0 items-baseline justify-between gap-3">
                <span className="truncate text-sm font-medium">{partyName(thread)}</span>
                <time
                  dateTime={last.created_at}
                  title={formatDateTime(last.created_at)}
                  className="shrink-0 text-xs text-muted-foreground"
                >
                  {formatTimeAgo(last.created_at)}
                </time>
              </span>
              <span className="flex min-w-0 items-center gap-1.5 text-[0.8125rem] text-muted-foreground">
                <Direction aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="sr-only">{outbound ? 'You sent:' : 'Received:'}</span>
                <span className="truncate">{last.body}</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
