import type { BookingSettingsResponse } from '@callwise/shared/schemas/booking';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { useUpdateBookingSettings } from '@/features/settings/api/update-booking-settings';
import { BookingClosuresCard } from '@/features/settings/components/booking-closures-card';
import { BookingHoursCard } from '@/features/settings/components/booking-hours-card';
import { BookingRemindersCard } from '@/features/settings/components/booking-reminders-card';
import { BookingRulesCard } from '@/features/settings/components/booking-rules-card';
import { BookingServicesCard } from '@/features/settings/components/booking-services-card';
import { BookingStaffCard } from '@/features/settings/components/booking-staff-card';
import { CalendarConnectionsCard } from '@/features/settings/components/calendar-connections-card';
import { DocumentForm } from '@/features/settings/components/document-form';
import { DocumentSkeleton } from '@/features/settings/components/document-form-parts';
import {
  bookingResolver,
  documentFrom,
  formFieldOf,
  valuesFrom,
} from '@/features/settings/utils/booking-form';
import { useBookingSettings } from '@/lib/booking-settings';
import { errorMessage } from '@/lib/errors';

/** The whole booking document as one form: one Save replaces it (PUT), as the server takes it. */
function BookingForm({ settings }: { settings: BookingSettingsResponse }) {
  const update = useUpdateBookingSettings();
  return (
    <DocumentForm
      values={valuesFrom(settings)}
      resolver={bookingResolver}
      save={async (values) => valuesFrom(await update.mutateAsync(documentFrom(values)))}
      fieldOf={formFieldOf}
      label="Booking settings"
      testId="booking-form"
      saveLabel="Save Booking Settings"
      saved={{
        title: 'Booking settings saved',
        description: 'Open slots follow the new settings from now on.',
      }}
      failed="Error saving booking settings"
    >
      <BookingHoursCard timezone={settings.timezone} />
      <BookingStaffCard />
      <BookingServicesCard />
      <BookingClosuresCard timezone={settings.timezone} />
      <BookingRulesCard />
      <BookingRemindersCard />
    </DocumentForm>
  );
}

/**
 * Settings → Booking: opening hours, staff and resources, services, closures, booking rules and reminders; open
 * slots are computed from them. Below, the calendars that appointments come from.
 */
export function BookingSection() {
  const settings = useBookingSettings();
  let form: ReactNode;
  if (settings.isPending)
    form = (
      <DocumentSkeleton
        label="Loading booking settings"
        cards={['hours', 'staff', 'services']}
        rows={['a', 'b', 'c']}
      />
    );
  else if (settings.isError)
    form = (
      <LoadError
        title="Your booking settings could not be loaded"
        message={errorMessage(settings.error)}
        retrying={settings.isFetching}
        onRetry={() => void settings.refetch()}
      />
    );
  else form = <BookingForm settings={settings.data} />;
  // The calendars are saved one by one, at once: apart from the booking form and its Save.
  return (
    <div className="grid min-w-0 gap-6">
      {form}
      <CalendarConnectionsCard />
    </div>
  );
}
