import { LoaderCircleIcon, PhoneOutgoingIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ReviewCard } from '@/components/call-setup/review-card';
import { TermList } from '@/components/call-setup/term-list';
import { Button } from '@/components/ui/button';
import type { WindowMove } from '@/features/schedule-call/components/calling-window-hint';
import { VoicePreviewPanel } from '@/features/schedule-call/components/voice-preview-panel';
import type { useVoicePreview } from '@/features/schedule-call/hooks/use-voice-preview';
import { LATE_GRACE_MS, TIME_PASSED } from '@/features/schedule-call/utils/schedule-form';
import { formatDateTime } from '@/lib/dates';

/**
 * The review says what the field and the window notice say: a time the form refuses as passed is passed (not
 * "Now"), and a time the calling window moves is the opening, in the recipient's zone, as the notice words it.
 */
function whenText(when: Date | null, windowMove: WindowMove | null): string {
  if (when && when.getTime() < Date.now() - LATE_GRACE_MS) return TIME_PASSED;
  if (windowMove) return windowMove.text;
  if (when) return when.getTime() <= Date.now() ? 'Now' : formatDateTime(when);
  return '—';
}

/** Beside the form: the voice preview, who is called when and by which voice, the cost, and the buttons. */
export function ScheduleReview({
  editing,
  voicePreview,
  onGeneratePreview,
  voice,
  voiceId,
  recipientName,
  phone,
  when,
  windowMove,
  costEstimate,
  onClose,
  submitting,
}: {
  editing: boolean;
  voicePreview: ReturnType<typeof useVoicePreview>;
  onGeneratePreview: () => void;
  /** The chosen voice; undefined for an id no voice has. */
  voice: { name: string; tone: string } | undefined;
  voiceId: string;
  recipientName: string;
  phone: string;
  when: Date | null;
  windowMove: WindowMove | null;
  costEstimate: ReactNode;
  onClose: () => void;
  submitting: boolean;
}) {
  const name = recipientName.trim();
  return (
    <ReviewCard
      title={editing ? 'Review and save' : 'Review and schedule'}
      description={editing ? 'The same rules as a new call apply.' : 'Listen first, then schedule.'}
      actions={
        <>
          <Button
            type="button"
            variant="outline"
            className="sm:flex-1"
            onClick={onClose}
            disabled={submitting}
          >
            Cancel
          </Button>
          <Button type="submit" className="sm:flex-1" disabled={submitting}>
            {submitting ? (
              <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
            ) : (
              <PhoneOutgoingIcon aria-hidden="true" />
            )}
            {editing
              ? submitting
                ? 'Saving...'
                : 'Save Changes'
              : submitting
                ? 'Scheduling...'
                : 'Schedule Call'}
          </Button>
        </>
      }
    >
      <VoicePreviewPanel
        preview={voicePreview.preview}
        voiceName={voice?.name ?? voiceId}
        audioRef={voicePreview.audioRef}
        audioEvents={voicePreview.audioEvents}
        onGenerate={onGeneratePreview}
        onPlay={voicePreview.play}
        onStop={voicePreview.stop}
      />
      <TermList
        compact
        testId="schedule-review"
        rows={[
          ['To', name ? `${name}${phone.trim() ? ` · ${phone.trim()}` : ''}` : '—'],
          ['When', whenText(when, windowMove)],
          ['Voice', voice ? `${voice.name} (${voice.tone})` : '—'],
        ]}
      />
      {costEstimate}
    </ReviewCard>
  );
}
