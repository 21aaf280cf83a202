import { ExternalLinkIcon, InboxIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LOCAL_MAILBOX_URL, useLocalMailbox } from '@/features/auth/api/get-local-mailbox';
import { cn } from '@/lib/utils';

/**
 * In the "check your email" moments: when the server keeps e-mail locally (no e-mail server configured), a link
 * to that mailbox. Renders nothing otherwise.
 */
export function LocalMailboxNotice({ lead, className }: { lead?: ReactNode; className?: string }) {
  const { data: mailboxOn } = useLocalMailbox();
  if (!mailboxOn) return null;

  return (
    <div
      data-testid="local-mailbox-notice"
      className={cn(
        'flex gap-3 rounded-lg border border-dashed border-primary/30 bg-primary-soft/60 p-4 text-sm',
        className,
      )}
    >
      <InboxIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="grid gap-1.5">
        {lead && <p className="font-medium text-foreground">{lead}</p>}
        <p className="text-muted-foreground">
          No e-mail server is configured, so messages are kept in a local mailbox on this server.
        </p>
        <a
          href={LOCAL_MAILBOX_URL}
          target="_blank"
          rel="noopener"
          className="inline-flex w-fit items-center gap-1.5 rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          Open the local mailbox
          <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
    </div>
  );
}
