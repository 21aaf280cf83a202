import type { Call } from '@callwise/shared/schemas/calls';
import type { WebhookDelivery } from '@callwise/shared/schemas/webhooks';
import { RotateCwIcon } from 'lucide-react';
import { callStatusLabel } from '@/components/call-status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useWebhookDeliveries } from '@/features/call-history/api/get-webhook-deliveries';
import { formatDateTime, formatTime } from '@/lib/dates';

const STATE_BADGES: Record<
  WebhookDelivery['state'],
  { label: string; variant: 'success' | 'warning' | 'destructive' }
> = {
  delivered: { label: 'Delivered', variant: 'success' },
  pending: { label: 'Pending', variant: 'warning' },
  failed: { label: 'Failed', variant: 'destructive' },
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What is next for a pending delivery: a call's changes go out in order, so one may wait for an earlier one. */
function nextStep(delivery: WebhookDelivery, waiting: boolean): string | null {
  if (delivery.state !== 'pending') return null;
  if (waiting) return 'waits for the change before it';
  if (delivery.attempts === 0 || !delivery.next_attempt_at) return 'sending now';
  return `next try ${formatTime(delivery.next_attempt_at)}`;
}

function DeliveryItem({ delivery, waiting }: { delivery: WebhookDelivery; waiting: boolean }) {
  const badge = STATE_BADGES[delivery.state];
  const facts = [
    delivery.last_status_code === null ? null : `HTTP ${delivery.last_status_code}`,
    delivery.attempts === 0 ? 'not sent yet' : plural(delivery.attempts, 'attempt'),
    nextStep(delivery, waiting),
  ].filter(Boolean);
  return (
    <li className="grid gap-1 py-2.5 text-sm" data-testid="webhook-delivery">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span className="font-medium">{callStatusLabel(delivery.call_status)}</span>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </div>
      <p className="text-muted-foreground">
        <time dateTime={delivery.created_at}>{formatDateTime(delivery.created_at)}</time>
        {facts.map((fact) => ` · ${fact}`).join('')}
      </p>
      {delivery.last_error && delivery.state !== 'delivered' && (
        <p className="break-words text-destructive">{delivery.last_error}</p>
      )}
    </li>
  );
}

/**
 * The call's webhook deliveries (each status change posted to its callback_url): when, the status announced,
 * the receiver's answer, attempts and state. Nothing for a call without a callback_url.
 */
export function WebhookDeliveries({ call }: { call: Call }) {
  const enabled = call.callback_url !== null;
  const deliveries = useWebhookDeliveries(call.id, { enabled });
  if (!enabled) return null;
  return (
    <section aria-labelledby="call-webhooks-heading" className="grid gap-2">
      <h3 id="call-webhooks-heading" className="text-sm font-semibold">
        Webhook Deliveries
      </h3>
      <p className="text-sm break-all text-muted-foreground">
        To <span className="font-mono text-[0.8125rem]">{call.callback_url}</span>
      </p>
      {deliveries.isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          Loading deliveries...
        </p>
      ) : deliveries.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-destructive">The deliveries could not be loaded.</span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void deliveries.refetch()}
            disabled={deliveries.isFetching}
          >
            <RotateCwIcon aria-hidden="true" className={deliveries.isFetching ? 'animate-spin' : undefined} />
            Try again
          </Button>
        </div>
      ) : deliveries.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No deliveries yet.</p>
      ) : (
        <ol aria-label="Webhook deliveries, newest first" className="divide-y rounded-lg border px-3">
          {deliveries.data.map((delivery, index) => (
            <DeliveryItem
              key={delivery.id}
              delivery={delivery}
              // Newest first: the older ones come after it.
              waiting={deliveries.data.slice(index + 1).some((older) => older.state === 'pending')}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
