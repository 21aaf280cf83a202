import type { Appointment } from '@callwise/shared/schemas/appointments';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useRescheduleAppointment } from '@/features/appointments/api/reschedule-appointment';
import { SlotPicker, type TimeChoice } from '@/features/appointments/components/slot-picker';
import { dayOf } from '@/features/appointments/utils/agenda';
import { isApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';

/** Moves the appointment to an open time (or one typed in): the old one is kept as moved, a new one replaces it. */
export function RescheduleForm({
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
