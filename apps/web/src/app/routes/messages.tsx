import type { Message } from '@callwise/shared/schemas/messages';
import { MessageSquareIcon, MessageSquarePlusIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
import { PageIntro } from '@/components/page-intro';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useMessageThreads } from '@/features/messages/api/get-message-threads';
import { Conversation } from '@/features/messages/components/conversation';
import { NewMessageDialog } from '@/features/messages/components/new-message-dialog';
import { ThreadList, ThreadListSkeleton } from '@/features/messages/components/thread-list';
import { useLiveMessageUpdates } from '@/features/messages/hooks/use-live-message-updates';
import { useIsMobile } from '@/hooks/use-media-query';
import { errorMessage } from '@/lib/errors';
import { cn } from '@/lib/utils';

/**
 * Text conversations with customers: the conversations beside the open one from 768 px, one at a time on a phone
 * (the list, then the conversation with Back). The open conversation is in the address (`?phone=`).
 */
export default function MessagesPage() {
  useLiveMessageUpdates();
  const [params, setParams] = useSearchParams();
  const phone = params.get('phone')?.trim() || null;
  const threads = useMessageThreads();
  const [composing, setComposing] = useState(false);
  /** The conversation just opened by New message: its message box takes the focus. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const isMobile = useIsMobile();
  const list = threads.data?.pages.flatMap((page) => page.data) ?? [];
  const selected = list.find((thread) => thread.phone === phone) ?? null;

  // On a phone the list goes away when a conversation opens: the focus goes to its title.
  useEffect(() => {
    if (isMobile && phone && phone !== sentTo) {
      document.getElementById('conversation-title')?.focus({ preventScroll: true });
    }
  }, [isMobile, phone, sentTo]);

  // Back on a phone: the focus returns to the conversation left, once the list is on screen again.
  const leftPhone = useRef<string | null>(null);
  useEffect(() => {
    if (phone !== null || leftPhone.current === null) return;
    const link = document.querySelector<HTMLElement>(`[data-phone="${CSS.escape(leftPhone.current)}"]`);
    leftPhone.current = null;
    (link ?? document.getElementById('main'))?.focus();
  }, [phone]);
  const back = () => {
    leftPhone.current = phone;
    setSentTo(null);
    setParams({});
  };

  const openSent = (message: Message) => {
    setComposing(false);
    setSentTo(message.phone);
    setParams({ phone: message.phone });
  };

  const newMessage = (
    <Button onClick={() => setComposing(true)}>
      <MessageSquarePlusIcon aria-hidden="true" />
      New message
    </Button>
  );

  let threadsContent: ReactNode;
  if (threads.isPending) {
    threadsContent = <ThreadListSkeleton />;
  } else if (threads.isError && list.length === 0) {
    threadsContent = (
      <LoadError
        className="m-3"
        title="Your messages could not be loaded"
        message={errorMessage(threads.error)}
        retrying={threads.isFetching}
        onRetry={() => void threads.refetch()}
      />
    );
  } else {
    threadsContent = (
      <>
        <ThreadList threads={list} selected={phone} onSelect={() => setSentTo(null)} />
        {list.length > 0 && (
          <div className="pb-3">
            <LoadMore
              hasMore={threads.hasNextPage}
              loading={threads.isFetchingNextPage}
              onLoadMore={() => void threads.fetchNextPage()}
              shown={list.length}
              noun={{ one: 'conversation', other: 'conversations' }}
            />
          </div>
        )}
      </>
    );
  }

  const empty = threads.isSuccess && list.length === 0 && !phone;

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageIntro
        className={phone ? 'hidden md:flex' : undefined}
        description="Text conversations with your customers: the texts you send, their status, and the replies."
        actions={newMessage}
      />

      {empty ? (
        <EmptyState
          icon={MessageSquareIcon}
          title="No messages yet"
          description="Texts you send and replies from customers appear here."
          action={newMessage}
        />
      ) : (
        <Card
          className={cn(
            'min-w-0 gap-0 overflow-hidden py-0 md:grid md:h-[calc(100dvh-13rem)] md:min-h-[30rem] md:grid-cols-[18rem_minmax(0,1fr)] lg:grid-cols-[20rem_minmax(0,1fr)]',
            phone && 'h-[calc(100dvh-12rem)] min-h-[28rem]',
          )}
        >
          <section
            aria-labelledby="conversations-title"
            className={cn('min-h-0 min-w-0 flex-col md:flex md:border-r', phone ? 'hidden' : 'flex')}
          >
            <h2 id="conversations-title" className="border-b px-4 py-3.5 text-base font-semibold">
              Conversations
            </h2>
            <div
              className="min-h-0 flex-1 overflow-y-auto"
              aria-busy={threads.isFetching && !threads.isFetchingNextPage}
            >
              {threadsContent}
            </div>
          </section>
          <div className={cn('min-h-0 min-w-0 flex-col', phone ? 'flex h-full' : 'hidden md:flex')}>
            {phone ? (
              <Conversation key={phone} phone={phone} name={selected?.contact_name ?? null} onBack={back} />
            ) : (
              <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
                <MessageSquareIcon aria-hidden="true" className="size-8 text-muted-foreground" />
                <p className="text-sm text-muted-foreground">
                  Choose a conversation, or start one with New message.
                </p>
              </div>
            )}
          </div>
        </Card>
      )}

      <NewMessageDialog open={composing} onOpenChange={setComposing} onSent={openSent} />
    </div>
  );
}
