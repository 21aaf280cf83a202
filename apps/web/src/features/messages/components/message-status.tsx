import type { Message, MessageStatus } from '@callwise/shared/schemas/messages';
import { Badge, type BadgeProps } from '@/components/ui/badge';

/** What an outbound text's status reads as. */
export const MESSAGE_STATUS_LABELS: Record<Exclude<MessageStatus, 'received'>, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  undelivered: 'Not delivered',
  failed: 'Failed',
  skipped: 'Skipped',
  unknown: 'Unknown',
};

const VARIANTS: Record<Exclude<MessageStatus, 'received'>, BadgeProps['variant']> = {
  queued: 'neutral',
  sending: 'neutral',
  sent: 'secondary',
  delivered: 'success',
  undelivered: 'destructive',
  failed: 'destructive',
  skipped: 'warning',
  unknown: 'neutral',
};

/** An outbound text's status; nothing for an inbound one (it was received). */
export function MessageStatusBadge({ status }: { status: Message['status'] }) {
  if (status === 'received') return null;
  return (
    <Badge variant={VARIANTS[status]} data-testid="message-status">
      {MESSAGE_STATUS_LABELS[status]}
    </Badge>
  );
}
