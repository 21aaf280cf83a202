import type { BookingSettingsResponse } from '@callwise/shared/schemas/booking';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useUpdateBookingSettings } from '@/features/settings/api/update-booking-settings';
import { BookingClosuresCard } from '@/features/settings/components/booking-closures-card';
import { BookingHoursCard } from '@/features/settings/components/booking-hours-card';
import { BookingRemindersCard } from '@/features/settings/components/booking-reminders-card';
import { BookingRulesCard } from '@/features/settings/components/booking-rules-card';
import { BookingServicesCard } from '@/features/settings/components/booking-services-card';
import { BookingStaffCard } from '@/features/settings/components/booking-staff-card';
import { CalendarConnectionsCard } from '@/features/settings/components/calendar-connections-card';
import {
  type BookingFormValues,
  bookingResolver,
  documentFrom,
  formFieldOf,
  valuesFrom,
} from '@/features/settings/utils/booking-form';
import { useBookingSettings } from '@/lib/booking-settings';
import { errorMessage } from '@/lib/errors';
import { fieldErrorsOf } from '@/lib/form-errors';

function BookingSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading booking settings">
      {['hours', 'staff', 'services'].map((key) => (
        <Card key={key}>
          <CardHeader>
            <Skeleton className="h-5 w-36" />
            <Skeleton className="h-4 w-72 max-w-full" />
          </CardHeader>
          <CardContent className="grid gap-3">
            {['a', 'b', 'c'].map((row) => (
              <Skeleton key={row} className="h-9 w-full max-w-lg" />
            ))}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/** The whole booking document as one form: one Save replaces it (PUT), as the server takes it. */
function BookingForm({ settings }: { settings: BookingSettingsResponse }) {
  const update = useUpdateBookingSettings();
  const form = useForm<BookingFormValues>({
    resolver: bookingResolver,
    defaultValues: valuesFrom(settings),
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(documentFrom(values));
      reset(valuesFrom(saved));
      toast.success('Booking settings saved', {
        description: 'Open slots follow the new settings from now on.',
      });
    } catch (error) {
      const problems = fieldErrorsOf(error);
      let shown = 0;
      for (const problem of problems) {
        const field = formFieldOf(problem.field);
        if (!field) continue;
        setError(field as 'slot_step_minutes', { message: problem.message }, { shouldFocus: shown === 0 });
        shown += 1;
      }
      if (shown === 0) toast.error('Error saving booking settings', { description: errorMessage(error) });
    }
  });

  const formError = errors.root?.document?.message;

  return (
    <FormProvider {...form}>
      <form
        onSubmit={submit}
        noValidate
        aria-label="Booking settings"
        className="grid min-w-0 gap-6"
        data-testid="booking-form"
      >
        <UnsavedChangesGuard when={isDirty && !isSubmitting} />
        <BookingHoursCard timezone={settings.timezone} />
        <BookingStaffCard />
        <BookingServicesCard />
        <BookingClosuresCard timezone={settings.timezone} />
        <BookingRulesCard />
        <BookingRemindersCard />
        <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center gap-2 rounded-xl border bg-card/95 p-3 shadow-sm backdrop-blur sm:p-4">
          {formError && (
            <p role="alert" className="w-full text-sm text-destructive sm:w-auto">
              {formError}
            </p>
          )}
          <p className="hidden text-sm text-muted-foreground sm:block" aria-live="polite">
            {isDirty ? 'You have unsaved changes.' : 'All changes saved.'}
          </p>
          <div className="flex flex-1 gap-2 sm:flex-none sm:ml-auto">
            <Button
              type="button"
              variant="outline"
              className="flex-1 sm:flex-none"
              disabled={!isDirty || isSubmitting}
              onClick={() => reset(valuesFrom(settings))}
            >
              Cancel
            </Button>
            <Button type="submit" className="flex-[2] sm:flex-none" disabled={!isDirty || isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save Booking Settings'}
            </Button>
          </div>
        </div>
      </form>
    </FormProvider>
  );
}

/**
 * Settings → Booking: opening hours, staff and resources, services, closures, booking rules and reminders; open
 * slots are computed from them. Below, the calendars that appointments come from.
 */
export function BookingSection() {
  const settings = useBookingSettings();
  let form: ReactNode;
  if (settings.isPending) form = <BookingSkeleton />;
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
