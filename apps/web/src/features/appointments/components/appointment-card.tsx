import type { Appointment } from '@callwise/shared/schemas/appointments';
import { AppointmentStatusBadge } from '@/components/appointment-status-badge';
import { formatTime } from '@/lib/dates';
import { cn } from '@/lib/utils';

/** The contact's name as the agenda shows it: loading, or gone with the contact. */
export function contactLabel(appointment: Appointment, names: Map<string, string>): string {
  if (!appointment.contact_id) return 'Deleted contact';
  return names.get(appointment.contact_id) ?? 'Loading contact...';
}

/**
 * One appointment in the agenda, as a button that opens its details: time, contact, service, staff and status.
 * `compact` stacks everything for a narrow week column.
 */
export function AppointmentCard({
  appointment,
  names,
  showStaff = true,
  compact = false,
  onOpen,
}: {
  appointment: Appointment;
  names: Map<string, string>;
  showStaff?: boolean;
  compact?: boolean;
  onOpen: (appointment: Appointment) => void;
}) {
  const closed = appointment.status === 'cancelled' || appointment.status === 'rescheduled';
  const details = [appointment.service, showStaff ? appointment.staff : null].filter(Boolean).join(' · ');
  return (
    <button
      type="button"
      data-testid="appointment-card"
      onClick={() => onOpen(appointment)}
      className={cn(
        'grid w-full min-w-0 gap-1 rounded-lg border bg-card p-3 text-left text-sm shadow-xs transition-colors',
        'hover:bg-accent/60 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
        closed && 'bg-muted/50',
        !compact && 'sm:grid-cols-[auto_1fr_auto] sm:items-center sm:gap-x-4',
      )}
    >
      <span className="font-medium tabular-nums">
        {formatTime(appointment.starts_at)}
        <span className="sr-only"> to {formatTime(appointment.ends_at)}</span>
        <span aria-hidden="true" className="font-normal text-muted-foreground">
          {' '}
          – {formatTime(appointment.ends_at)}
        </span>
      </span>
      <span className="grid min-w-0 gap-0.5">
        <span
          className={cn(
            'font-medium',
            compact ? 'break-words' : 'truncate',
            closed && 'text-muted-foreground line-through',
          )}
        >
          {contactLabel(appointment, names)}
        </span>
        {details && (
          <span className={cn('text-xs text-muted-foreground', compact ? 'break-words' : 'truncate')}>
            {details}
          </span>
        )}
      </span>
      <span className={cn(compact ? 'mt-1' : '')}>
        <AppointmentStatusBadge status={appointment.status} />
      </span>
    </button>
  );
}
