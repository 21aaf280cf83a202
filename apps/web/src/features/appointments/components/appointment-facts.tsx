import type { Appointment } from '@callwise/shared/schemas/appointments';
import { LinkIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

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

/** What is known of the appointment, one fact a line, with the customer's own link to copy. */
export function AppointmentFacts({ appointment }: { appointment: Appointment }) {
  return (
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
  );
}
