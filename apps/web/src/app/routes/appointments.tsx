import type { Appointment } from '@callwise/shared/schemas/appointments';
import {
  CalendarArrowUpIcon,
  CalendarDaysIcon,
  CalendarPlusIcon,
  FileUpIcon,
  FilterXIcon,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageIntro } from '@/components/page-intro';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAppointments } from '@/features/appointments/api/get-appointments';
import { AddToWaitlistDialog } from '@/features/appointments/components/add-to-waitlist-dialog';
import { Agenda } from '@/features/appointments/components/agenda';
import { AgendaToolbar } from '@/features/appointments/components/agenda-toolbar';
import { AppointmentDetailsDialog } from '@/features/appointments/components/appointment-details-dialog';
import { ImportAppointmentsDialog } from '@/features/appointments/components/import-appointments-dialog';
import { ImportIcsDialog } from '@/features/appointments/components/import-ics-dialog';
import { NewAppointmentDialog } from '@/features/appointments/components/new-appointment-dialog';
import { WaitlistCard } from '@/features/appointments/components/waitlist-card';
import { useAgenda } from '@/features/appointments/hooks/use-agenda';
import { dayOf, needsAttention, rangeOf } from '@/features/appointments/utils/agenda';
import { useBookingSettings } from '@/lib/booking-settings';
import { useContactNames } from '@/lib/contact-names';

export default function AppointmentsPage() {
  const agenda = useAgenda();
  const settings = useBookingSettings();
  const range = rangeOf(agenda.days, agenda.zone);
  const list = useAppointments({
    ...range,
    ...(agenda.status ? { status: agenda.status } : {}),
    ...(agenda.staff ? { staff: agenda.staff } : {}),
  });
  const staff = (settings.data?.staff ?? []).map((member) => member.name);
  // A moved appointment is shown once, at its new time (unless moved ones are asked for).
  const shown = (list.data ?? []).filter(
    (appointment) =>
      (agenda.status === 'rescheduled' || appointment.status !== 'rescheduled') &&
      (!agenda.attention || needsAttention(appointment)),
  );
  const names = useContactNames(
    shown.flatMap((appointment) => (appointment.contact_id ? [appointment.contact_id] : [])),
  );
  const [creating, setCreating] = useState({ open: false, key: 0 });
  const openNew = () => setCreating((current) => ({ open: true, key: current.key + 1 }));
  // The appointment stays while its dialog closes, so that its text does not change during the animation.
  const [details, setDetails] = useState<{ open: boolean; appointment: Appointment | null }>({
    open: false,
    appointment: null,
  });
  const [importing, setImporting] = useState(false);
  const [importingIcs, setImportingIcs] = useState(false);
  const [waiting, setWaiting] = useState({ open: false, key: 0 });
  const unit = agenda.view === 'day' ? 'day' : 'week';

  const newButton = (
    <Button onClick={openNew}>
      <CalendarPlusIcon aria-hidden="true" />
      New Appointment
    </Button>
  );

  let body: ReactNode;
  if (list.isError && !list.data) {
    body = (
      <LoadError
        title="Appointments could not be loaded"
        message={list.error.message}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (list.isPending) {
    body = (
      <div className="grid gap-3" role="status" aria-label="Loading appointments">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-20 w-full rounded-lg" />
        ))}
      </div>
    );
  } else if (shown.length === 0) {
    body = agenda.filtered ? (
      <EmptyState
        icon={FilterXIcon}
        headingLevel="h3"
        title={`No matching appointments this ${unit}`}
        description={`Nothing this ${unit} matches the filters. Clear them to see every appointment.`}
        action={
          <Button variant="outline" onClick={agenda.clearFilters}>
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={CalendarDaysIcon}
        headingLevel="h3"
        title={`No appointments this ${unit}`}
        description="Book one here, or through the API. Times are in your business’s time zone."
        action={newButton}
      />
    );
  } else {
    body = (
      <Agenda
        view={agenda.view}
        days={agenda.days}
        today={agenda.today}
        zone={agenda.zone}
        appointments={shown}
        staff={agenda.staff ? [agenda.staff] : staff}
        names={names}
        onOpen={(appointment) => setDetails({ open: true, appointment })}
      />
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageIntro
        description="Your customers’ bookings by day and by week: confirm, move or cancel them."
        actions={
          <>
            <Button variant="outline" onClick={() => setImporting(true)}>
              <FileUpIcon aria-hidden="true" />
              Import
            </Button>
            <Button variant="outline" onClick={() => setImportingIcs(true)}>
              <CalendarArrowUpIcon aria-hidden="true" />
              Import .ics
            </Button>
            {newButton}
          </>
        }
      />
      <AgendaToolbar agenda={agenda} staff={staff} />
      <div aria-busy={list.isFetching || undefined}>{body}</div>
      <WaitlistCard onAdd={() => setWaiting((current) => ({ open: true, key: current.key + 1 }))} />

      <NewAppointmentDialog
        key={creating.key}
        open={creating.open}
        onOpenChange={(open) => setCreating((current) => ({ ...current, open }))}
        settings={settings.data}
        zone={agenda.zone}
        initialDay={agenda.days.includes(agenda.today) ? agenda.today : (agenda.days[0] ?? agenda.today)}
        onBooked={(appointment) => {
          const day = dayOf(new Date(appointment.starts_at), agenda.zone);
          if (!agenda.days.includes(day)) agenda.goTo(day);
        }}
      />
      <AddToWaitlistDialog
        key={`waitlist-${waiting.key}`}
        open={waiting.open}
        onOpenChange={(open) => setWaiting((current) => ({ ...current, open }))}
        settings={settings.data}
        zone={agenda.zone}
      />
      <ImportAppointmentsDialog
        open={importing}
        onOpenChange={setImporting}
        settings={settings.data}
        zone={agenda.zone}
      />
      <ImportIcsDialog open={importingIcs} onOpenChange={setImportingIcs} />
      <AppointmentDetailsDialog
        appointment={details.appointment}
        open={details.open}
        onOpenChange={(open) => setDetails((current) => ({ ...current, open }))}
        onChange={(appointment) => setDetails((current) => ({ ...current, appointment }))}
        names={names}
        zone={agenda.zone}
      />
    </div>
  );
}
