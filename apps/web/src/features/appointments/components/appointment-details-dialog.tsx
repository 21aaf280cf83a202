import type { Appointment } from '@callwise/shared/schemas/appointments';
import { CalendarClockIcon, CheckIcon, LinkIcon, PencilIcon, Trash2Icon, XCircleIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { AppointmentStatusBadge } from '@/components/appointment-status-badge';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { NameSelect } from '@/components/name-select';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useCancelAppointment } from '@/features/appointments/api/cancel-appointment';
import { useConfirmAppointment } from '@/features/appointments/api/confirm-appointment';
import { useDeleteAppointment } from '@/features/appointments/api/delete-appointment';
import { useRescheduleAppointment } from '@/features/appointments/api/reschedule-appointment';
import { useUpdateAppointment } from '@/features/appointments/api/update-appointment';
import { contactLabel } from '@/features/appointments/components/appointment-card';
import { ReminderTimeline } from '@/features/appointments/components/reminder-timeline';
import { SlotPicker, type TimeChoice } from '@/features/appointments/components/slot-picker';
import { dayOf, isOpen } from '@/features/appointments/utils/agenda';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { isApiError } from '@/lib/api-error';
import { useBookingSettings } from '@/lib/booking-settings';
import { formatDate, formatDateTime, formatTime } from '@/lib/dates';
import { fieldErrorsOf } from '@/lib/form-errors';

const SOURCES: Record<Appointment['source'], string> = {
  manual: 'Booked here',
  api: 'The API',
  import: 'An import',
  ics: 'A calendar file',
  calcom: 'Cal.com',
  google: 'Google Calendar',
  waitlist: 'Waitlist',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6rem_1fr] gap-3 sm:grid-cols-[8rem_1fr]">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

/** Moves the appointment to an open time (or one typed in): the old one is kept as moved, a new one replaces it. */
function RescheduleForm({
  appointment,
  zone,
  onMoved,
  onBack,
}: {
  appointment: Appointment;
  zone: string;
  onMoved: (moved: Appointment) => void;
  onBack: () => void;
}) {
  const reschedule = useRescheduleAppointment();
  const [day, setDay] = useState(dayOf(new Date(appointment.starts_at), zone));
  const [time, setTime] = useState<TimeChoice | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [taken, setTaken] = useState<string | null>(null);

  const submit = () => {
    setTaken(null);
    if (!time) {
      setError('Choose an open time, or enter one');
      return;
    }
    reschedule.mutate(
      { id: appointment.id, starts_at: time.starts_at },
      {
        onSuccess: (moved) => {
          toast.success('Appointment moved', { description: `Now ${formatDateTime(moved.starts_at)}.` });
          onMoved(moved);
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.code === 'slot_taken') {
            setTime(null);
            setTaken(`${failure.message} The open times have been updated.`);
          } else if (isApiError(failure) && failure.status === 400) {
            setError(failure.message);
          }
        },
      },
    );
  };

  return (
    <section aria-labelledby="reschedule-heading" className="grid gap-4 rounded-lg border p-4">
      <h3 id="reschedule-heading" className="text-sm font-semibold">
        Move to a new time
      </h3>
      <SlotPicker
        id="reschedule"
        zone={zone}
        day={day}
        onDayChange={setDay}
        service={appointment.service ?? undefined}
        staff={appointment.staff ?? undefined}
        duration={appointment.duration_minutes}
        value={time}
        onChange={(next) => {
          setTime(next);
          if (next) setError(undefined);
        }}
        error={error}
        message={taken}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onBack} disabled={reschedule.isPending}>
          Back
        </Button>
        <Button onClick={submit} disabled={reschedule.isPending}>
          {reschedule.isPending ? 'Moving...' : 'Move Appointment'}
        </Button>
      </div>
    </section>
  );
}

