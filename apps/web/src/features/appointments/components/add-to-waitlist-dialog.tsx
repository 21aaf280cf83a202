import {
  type BookingSettingsResponse,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Weekday,
} from '@callwise/shared/schemas/booking';
import type { Contact } from '@callwise/shared/schemas/contacts';
import type { CreateWaitlistEntryInput } from '@callwise/shared/schemas/waitlist';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAddToWaitlist } from '@/features/appointments/api/waitlist';
import {
  FormDialogFooter,
  ServiceStaffSelects,
  TeamNotesField,
} from '@/features/appointments/components/booking-form-parts';
import { ContactField } from '@/features/appointments/components/contact-field';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { fieldProblemsOf } from '@/lib/form-errors';

type Field = 'contact' | 'service' | 'staff' | 'days' | 'earliest' | 'latest' | 'notes';

const FIELD_OF: Record<string, Field> = {
  contact_id: 'contact',
  service: 'service',
  staff: 'staff',
  days: 'days',
  earliest: 'earliest',
  latest: 'latest',
  notes: 'notes',
};

/** A time of day that may be left empty. */
function OptionalTimeField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <FormField id={id} label={label} error={error} description={error ? undefined : 'Optional.'}>
      <Input
        id={id}
        type="time"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldMessageId(id)}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}

/** Monday first, as the week is shown. */
const WEEK: readonly Weekday[] = [...WEEKDAYS.slice(1), WEEKDAYS[0]];

function WaitlistForm({
  settings,
  onAdded,
}: {
  settings: BookingSettingsResponse | undefined;
  onAdded: () => void;
}) {
  const add = useAddToWaitlist();
  const services = settings?.services ?? [];
  const staffMembers = (settings?.staff ?? []).map((member) => member.name);
  const [contact, setContact] = useState<Contact | null>(null);
  const [service, setService] = useState('');
  const [staff, setStaff] = useState('');
  const [days, setDays] = useState<Weekday[]>([]);
  const [earliest, setEarliest] = useState('');
  const [latest, setLatest] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const toggleDay = (day: Weekday, on: boolean) =>
    setDays((current) => (on ? [...current, day] : current.filter((item) => item !== day)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Partial<Record<Field, string>> = {};
    if (!contact) problems.contact = 'Choose a contact';
    if (earliest && latest && latest < earliest) problems.latest = 'Must not be before the earliest time';
    setErrors(problems);
    if (!contact || problems.latest) {
      document.getElementById(problems.contact ? 'appointment-contact' : 'waitlist-latest')?.focus();
      return;
    }
    const input: CreateWaitlistEntryInput = {
      contact_id: contact.id,
      days: WEEK.filter((day) => days.includes(day)),
      ...(service ? { service } : {}),
      ...(staff ? { staff } : {}),
      ...(earliest ? { earliest } : {}),
      ...(latest ? { latest } : {}),
      ...(notes.trim() ? { notes: notes.trim() } : {}),
    };
    try {
      await add.mutateAsync(input);
      toast.success('Added to the waitlist', { description: contact.name });
      onAdded();
    } catch (error) {
      setErrors(fieldProblemsOf(error, (name) => FIELD_OF[name.split('.')[0] ?? '']));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Add to the waitlist">
      <ContactField
        contact={contact}
        error={errors.contact}
        onChange={(next) => {
          setContact(next);
          setErrors((current) => ({ ...current, contact: undefined }));
        }}
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <ServiceStaffSelects
          id="waitlist"
          service={service}
          onServiceChange={setService}
          serviceNames={services.map((item) => item.name)}
          staff={staff}
          onStaffChange={setStaff}
          staffNames={staffMembers}
          emptyLabels={{ service: 'Any service', staff: 'Anyone' }}
          errors={errors}
        />
      </div>
      <fieldset className="grid min-w-0 gap-2" aria-describedby="waitlist-days-help">
        <legend className="mb-1 text-sm font-medium">Days that suit them</legend>
        <p id="waitlist-days-help" className="text-xs text-muted-foreground">
          {errors.days ?? 'None ticked: any day.'}
        </p>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {WEEK.map((day) => (
            <div key={day} className="flex items-center gap-2">
              <Checkbox
                id={`waitlist-day-${day}`}
                checked={days.includes(day)}
                onCheckedChange={(checked) => toggleDay(day, checked === true)}
              />
              <Label htmlFor={`waitlist-day-${day}`} className="font-normal">
                {WEEKDAY_LABELS[day]}
              </Label>
            </div>
          ))}
        </div>
      </fieldset>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <OptionalTimeField
          id="waitlist-earliest"
          label="Earliest start"
          value={earliest}
          onChange={setEarliest}
          error={errors.earliest}
        />
        <OptionalTimeField
          id="waitlist-latest"
          label="Latest start"
          value={latest}
          onChange={(value) => {
            setLatest(value);
            setErrors((current) => ({ ...current, latest: undefined }));
          }}
          error={errors.latest}
        />
      </div>
      <TeamNotesField id="waitlist-notes" value={notes} onChange={setNotes} error={errors.notes} rows={2} />
      <FormDialogFooter pending={add.isPending} submitLabel="Add to Waitlist" pendingLabel="Adding..." />
    </form>
  );
}

/**
 * Put a contact on the waitlist, with the service, staff member, days and times that suit them. Give it a new `key`
 * each time it opens, so that the form starts empty.
 */
export function AddToWaitlistDialog({
  open,
  onOpenChange,
  settings,
  zone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  settings: BookingSettingsResponse | undefined;
  zone: string;
}) {
  const focus = useReturnFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl" {...focus}>
        <DialogHeader>
          <DialogTitle>Add to Waitlist</DialogTitle>
          <DialogDescription>
            When a time that suits them frees up, we call them to offer it. Times are in the business’s time
            zone ({zone.replaceAll('_', ' ')}).
          </DialogDescription>
        </DialogHeader>
        <WaitlistForm settings={settings} onAdded={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
