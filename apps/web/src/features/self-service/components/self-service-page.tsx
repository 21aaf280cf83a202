import type { SelfServiceAppointment } from '@callwise/shared/schemas/self-service';
import { CheckCircle2Icon, CircleAlertIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CustomerPageFrame } from '@/components/customer-page-frame';
import { LoadError } from '@/components/load-error';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import {
  type SelfServiceChange,
  useSelfServiceAppointment,
  useSelfServiceChange,
} from '@/features/self-service/api/self-service';
import { PickNewTime } from '@/features/self-service/components/pick-new-time';
import {
  AppointmentSummary,
  LinkProblem,
  SelfServiceActions,
} from '@/features/self-service/components/self-service-parts';
import { longDate, shortTime } from '@/features/self-service/utils/format';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/errors';

/** The page's frame, with who sends the reminders at its foot. */
function Frame({ children }: { children: ReactNode }) {
  return <CustomerPageFrame footer="Reminders by Callwise">{children}</CustomerPageFrame>;
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

        <AppointmentSummary appointment={appointment} />

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
          <SelfServiceActions
            actions={actions}
            busy={busy}
            pending={pending}
            onConfirm={() => act({ action: 'confirm' })}
            onPickTime={() => {
              setProblem(null);
              setPicking(true);
            }}
            onCancel={() => setAskingCancel(true)}
          />
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
