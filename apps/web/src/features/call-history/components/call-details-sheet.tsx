import { statusGroup } from '@callwise/shared/calls';
import { formatCost, formatDuration } from '@callwise/shared/format';
import { formatPhone } from '@callwise/shared/phone';
import type { Call } from '@callwise/shared/schemas/calls';
import { BanIcon, Trash2Icon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { CallStatusBadge } from '@/components/call-status-badge';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { useDeleteRecording } from '@/features/call-history/api/delete-recording';
import { useCall } from '@/features/call-history/api/get-call';
import { CallAttempts } from '@/features/call-history/components/call-attempts';
import {
  callTypeLabel,
  callWith,
  isTranscriptEvent,
  outcomeLabel,
  voiceLabel,
} from '@/features/call-history/components/call-labels';
import { RecordingPlayer } from '@/features/call-history/components/recording-player';
import { WebhookDeliveries } from '@/features/call-history/components/webhook-deliveries';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { formatDateTime } from '@/lib/dates';

const NONE = <span className="text-muted-foreground">—</span>;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-3 py-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

const time = (value: string | null) => (value ? <time dateTime={value}>{formatDateTime(value)}</time> : NONE);

/** Deletes the call's recording now rather than after the 90 days, once confirmed. */
function DeleteRecordingButton({ call }: { call: Call }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteRecording();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="outline"
          size="sm"
          className="w-fit text-destructive hover:bg-destructive-soft hover:text-destructive-soft-foreground"
          disabled={remove.isPending}
        >
          <Trash2Icon aria-hidden="true" />
          {remove.isPending ? 'Deleting...' : 'Delete Recording'}
        </Button>
      }
      title="Delete this recording?"
      description={`The recording of ${callWith(call)} will be deleted for good. The call itself stays in your history. Recordings are otherwise kept for 90 days.`}
      cancelLabel="Keep Recording"
      confirmLabel="Delete"
      onConfirm={() =>
        remove.mutate(call.id, {
          onSuccess: () =>
            toast.success('Recording deleted', {
              description: `The recording of the call to ${call.recipient_name} has been deleted.`,
            }),
        })
      }
    />
  );
}

