import { type CallStatus, STATUS_GROUP_LABELS, type StatusGroup, statusGroup } from '@callwise/shared/calls';
import {
  CircleCheckIcon,
  CircleSlashIcon,
  CircleXIcon,
  ClockIcon,
  LoaderCircleIcon,
  type LucideIcon,
  PhoneIncomingIcon,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const STATUS_LABELS: Record<CallStatus, string> = {
  scheduled: 'Scheduled',
  queued: 'Queued',
  ringing: 'Ringing',
  'in-progress': 'In Progress',
  completed: 'Completed',
  busy: 'Busy',
  'no-answer': 'No Answer',
  failed: 'Failed',
  canceled: 'Canceled',
};

/** The words for a call status ("No Answer"); an unknown value is shown as it is. */
export function callStatusLabel(status: string): string {
  return STATUS_LABELS[status as CallStatus] ?? status;
}

const GROUP_STYLES: Record<StatusGroup | 'other', { icon: LucideIcon; className: string; spin?: boolean }> = {
  completed: { icon: CircleCheckIcon, className: 'bg-success-soft text-success-soft-foreground' },
  failed: { icon: CircleXIcon, className: 'bg-destructive-soft text-destructive-soft-foreground' },
  pending: { icon: ClockIcon, className: 'bg-warning-soft text-warning-soft-foreground' },
  'in-progress': {
    icon: LoaderCircleIcon,
    className: 'bg-blue-50 text-blue-700',
    spin: true,
  },
  other: { icon: CircleSlashIcon, className: 'bg-muted text-muted-foreground' },
};

/**
 * A call's status as the product shows it (product spec section 4): completed green check, failed red,
 * pending yellow clock, in progress spinning blue, anything else grey. The badge names the group, in the
 * status filter's words ("Pending", "Failed"), and the exact status beside it when it says more ("Pending ·
 * Scheduled", "Failed · No Answer"), so the filter and the rows agree and colour is never the only signal.
 */
export function CallStatusBadge({ status, className }: { status: string; className?: string }) {
  const group = statusGroup(status);
  const style = GROUP_STYLES[group ?? 'other'];
  const Icon = style.icon;
  const label = group ? STATUS_GROUP_LABELS[group] : callStatusLabel(status);
  const detail = callStatusLabel(status);
  return (
    <Badge
      variant="neutral"
      data-status={status}
      className={cn('gap-1.5 px-2.5', style.className, className)}
    >
      <Icon aria-hidden="true" className={cn('size-3.5!', style.spin && 'motion-safe:animate-spin')} />
      {label}
      {detail !== label && (
        <span className="font-normal" data-testid="call-status-detail">
          <span aria-hidden="true">· </span>
          <span className="sr-only">, </span>
          {detail}
        </span>
      )}
    </Badge>
  );
}

/** A call to the business number (the caller called): a small badge; outbound calls, the usual ones, have none. */
export function CallDirectionBadge({ direction }: { direction: string }) {
  if (direction !== 'inbound') return null;
  return (
    <Badge variant="outline" className="shrink-0 gap-1 font-normal" data-testid="call-direction">
      <PhoneIncomingIcon aria-hidden="true" />
      Inbound
    </Badge>
  );
}
