import type { Appointment } from '@callwise/shared/schemas/appointments';
import { CalendarClockIcon, CheckIcon, PencilIcon, Trash2Icon, XCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { AppointmentStatusBadge } from '@/components/appointment-status-badge';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useCancelAppointment } from '@/features/appointments/api/cancel-appointment';
import { useConfirmAppointment } from '@/features/appointments/api/confirm-appointment';
import { useDeleteAppointment } from '@/features/appointments/api/delete-appointment';
import { contactLabel } from '@/features/appointments/components/appointment-card';
import { AppointmentFacts } from '@/features/appointments/components/appointment-facts';
import { EditForm } from '@/features/appointments/components/edit-appointment-form';
import { ReminderTimeline } from '@/features/appointments/components/reminder-timeline';
import { RescheduleForm } from '@/features/appointments/components/reschedule-appointment-form';
import { isOpen } from '@/features/appointments/utils/agenda';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { formatDate, formatTime } from '@/lib/dates';

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
          <AppointmentFacts appointment={appointment} />
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