/** Corrects the appointment in place: its service, staff member, length, location and notes (the time: Reschedule). */
function EditForm({
  appointment,
  onSaved,
  onBack,
}: {
  appointment: Appointment;
  onSaved: (saved: Appointment) => void;
  onBack: () => void;
}) {
  const update = useUpdateAppointment();
  const settings = useBookingSettings();
  const withCurrent = (names: string[], current: string | null) =>
    current && !names.includes(current) ? [current, ...names] : names;
  const services = withCurrent(
    (settings.data?.services ?? []).map((item) => item.name),
    appointment.service,
  );
  const staffMembers = withCurrent(
    (settings.data?.staff ?? []).map((member) => member.name),
    appointment.staff,
  );
  const [service, setService] = useState(appointment.service ?? '');
  const [staff, setStaff] = useState(appointment.staff ?? '');
  const [duration, setDuration] = useState(String(appointment.duration_minutes));
  const [location, setLocation] = useState(appointment.location ?? '');
  const [notes, setNotes] = useState(appointment.notes ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [taken, setTaken] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minutes = Number(duration);
    if (!Number.isInteger(minutes) || minutes < 5 || minutes > 24 * 60) {
      setErrors({ duration_minutes: 'Enter a length from 5 minutes to 24 hours' });
      document.getElementById('edit-duration')?.focus();
      return;
    }
    setErrors({});
    setTaken(null);
    update.mutate(
      {
        id: appointment.id,
        service: service || null,
        staff: staff || null,
        duration_minutes: minutes,
        location: location.trim() || null,
        notes: notes.trim() || null,
      },
      {
        onSuccess: (saved) => {
          toast.success('Appointment updated');
          onSaved(saved);
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.code === 'slot_taken') setTaken(failure.message);
          const next: Record<string, string> = {};
          for (const problem of fieldErrorsOf(failure)) next[problem.field] = problem.message;
          setErrors(next);
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="edit-heading"
      className="grid gap-4 rounded-lg border p-4"
    >
      <h3 id="edit-heading" className="text-sm font-semibold">
        Edit details
      </h3>
      {taken && (
        <p role="alert" className="text-sm text-destructive">
          {taken}
        </p>
      )}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <NameSelect
          id="edit-service"
          label="Service"
          value={service}
          onChange={setService}
          names={services}
          emptyLabel="No service"
          error={errors.service}
        />
        <NameSelect
          id="edit-staff"
          label="Staff"
          value={staff}
          onChange={setStaff}
          names={staffMembers}
          emptyLabel="None"
          error={errors.staff}
        />
        <FormField id="edit-duration" label="Length (minutes)" error={errors.duration_minutes}>
          <Input
            id="edit-duration"
            type="number"
            inputMode="numeric"
            min={5}
            max={1440}
            step={5}
            value={duration}
            aria-invalid={errors.duration_minutes ? true : undefined}
            aria-describedby={errors.duration_minutes ? fieldMessageId('edit-duration') : undefined}
            onChange={(event) => setDuration(event.target.value)}
          />
        </FormField>
        <FormField id="edit-location" label="Location" error={errors.location}>
          <Input id="edit-location" value={location} onChange={(event) => setLocation(event.target.value)} />
        </FormField>
      </div>
      <FormField id="edit-notes" label="Notes" error={errors.notes}>
        <Textarea id="edit-notes" value={notes} rows={3} onChange={(event) => setNotes(event.target.value)} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onBack} disabled={update.isPending}>
          Back
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

/** Copies the customer's own page of the appointment (confirm, cancel, pick a new time; no account needed). */
async function copyCustomerLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Customer link copied', {
      description: 'Send it to your customer: they can confirm, cancel or pick a new time.',
    });
  } catch {
    toast.error('Could not copy the link', { description: url });
  }
}

/**
 * An appointment's facts and what can be done with it: confirm, move, cancel (asked first) and delete (asked
 * first). The dialog follows the appointment: after a move it shows the new one.
 */
