import type { Appointment } from '@callwise/shared/schemas/appointments';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useUpdateAppointment } from '@/features/appointments/api/update-appointment';
import { ServiceStaffSelects } from '@/features/appointments/components/booking-form-parts';
import { isApiError } from '@/lib/api-error';
import { useBookingSettings } from '@/lib/booking-settings';
import { fieldErrorsOf } from '@/lib/form-errors';

/** Corrects the appointment in place: its service, staff member, length, location and notes (the time: Reschedule). */
export function EditForm({
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
        <ServiceStaffSelects
          id="edit"
          service={service}
          onServiceChange={setService}
          serviceNames={services}
          staff={staff}
          onStaffChange={setStaff}
          staffNames={staffMembers}
          emptyLabels={{ service: 'No service', staff: 'None' }}
          errors={errors}
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