function CallDetails({ call: listed, onCancel }: { call: Call; onCancel: (call: Call) => void }) {
  // The list's copy shows at once; the server's fresh copy replaces it (a call in progress moves on).
  const { data } = useCall(listed);
  const call = data ?? listed;
  const outcome = outcomeLabel(call.outcome);
  return (
    <div className="grid gap-6 overflow-y-auto px-4 pb-6">
      <dl className="divide-y">
        <Detail label="Status">
          <CallStatusBadge status={call.status} />
        </Detail>
        <Detail label="Outcome">{outcome ?? NONE}</Detail>
        {call.failure_reason && <Detail label="Reason">{call.failure_reason}</Detail>}
        {call.answered_by && (
          <Detail label="Answered by">
            {call.answered_by === 'machine' ? 'Answering machine' : 'A person'}
          </Detail>
        )}
        <Detail label="Direction">
          {call.direction === 'inbound' ? 'Inbound: they called your business number' : 'Outbound'}
        </Detail>
        <Detail label={call.direction === 'inbound' ? 'Caller' : 'Phone'}>{formatPhone(call.phone)}</Detail>
        {call.direction === 'outbound' && <Detail label="Call type">{callTypeLabel(call.call_type)}</Detail>}
        <Detail label="Voice">{voiceLabel(call.voice)}</Detail>
        {/* A call to the business has no schedule and no retries. */}
        {call.direction === 'outbound' && (
          <>
            <Detail label="Attempts">{call.attempts}</Detail>
            <Detail label="Scheduled">
              {time(call.scheduled_at)}
              {call.schedule_note && (
                <span className="block text-muted-foreground">{call.schedule_note}</span>
              )}
            </Detail>
          </>
        )}
        {call.requested_at && <Detail label="Asked for">{time(call.requested_at)}</Detail>}
        <Detail label="Started">{time(call.started_at)}</Detail>
        <Detail label="Ended">{time(call.ended_at)}</Detail>
        <Detail label="Duration">{call.duration === null ? NONE : formatDuration(call.duration)}</Detail>
        <Detail label="Cost">{call.cost === null ? NONE : formatCost(call.cost)}</Detail>
        <Detail label="Created">{time(call.created_at)}</Detail>
      </dl>
      <section aria-labelledby="call-message-heading" className="grid gap-2">
        <h3 id="call-message-heading" className="text-sm font-semibold">
          {call.direction === 'inbound' ? 'Greeting' : 'Message'}
        </h3>
        <p className="rounded-lg border bg-muted/40 p-3 text-sm leading-relaxed break-words whitespace-pre-line">
          {call.message}
        </p>
      </section>
      {call.transcript && call.transcript.length > 0 && (
        <section aria-labelledby="call-transcript-heading" className="grid gap-2">
          <h3 id="call-transcript-heading" className="text-sm font-semibold">
            Transcript
          </h3>
          <ol className="grid gap-2 rounded-lg border p-3 text-sm" data-testid="call-transcript">
            {call.transcript.map((line, index) => {
              const event = isTranscriptEvent(line.text);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the transcript of an ended call never changes.
                <li key={index} className="grid grid-cols-[4.5rem_1fr] gap-2">
                  {event ? (
                    <>
                      <span className="sr-only">Event:</span>
                      <span
                        className="col-start-2 min-w-0 break-words text-muted-foreground italic"
                        data-testid="transcript-event"
                      >
                        {line.text.trim().slice(1, -1)}
                      </span>
                    </>
                  ) : (
                    <>
                      <span
                        className={
                          line.speaker === 'ai'
                            ? 'font-medium text-primary'
                            : 'font-medium text-muted-foreground'
                        }
                      >
                        {line.speaker === 'ai' ? 'AI' : call.direction === 'inbound' ? 'Caller' : 'Callee'}
                      </span>
                      <span className="min-w-0 break-words">{line.text}</span>
                    </>
                  )}
                </li>
              );
            })}
          </ol>
        </section>
      )}
      <section aria-labelledby="call-recording-heading" className="grid gap-2">
        <h3 id="call-recording-heading" className="text-sm font-semibold">
          Recording
        </h3>
        {call.recording_url ? (
          <>
            <RecordingPlayer callId={call.id} label={`Recording of ${callWith(call)}`} />
            <DeleteRecordingButton call={call} />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">No recording for this call.</p>
        )}
      </section>
      <CallAttempts call={call} />
      <WebhookDeliveries call={call} />
      {statusGroup(call.status) === 'pending' && (
        <Button variant="outline" className="w-fit" onClick={() => onCancel(call)}>
          <BanIcon aria-hidden="true" />
          Cancel Call
        </Button>
      )}
      <p className="font-mono text-xs break-all text-muted-foreground">ID {call.id}</p>
    </div>
  );
}

/** Everything about one call, in a panel from the right. */
export function CallDetailsSheet({
  call,
  open,
  onOpenChange,
  onCancel,
}: {
  /** The call to show; kept while the panel slides away. */
  call: Call | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCancel: (call: Call) => void;
}) {
  const returnFocus = useReturnFocus();
  return (
    <Sheet open={open && call !== null} onOpenChange={onOpenChange}>
      <SheetContent className="w-[calc(100%-2rem)] gap-0 sm:max-w-md" {...returnFocus}>
        <SheetHeader className="pr-10">
          <SheetTitle>
            {call
              ? call.direction === 'inbound'
                ? `Inbound call from ${call.contact_id ? call.recipient_name : formatPhone(call.phone)}`
                : `Call to ${call.recipient_name}`
              : 'Call details'}
          </SheetTitle>
          <SheetDescription>{call ? formatDateTime(call.created_at) : ''}</SheetDescription>
        </SheetHeader>
        {call && <CallDetails call={call} onCancel={onCancel} />}
      </SheetContent>
    </Sheet>
  );
}
