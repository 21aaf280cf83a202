import type { Appointment } from '@callwise/shared/schemas/appointments';
import type { BookingSettingsResponse } from '@callwise/shared/schemas/booking';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { NewAppointmentForm } from '@/features/appointments/components/new-appointment-form';
import { useReturnFocus } from '@/hooks/use-return-focus';

/**
 * Book an appointment: contact, service, staff member, then an open time of the chosen day. Give it a new `key` each
 * time it opens, so that the form starts empty (and keeps its text while it closes).
 */
export function NewAppointmentDialog({
  open,
  onOpenChange,
  settings,
  zone,
  initialDay,
  onBooked,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  settings: BookingSettingsResponse | undefined;
  zone: string;
  initialDay: string;
  onBooked: (appointment: Appointment) => void;
}) {
  const focus = useReturnFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl" {...focus}>
        <DialogHeader>
          <DialogTitle>New Appointment</DialogTitle>
          <DialogDescription>
            Times are in the business’s time zone ({zone.replaceAll('_', ' ')}).
          </DialogDescription>
        </DialogHeader>
        <NewAppointmentForm
          settings={settings}
          zone={zone}
          initialDay={initialDay}
          onBooked={(appointment) => {
            onOpenChange(false);
            onBooked(appointment);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