export function AppointmentDetailsDialog({
  appointment,
  open,
  onOpenChange,
  onChange,
  names,
  zone,
}: {
  appointment: Appointment | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The appointment changed (confirmed, cancelled, or replaced by its move). */
  onChange: (appointment: Appointment) => void;
  names: Map<string, string>;
  zone: string;
}) {
  const focus = useReturnFocus();
  const confirm = useConfirmAppointment();
  const cancel = useCancelAppointment();
  const remove = useDeleteAppointment();
  const [moving, setMoving] = useState(false);
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<'cancel' | 'delete' | null>(null);
  const [lastAsked, setLastAsked] = useState<'cancel' | 'delete'>('cancel');

  if (!appointment) return null;
  const name = contactLabel(appointment, names);
  const when = `${formatDate(appointment.starts_at)}, ${formatTime(appointment.starts_at)} – ${formatTime(appointment.ends_at)}`;
  const canChange = isOpen(appointment);
  const canConfirm = appointment.status === 'scheduled' || appointment.status === 'reschedule_requested';
  const busy = confirm.isPending || cancel.isPending || remove.isPending;

  const ask = (what: 'cancel' | 'delete') => {
    setLastAsked(what);
    setAsking(what);
  };

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next) {
            setMoving(false);
            setEditing(false);
          }
          onOpenChange(next);
        }}
      >
        <DialogContent className="sm:max-w-2xl" {...focus} data-testid="appointment-details">
          <DialogHeader>
            <DialogTitle>{name}</DialogTitle>
            <DialogDescription>{when}</DialogDescription>
          </DialogHeader>
          <div>
            <AppointmentStatusBadge status={appointment.status} />
          </div>
          <dl className="grid gap-3">
            <Fact label="Length">{appointment.duration_minutes} minutes</Fact>
            <Fact label="Service">{appointment.service ?? 'None'}</Fact>
            <Fact label="Staff">{appointment.staff ?? 'None'}</Fact>
            {appointment.location && <Fact label="Location">{appointment.location}</Fact>}
            {appointment.notes && <Fact label="Notes">{appointment.notes}</Fact>}
            <Fact label="Source">{SOURCES[appointment.source]}</Fact>
            <Fact label="Customer link">
              <Button
                variant="link"
                className="h-auto p-0 text-sm"
                onClick={() => void copyCustomerLink(appointment.self_service_url)}
              >
                <LinkIcon aria-hidden="true" />
                Copy customer link
              </Button>
            </Fact>
          </dl>
          <ReminderTimeline appointmentId={appointment.id} />
          {moving && canChange ? (
            <RescheduleForm
              key={appointment.id}
              appointment={appointment}
              zone={zone}
              onBack={() => setMoving(false)}
              onMoved={(moved) => {
                setMoving(false);
                onChange(moved);
              }}
            />
          ) : editing && canChange ? (
            <EditForm
              key={appointment.id}
              appointment={appointment}
              onBack={() => setEditing(false)}
              onSaved={(saved) => {
                setEditing(false);
                onChange(saved);
              }}
            />
          ) : (
            <DialogFooter className="sm:flex-wrap">
              <Button
                variant="ghost"
                className="text-destructive hover:text-destructive sm:mr-auto"
                disabled={busy}
                onClick={() => ask('delete')}
              >
                <Trash2Icon aria-hidden="true" />
                Delete
              </Button>
              {canChange && (
                <Button variant="outline" disabled={busy} onClick={() => ask('cancel')}>
                  <XCircleIcon aria-hidden="true" />
                  Cancel Appointment
                </Button>
              )}
              {canChange && (
                <Button variant="outline" disabled={busy} onClick={() => setEditing(true)}>
                  <PencilIcon aria-hidden="true" />
                  Edit
                </Button>
              )}
              {canChange && (
                <Button variant="outline" disabled={busy} onClick={() => setMoving(true)}>
                  <CalendarClockIcon aria-hidden="true" />
                  Reschedule
                </Button>
              )}
              {canConfirm && (
                <Button
                  disabled={busy}
                  onClick={() =>
                    confirm.mutate(appointment.id, {
                      onSuccess: (confirmed) => {
                        toast.success('Appointment confirmed', { description: `${name} · ${when}` });
                        onChange(confirmed);
                      },
                    })
                  }
                >
                  <CheckIcon aria-hidden="true" />
                  {confirm.isPending ? 'Confirming...' : 'Confirm'}
                </Button>
              )}
            </DialogFooter>
          )}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(next) => {
          if (!next) setAsking(null);
        }}
        title={lastAsked === 'cancel' ? 'Cancel this appointment?' : 'Delete this appointment?'}
        description={
          lastAsked === 'cancel'
            ? `${name}, ${when}. Its time becomes free again; the appointment stays in the history as cancelled.`
            : `${name}, ${when}. It is removed for good. To keep a record, cancel it instead.`
        }
        cancelLabel={lastAsked === 'cancel' ? 'Keep Appointment' : 'Cancel'}
        confirmLabel={lastAsked === 'cancel' ? 'Cancel Appointment' : 'Delete Appointment'}
        onConfirm={() => {
          if (lastAsked === 'cancel') {
            cancel.mutate(appointment.id, {
              onSuccess: (cancelled) => {
                toast.success('Appointment cancelled', { description: `${name} · ${when}` });
                onChange(cancelled);
              },
            });
          } else {
            remove.mutate(appointment.id, {
              onSuccess: () => {
                toast.success('Appointment deleted', { description: `${name} · ${when}` });
                onOpenChange(false);
              },
            });
          }
        }}
      />
    </>
  );
}
