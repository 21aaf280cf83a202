import { formatPhone } from '@callwise/shared/phone';
import type { Call } from '@callwise/shared/schemas/calls';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatDateTime } from '@/lib/dates';

/** Asks before a scheduled call is cancelled, naming who and when. */
export function CancelCallDialog({
  call,
  open,
  onOpenChange,
  onConfirm,
}: {
  call: Call | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (call: Call) => void;
}) {
  return (
    <ConfirmDialog
      open={open && call !== null}
      onOpenChange={onOpenChange}
      title={`Cancel the call to ${call?.recipient_name ?? ''}?`}
      description={
        call
          ? `The call to ${formatPhone(call.phone)}, due ${formatDateTime(call.scheduled_at)}, will not be placed and no longer counts against your calls.`
          : ''
      }
      cancelLabel="Keep Call"
      confirmLabel="Cancel Call"
      onConfirm={() => call && onConfirm(call)}
    />
  );
}
