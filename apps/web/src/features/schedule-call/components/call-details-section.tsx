import { CalendarClockIcon } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { CallTypeOptions } from '@/components/call-setup/call-type-options';
import { LocalTimeField } from '@/components/call-setup/local-time-field';
import { VoiceField } from '@/components/call-setup/voice-field';
import { FormSection } from '@/components/form-parts/form-section';
import { SelectField } from '@/components/form-parts/select-field';
import { Button } from '@/components/ui/button';
import { CallingWindowHint, type WindowMove } from '@/features/schedule-call/components/calling-window-hint';
import type { ScheduleFormValues } from '@/features/schedule-call/utils/schedule-form';

/** The kind of call, who speaks and when it is placed (with Now, and the calling window's say). */
export function CallDetailsSection({
  form,
  onNow,
  windowMove,
}: {
  form: UseFormReturn<ScheduleFormValues>;
  /** Sets the time to the next minute. */
  onNow: () => void;
  windowMove: WindowMove | null;
}) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  return (
    <FormSection
      id="schedule-section-call-details"
      title="Call details"
      description="What kind of call, when it is placed and who speaks."
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <SelectField control={control} name="callType" id="schedule-call-type" label="Call type">
          <CallTypeOptions />
        </SelectField>
        <VoiceField control={control} name="voice" id="schedule-voice" detailed />
      </div>
      <LocalTimeField
        id="schedule-time"
        label="Schedule time"
        error={errors.scheduledAt?.message}
        className="w-0 min-w-0 flex-1 px-2.5 tabular-nums sm:max-w-64 sm:px-3"
        registration={register('scheduledAt')}
        aside={
          // Named by what it shows ("Now", for speech input too); on a phone only the icon shows.
          <Button type="button" variant="outline" title="Use the current time" onClick={onNow}>
            <CalendarClockIcon aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Now</span>
          </Button>
        }
      />
      <CallingWindowHint move={windowMove} />
    </FormSection>
  );
}
