import type { SelfServiceAppointment } from '@callwise/shared/schemas/self-service';
import {
  CalendarClockIcon,
  CheckCircle2Icon,
  CheckIcon,
  CircleAlertIcon,
  ClockIcon,
  LinkIcon,
  XCircleIcon,
} from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppointmentStatusBadge } from '@/components/appointment-status-badge';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError } from '@/components/load-error';
import { LogoMark } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import {
  type SelfServiceChange,
  useSelfServiceAppointment,
  useSelfServiceChange,
} from '@/features/self-service/api/self-service';
import { PickNewTime } from '@/features/self-service/components/pick-new-time';
import { longDate, shortTime, zoneName } from '@/features/self-service/utils/format';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/errors';

/** The page's frame: narrow, centred, no workspace or marketing chrome (the customer is the business's). */
function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col bg-muted/40">
      <main id="main" className="mx-auto w-full max-w-xl flex-1 px-4 py-6 sm:py-10">
        {children}
      </main>
      <footer className="flex items-center justify-center gap-1.5 px-4 pb-6 text-xs text-muted-foreground">
        <LogoMark className="size-4" />
        Reminders by Callwise
      </footer>
    </div>
  );
}

/** A link that does not open an appointment (forged, garbled, expired, or the appointment is gone). */
function LinkProblem({ title, message }: { title: string; message: string }) {
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

const DONE: Record<SelfServiceChange['action'], string> = {
  confirm: 'Thank you! Your appointment is confirmed.',
  cancel: 'Your appointment is cancelled.',
  reschedule: 'Your appointment has moved to the new time, and it is confirmed.',
};

/**
 * The customer's own page of their appointment (issue #17), from the signed link in their reminder: the
 * appointment in the business's time zone, and confirm, cancel (asked first) or pick a new open time.
 */
export function SelfServicePage({ token }: { token: string }) {
  const navigate = useNavigate();
  const query = useSelfServiceAppointment(token);
  const change = useSelfServiceChange(token);
  const [picking, setPicking] = useState(false);
  const [askingCancel, setAskingCancel] = useState(false);
  const [done, setDone] = useState<SelfServiceChange['action'] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const act = (next: SelfServiceChange) => {
    setProblem(null);
    change.mutate(next, {
      onSuccess: (appointment) => {
        setDone(next.action);
        setPicking(false);
        // A move makes a new appointment with its own link: the address follows it.
        if (appointment.token !== token) {
          void navigate(paths.selfService.replace(':token', appointment.token), { replace: true });
        }
      },
      onError: (error) => {
        setProblem(errorMessage(error));
        // The appointment may have changed meanwhile (or the time was taken): read it again.
        void query.refetch();
      },
    });
  };

  if (query.isPending) {
    return (
      <Frame>
        <p className="flex items-center justify-center gap-2 py-16 text-muted-foreground" role="status">
          <Spinner aria-hidden="true" /> Loading your appointment...
        </p>
      </Frame>
    );
  }

  if (query.isError) {
    const error = query.error;
    const status = isApiError(error) ? error.status : 0;
    return (
      <Frame>
        {status === 404 ? (
          <LinkProblem title="This link does not work" message={errorMessage(error)} />
        ) : status === 410 ? (
          <LinkProblem title="This link has expired" message={errorMessage(error)} />
        ) : (
          <LoadError
            title="Your appointment could not be loaded"
            message={errorMessage(error)}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        )}
      </Frame>
    );
  }

  const appointment: SelfServiceAppointment = query.data;
  const zone = appointment.timezone;
  const { actions } = appointment;
  const busy = change.isPending;
  const pending = change.isPending ? change.variables?.action : undefined;

  return (
    <Frame>
      <div className="grid gap-5">
        <header className="grid gap-1">
          <p className="text-sm font-medium text-primary">{appointment.business_name}</p>
          <h1 className="text-2xl font-semibold tracking-tight text-balance">
            {appointment.first_name
              ? `Hi ${appointment.first_name}, here is your appointment`
              : 'Your appointment'}
          </h1>
        </header>

        {done && (
          <div
            ref={doneRef}
            tabIndex={-1}
            role="status"
            data-testid="self-service-done"
            className="flex items-start gap-3 rounded-lg border border-success/30 bg-success-soft px-4 py-3 text-sm text-success-soft-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <CheckCircle2Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p>{DONE[done]}</p>
          </div>
        )}
        {problem && !picking && (
          <div
            role="alert"
            className="flex items-start gap-3 rounded-lg border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm text-destructive-soft-foreground"
          >
            <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p>{problem}</p>
          </div>
        )}

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

        {picking && actions.reschedule ? (
          <Card>
            <CardContent>
              <PickNewTime
                token={token}
                appointment={appointment}
                moving={pending === 'reschedule'}
                problem={problem}
                onMove={(startsAt) => act({ action: 'reschedule', starts_at: startsAt })}
                onClose={() => {
                  setPicking(false);
                  setProblem(null);
                }}
              />
            </CardContent>
          </Card>
        ) : (
          (actions.confirm || actions.reschedule || actions.cancel) && (
            <div className="grid gap-2 sm:flex sm:flex-row-reverse sm:justify-start">
              {actions.confirm && (
                <Button size="lg" disabled={busy} onClick={() => act({ action: 'confirm' })}>
                  <CheckIcon aria-hidden="true" />
                  {pending === 'confirm' ? 'Confirming...' : 'Confirm'}
                </Button>
              )}
              {actions.reschedule && (
                <Button
                  size="lg"
                  variant="outline"
                  disabled={busy}
                  onClick={() => {
                    setProblem(null);
                    setPicking(true);
                  }}
                >
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
                  onClick={() => setAskingCancel(true)}
                >
                  <XCircleIcon aria-hidden="true" />
                  {pending === 'cancel' ? 'Cancelling...' : 'Cancel appointment'}
                </Button>
              )}
            </div>
          )
        )}
      </div>
      <ConfirmDialog
        open={askingCancel}
        onOpenChange={setAskingCancel}
        title="Cancel your appointment?"
        description={`${appointment.service ?? 'Your appointment'} with ${appointment.business_name} on ${longDate(appointment.starts_at, zone)} at ${shortTime(appointment.starts_at, zone)}. Its time will be given to someone else.`}
        cancelLabel="Keep appointment"
        confirmLabel="Cancel appointment"
        onConfirm={() => act({ action: 'cancel' })}
      />
    </Frame>
  );
}
