import type { SelfServiceAppointment } from '@callwise/shared/schemas/self-service';
import { CalendarClockIcon, CheckIcon, ClockIcon, LinkIcon, XCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { AppointmentStatusBadge } from '@/components/appointment-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { SelfServiceChange } from '@/features/self-service/api/self-service';
import { longDate, shortTime, zoneName } from '@/features/self-service/utils/format';

/** A link that does not open an appointment (forged, garbled, expired, or the appointment is gone). */
export function LinkProblem({ title, message }: { title: string; message: string }) {
  return (
    <Card role="alert" data-testid="self-service-link-problem">
      <CardHeader className="grid-cols-[auto_1fr] gap-x-3">
        <LinkIcon aria-hidden="true" className="row-span-2 mt-0.5 size-5 text-muted-foreground" />
        <h1 className="text-lg leading-snug font-semibold tracking-tight">{title}</h1>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 min-[400px]:grid-cols-[6.5rem_1fr] min-[400px]:gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

/** The appointment as the customer reads it: what, its status, when (in the business's time zone), with whom, where. */
export function AppointmentSummary({ appointment }: { appointment: SelfServiceAppointment }) {
  const zone = appointment.timezone;
  return (
    <Card className="gap-5" data-testid="self-service-appointment">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2" className="text-lg">
            {appointment.service ?? 'Appointment'}
          </CardTitle>
          <AppointmentStatusBadge status={appointment.status} />
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3">
          <Fact label="Date">
            <span data-testid="self-service-date">{longDate(appointment.starts_at, zone)}</span>
          </Fact>
          <Fact label="Time">
            <span data-testid="self-service-time">
              {shortTime(appointment.starts_at, zone)} – {shortTime(appointment.ends_at, zone)}{' '}
              <span className="font-normal text-muted-foreground">
                ({zoneName(appointment.starts_at, zone)})
              </span>
            </span>
          </Fact>
          {appointment.staff && <Fact label="With">{appointment.staff}</Fact>}
          {appointment.location && <Fact label="Where">{appointment.location}</Fact>}
        </dl>
        {appointment.closed_reason && (
          <p className="flex items-start gap-2 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
            <ClockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {appointment.closed_reason}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** What the customer may do with it now: confirm, pick a new time, cancel (each only when allowed). */
export function SelfServiceActions({
  actions,
  busy,
  pending,
  onConfirm,
  onPickTime,
  onCancel,
}: {
  actions: SelfServiceAppointment['actions'];
  busy: boolean;
  /** The change being made, if any. */
  pending: SelfServiceChange['action'] | undefined;
  onConfirm: () => void;
  onPickTime: () => void;
  onCancel: () => void;
}) {
  if (!(actions.confirm || actions.reschedule || actions.cancel)) return null;
  return (
    <div className="grid gap-2 sm:flex sm:flex-row-reverse sm:justify-start">
      {actions.confirm && (
        <Button size="lg" disabled={busy} onClick={onConfirm}>
          <CheckIcon aria-hidden="true" />
          {pending === 'confirm' ? 'Confirming...' : 'Confirm'}
        </Button>
      )}
      {actions.reschedule && (
        <Button size="lg" variant="outline" disabled={busy} onClick={onPickTime}>
          <CalendarClockIcon aria-hidden="true" />
          Pick a new time
        </Button>
      )}
      {actions.cancel && (
        <Button
          size="lg"
          variant="ghost"
          className="text-destructive hover:text-destructive sm:mr-auto"
          disabled={busy}
          onClick={onCancel}
        >
          <XCircleIcon aria-hidden="true" />
          {pending === 'cancel' ? 'Cancelling...' : 'Cancel appointment'}
        </Button>
      )}
    </div>
  );
}
