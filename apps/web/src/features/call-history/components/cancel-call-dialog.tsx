import { formatPhone } from '@callwise/shared/phone';
import type { Call } from '@callwise/shared/schemas/calls';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { useReturnFocus } from '@/hooks/use-return-focus';
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
  const focus = useReturnFocus();
  return (
    <AlertDialog open={open && call !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent {...focus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel the call to {call?.recipient_name}?</AlertDialogTitle>
          <AlertDialogDescription>
            {call
              ? `The call to ${formatPhone(call.phone)}, due ${formatDateTime(call.scheduled_at)}, will not be placed and no longer counts against your calls.`
              : ''}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep Call</AlertDialogCancel>
          <AlertDialogAction onClick={() => call && onConfirm(call)}>Cancel Call</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
