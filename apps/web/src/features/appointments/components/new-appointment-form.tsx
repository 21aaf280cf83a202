import type { Appointment, CreateAppointmentInput } from '@callwise/shared/schemas/appointments';
import { DEFAULT_APPOINTMENT_MINUTES } from '@callwise/shared/schemas/appointments';
import type { BookingSettingsResponse } from '@callwise/shared/schemas/booking';
import type { Contact } from '@callwise/shared/schemas/contacts';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { NameSelect } from '@/components/name-select';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useCreateAppointment } from '@/features/appointments/api/create-appointment';
import { FormDialogFooter, TeamNotesField } from '@/features/appointments/components/booking-form-parts';
import { ContactField } from '@/features/appointments/components/contact-field';
import { SlotPicker, type TimeChoice } from '@/features/appointments/components/slot-picker';
import { isApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { fieldProblemsOf } from '@/lib/form-errors';

type Field = 'contact' | 'time' | 'duration' | 'service' | 'staff' | 'location' | 'notes';

/** Which form field a server problem is about. */
const FIELD_OF: Record<string, Field> = {
  contact_id: 'contact',
  starts_at: 'time',
  duration_minutes: 'duration',
  service: 'service',
  staff: 'staff',
  location: 'location',
  notes: 'notes',
};

/** The booking itself: who, what, with whom, when and where; a time taken meanwhile is explained, not lost. */
export function NewAppointmentForm({
  settings,
  zone,
  initialDay,
  onBooked,
}: {
  settings: BookingSettingsResponse | undefined;
  zone: string;
  initialDay: string;
  onBooked: (appointment: Appointment) => void;
}) {
  const create = useCreateAppointment();
  const services = settings?.services ?? [];
  const staffMembers = (settings?.staff ?? [])
    .filter((member) => member.bookable)
    .map((member) => member.name);
  const [contact, setContact] = useState<Contact | null>(null);
  const [service, setService] = useState('');
  const [duration, setDuration] = useState(String(DEFAULT_APPOINTMENT_MINUTES));
  const [staff, setStaff] = useState('');
  const [day, setDay] = useState(initialDay);
  const [time, setTime] = useState<TimeChoice | null>(null);
  const [location, setLocation] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [taken, setTaken] = useState<string | null>(null);

  const minutes = Number(duration);
  const validDuration = Number.isInteger(minutes) && minutes >= 5 && minutes <= 24 * 60;

  const chooseService = (name: string) => {
    setService(name);
    const found = services.find((item) => item.name === name);
    if (found) setDuration(String(found.duration_minutes));
    setTime(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Partial<Record<Field, string>> = {};
    if (!contact) problems.contact = 'Choose a contact';
    if (!time) problems.time = 'Choose an open time, or enter one';
    if (!validDuration) problems.duration = 'Enter a length from 5 minutes to 24 hours';
    setErrors(problems);
    setTaken(null);
    if (!contact || !time || !validDuration) {
      const first = problems.contact
        ? 'appointment-contact'
        : problems.duration
          ? 'appointment-duration'
          : null;
      if (first) document.getElementById(first)?.focus();
      return;
    }
    const input: CreateAppointmentInput = {
      contact_id: contact.id,
      starts_at: time.starts_at,
      duration_minutes: minutes,
      ...(service ? { service } : {}),
      ...((time.staff ?? staff) ? { staff: time.staff ?? staff } : {}),
      ...(location.trim() ? { location: location.trim() } : {}),
      ...(notes.trim() ? { notes: notes.trim() } : {}),
    };
    try {
      const booked = await create.mutateAsync(input);
      toast.success('Appointment booked', {
        description: `${contact.name} · ${formatDateTime(booked.starts_at)}`,
      });
      onBooked(booked);
    } catch (error) {
      // The toast came from the error hook; the problem also goes where it belongs.
      if (isApiError(error) && error.code === 'slot_taken') {
        setTime(null);
        setTaken(`${error.message} The open times have been updated.`);
        return;
      }
      setErrors(fieldProblemsOf(error, (name) => FIELD_OF[name]));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="New appointment">
      <ContactField
        contact={contact}
        error={errors.contact}
        onChange={(next) => {
          setContact(next);
          setErrors((current) => ({ ...current, contact: undefined }));
        }}
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {services.length > 0 && (
          <FormField id="appointment-service" label="Service" error={errors.service}>
            <NativeSelect
              id="appointment-service"
              value={service}
              onChange={(event) => chooseService(event.target.value)}
            >
              <option value="">No service</option>
              {services.map((item) => (
                <option key={item.name} value={item.name}>
                  {item.name} ({item.duration_minutes} min)
                </option>
              ))}
            </NativeSelect>
          </FormField>
        )}
        <FormField
          id="appointment-duration"
          label="Length (minutes)"
          error={errors.duration}
          description={errors.duration ? undefined : service ? 'Set by the service.' : undefined}
        >
          <Input
            id="appointment-duration"
            type="number"
            inputMode="numeric"
            min={5}
            max={1440}
            step={5}
            value={duration}
            aria-invalid={errors.duration ? true : undefined}
            aria-describedby={errors.duration || service ? fieldMessageId('appointment-duration') : undefined}
            onChange={(event) => {
              setDuration(event.target.value);
              setTime(null);
            }}
          />
        </FormField>
        {staffMembers.length > 0 && (
          <NameSelect
            id="appointment-staff"
            label="Staff"
            value={staff}
            onChange={(name) => {
              setStaff(name);
              setTime(null);
            }}
            names={staffMembers}
            emptyLabel="Anyone available"
            error={errors.staff}
          />
        )}
      </div>
      <SlotPicker
        id="appointment"
        zone={zone}
        day={day}
        onDayChange={setDay}
        service={service}
        staff={staff}
        duration={validDuration ? minutes : undefined}
        value={time}
        onChange={(next) => {
          setTime(next);
          if (next) setErrors((current) => ({ ...current, time: undefined }));
        }}
        error={errors.time}
        message={taken}
      />
      <FormField id="appointment-location" label="Location" error={errors.location} description="Optional.">
        <Input
          id="appointment-location"
          value={location}
          placeholder="Main office"
          aria-describedby={fieldMessageId('appointment-location')}
          onChange={(event) => setLocation(event.target.value)}
        />
      </FormField>
      <TeamNotesField
        id="appointment-notes"
        value={notes}
        onChange={setNotes}
        error={errors.notes}
        rows={3}
      />
      <FormDialogFooter pending={create.isPending} submitLabel="Book Appointment" pendingLabel="Booking..." />
    </form>
  );
}
