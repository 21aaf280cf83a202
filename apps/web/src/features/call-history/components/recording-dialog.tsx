import type { Call } from '@callwise/shared/schemas/calls';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { RecordingPlayer } from '@/features/call-history/components/recording-player';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { formatDateTime } from '@/lib/dates';

/** The Play action: the call's recording in a small dialog, playing at once. */
export function RecordingDialog({
  call,
  open,
  onOpenChange,
}: {
  call: Call | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog open={open && call !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" {...returnFocus}>
        <DialogHeader>
          <DialogTitle>Call recording</DialogTitle>
          <DialogDescription>
            {call ? `${call.recipient_name}, ${formatDateTime(call.started_at ?? call.created_at)}` : ''}
          </DialogDescription>
        </DialogHeader>
        {open && call?.recording_url && (
          <RecordingPlayer
            url={call.recording_url}
            label={`Recording of the call to ${call.recipient_name}`}
            autoPlay
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
