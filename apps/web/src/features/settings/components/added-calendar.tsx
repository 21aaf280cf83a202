import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import type { RefObject } from 'react';
import { CodeBlock } from '@/components/code-block';
import { SyncSummary, syncSummaryText } from '@/components/sync-summary';
import type { CreatedConnection } from '@/features/settings/api/calendar-connections';

/** After adding: the first read of an ICS subscription, or Cal.com's webhook URL and secret (this once). */
export function AddedCalendar({
  created,
  headingRef,
}: {
  created: CreatedConnection;
  headingRef: RefObject<HTMLParagraphElement | null>;
}) {
  if (created.kind === 'ics') {
    return created.sync ? (
      <div className="grid gap-4">
        <p
          ref={headingRef}
          tabIndex={-1}
          role="status"
          className="flex items-start gap-2 text-sm font-medium outline-none"
        >
          <CircleCheckIcon
            aria-hidden="true"
            className="mt-0.5 size-4 shrink-0 text-success-soft-foreground"
          />
          First sync: {syncSummaryText(created.sync)}.
        </p>
        <SyncSummary sync={created.sync} />
      </div>
    ) : (
      <div
        ref={headingRef}
        tabIndex={-1}
        role="alert"
        className="grid gap-1 rounded-lg border border-destructive/30 bg-destructive-soft/40 p-4 text-sm outline-none"
      >
        <p className="flex items-start gap-2 font-medium text-destructive">
          <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          The calendar could not be read yet.
        </p>
        <p className="break-words">{created.last_error ?? 'Its address did not answer.'}</p>
        <p className="text-muted-foreground">
          It stays in your list and we try again every 15 minutes. Check the address, or remove it and add it
          again.
        </p>
      </div>
    );
  }
  return (
    <div className="grid min-w-0 gap-4">
      <p ref={headingRef} tabIndex={-1} className="text-sm outline-none">
        Copy the signing secret now: for your security it will not be shown again.
      </p>
      <ol className="grid list-decimal gap-1 pl-5 text-sm text-muted-foreground">
        <li>
          In Cal.com, open{' '}
          <span className="font-medium text-foreground">Settings → Developer → Webhooks</span> and add a
          webhook.
        </li>
        <li>Paste the webhook URL as its subscriber URL and the secret as its secret.</li>
        <li>
          Choose the triggers <span className="font-medium text-foreground">Booking created</span>,{' '}
          <span className="font-medium text-foreground">Booking rescheduled</span> and{' '}
          <span className="font-medium text-foreground">Booking cancelled</span>.
        </li>
      </ol>
      {created.webhook_url && <CodeBlock label="Webhook URL" code={created.webhook_url} />}
      {created.secret && <CodeBlock label="Signing secret" code={created.secret} />}
    </div>
  );
}
