import { formatCost } from '@callwise/shared/format';
import { formatPhone } from '@callwise/shared/phone';
import type { Message } from '@callwise/shared/schemas/messages';
import { ArrowLeftIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useMessages } from '@/features/messages/api/get-messages';
import { Composer } from '@/features/messages/components/composer';
import { MessageStatusBadge } from '@/features/messages/components/message-status';
import { formatDateTime, formatTime } from '@/lib/dates';
import { errorMessage } from '@/lib/errors';
import { cn } from '@/lib/utils';

const segmentsText = (segments: number) => `${segments} ${segments === 1 ? 'segment' : 'segments'}`;

/** One text: ours on the right in the brand's colour, theirs on the left; ours with its status and price. */
function Bubble({ message }: { message: Message }) {
  const outbound = message.direction === 'outbound';
  return (
    <li
      data-testid="message"
      data-direction={message.direction}
      className={cn(
        'flex max-w-[85%] min-w-0 flex-col gap-1 sm:max-w-[75%]',
        outbound ? 'ml-auto items-end' : 'mr-auto items-start',
      )}
    >
      <p className="sr-only">{outbound ? 'You sent:' : 'They wrote:'}</p>
      <p
        data-testid="message-body"
        className={cn(
          'max-w-full rounded-2xl px-3.5 py-2 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]',
          outbound
            ? 'rounded-br-sm bg-primary text-primary-foreground'
            : 'rounded-bl-sm bg-muted text-foreground',
        )}
      >
        {message.body}
      </p>
      <div
        className={cn(
          'flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground',
          outbound && 'justify-end',
        )}
      >
        <time dateTime={message.created_at} title={formatDateTime(message.created_at)}>
          {formatTime(message.created_at)}
        </time>
        {outbound && (
          <>
            <MessageStatusBadge status={message.status} />
            <span>
              {segmentsText(message.segments)}
              {message.cost !== null && ` · ${formatCost(message.cost)}`}
            </span>
          </>
        )}
      </div>
      {message.error && (
        <p className="text-xs text-destructive" data-testid="message-error">
          {message.error}
        </p>
      )}
    </li>
  );
}

function ConversationSkeleton() {
  return (
    <div role="status" className="grid gap-3 p-4">
      <p className="sr-only">Loading the conversation...</p>
      <Skeleton aria-hidden="true" className="h-10 w-2/3 rounded-2xl" />
      <Skeleton aria-hidden="true" className="ml-auto h-10 w-1/2 rounded-2xl" />
      <Skeleton aria-hidden="true" className="h-14 w-3/5 rounded-2xl" />
    </div>
  );
}

/**
 * The conversation with one number: its texts, oldest at the top and scrolled to the latest, earlier ones on
 * demand, and the box to write the next. On a phone, Back returns to the list.
 */
export function Conversation({
  phone,
  name,
  onBack,
  focusComposer = false,
}: {
  phone: string;
  /** The contact's name when known (from the list of conversations). */
  name: string | null;
  onBack: () => void;
  /** The focus goes to the message box on opening (after New message sent the first text). */
  focusComposer?: boolean;
}) {
  const messages = useMessages(phone);
  const items = (messages.data?.pages.flatMap((page) => page.data) ?? []).slice().reverse();
  const contactName = name ?? items.find((message) => message.contact_name)?.contact_name ?? null;
  const title = contactName ?? formatPhone(phone);
  const scroller = useRef<HTMLDivElement | null>(null);
  const latest = items.at(-1);
  const latestKey = latest ? `${latest.id}:${latest.status}` : '';

  // The latest text in view when it arrives (or changes status).
  useEffect(() => {
    if (!latestKey) return;
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [latestKey]);

  let content: ReactNode;
  if (messages.isPending) {
    content = <ConversationSkeleton />;
  } else if (messages.isError && items.length === 0) {
    content = (
      <LoadError
        className="m-4"
        title="The conversation could not be loaded"
        message={errorMessage(messages.error)}
        retrying={messages.isFetching}
        onRetry={() => void messages.refetch()}
      />
    );
  } else if (items.length === 0) {
    content = (
      <p className="p-6 text-center text-sm text-muted-foreground">
        No texts with {title} yet. Write the first one below.
      </p>
    );
  } else {
    content = (
      <div className="flex min-w-0 flex-col gap-3 p-4">
        {messages.hasNextPage && (
          <Button
            variant="outline"
            size="sm"
            className="self-center"
            disabled={messages.isFetchingNextPage}
            onClick={() => void messages.fetchNextPage()}
          >
            {messages.isFetchingNextPage ? 'Loading earlier texts...' : 'Load earlier texts'}
          </Button>
        )}
        <ol className="flex min-w-0 flex-col gap-3">
          {items.map((message) => (
            <Bubble key={message.id} message={message} />
          ))}
        </ol>
      </div>
    );
  }

  return (
    <section aria-labelledby="conversation-title" className="flex min-h-0 min-w-0 flex-1 flex-col">
      <div className="flex items-center gap-2 border-b px-3 py-3 sm:px-4">
        <Button variant="ghost" size="sm" className="md:hidden" onClick={onBack}>
          <ArrowLeftIcon aria-hidden="true" />
          Back
        </Button>
        <div className="min-w-0">
          <h2 id="conversation-title" tabIndex={-1} className="truncate text-base font-semibold outline-none">
            {title}
          </h2>
          {contactName && <p className="truncate text-xs text-muted-foreground">{formatPhone(phone)}</p>}
        </div>
      </div>
      <div
        ref={scroller}
        role="log"
        aria-label={`Texts with ${title}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keys
        tabIndex={0}
        className="min-h-48 flex-1 overflow-y-auto outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 md:min-h-0"
      >
        {content}
      </div>
      <Composer phone={phone} autoFocus={focusComposer} />
    </section>
  );
}
