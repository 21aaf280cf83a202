import { formatPhone } from '@callwise/shared/phone';
import type { Call } from '@callwise/shared/schemas/calls';
import { useRef } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ScheduleCallView } from '@/features/schedule-call/components/schedule-call-view';

/**
 * Changes a call that has not gone out: the schedule form, filled from the call, in a dialog. Saving sends
 * PATCH /v1/calls/{id} (the same rules as a new call); a call a dispatcher has taken meanwhile answers 409, which
 * the form says.
 */
export function EditCallDialog({
  call,
  open,
  onOpenChange,
}: {
  call: Call | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const titleRef = useRef<HTMLHeadingElement | null>(null);
  return (
    <Dialog open={open && call !== null} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[calc(100svh-1rem)] w-[calc(100%-1rem)] max-w-6xl gap-5 px-3 py-5 sm:w-[calc(100%-2rem)] sm:px-6 sm:py-6"
        data-testid="edit-call-dialog"
        // The title takes the focus, not the first field (the contact search would open its list over the form).
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          titleRef.current?.focus();
        }}
      >
        {call && (
          <>
            <DialogHeader className="text-left">
              <DialogTitle ref={titleRef} tabIndex={-1} className="outline-none">
                Edit the call to {call.recipient_name}
              </DialogTitle>
              <DialogDescription>
                {formatPhone(call.phone)}. Change when it goes out, who it calls, the voice or the message;
                the same calling rules as a new call apply.
              </DialogDescription>
            </DialogHeader>
            <ScheduleCallView
              key={call.id}
              editing={call}
              usage={undefined}
              simulated={false}
              contactId={call.contact_id}
              scriptId={null}
              onClose={() => onOpenChange(false)}
              onScheduled={() => undefined}
              onSaved={() => onOpenChange(false)}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
