import { CalendarClockIcon } from 'lucide-react';
import { useState } from 'react';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { CallTypeOptions } from '@/components/call-setup/call-type-options';
import { VoiceField } from '@/components/call-setup/voice-field';
import { fieldAria } from '@/components/form-parts/field-aria';
import { FormSection } from '@/components/form-parts/form-section';
import { SelectField } from '@/components/form-parts/select-field';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { CallingWindowHint, type WindowMove } from '@/features/schedule-call/components/calling-window-hint';
import type { ScheduleFormValues } from '@/features/schedule-call/utils/schedule-form';
import { toLocalInputValue, zonedFieldText } from '@/lib/dates';

/** The kind of call, who speaks and when it is placed (with Now, and the calling window's say). */
export function CallDetailsSection({
  control,
  register,
  errors,
  onNow,
  windowMove,
}: {
  control: Control<ScheduleFormValues>;
  register: UseFormRegister<ScheduleFormValues>;
  errors: FieldErrors<ScheduleFormValues>;
  /** Sets the time to the next minute. */
  onNow: () => void;
  windowMove: WindowMove | null;
}) {
  const [timeField] = useState(() => zonedFieldText('Schedule time'));
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
      <FormField
        id="schedule-time"
        label={timeField.label}
        error={errors.scheduledAt?.message}
        description={timeField.hint}
      >
        <div className="flex gap-2">
          <Input
            id="schedule-time"
            type="datetime-local"
            step={60}
            min={toLocalInputValue(new Date())}
            aria-required="true"
            className="w-0 min-w-0 flex-1 px-2.5 tabular-nums sm:max-w-64 sm:px-3"
            {...fieldAria('schedule-time', errors.scheduledAt?.message, true)}
            {...register('scheduledAt')}
          />
          {/* Named by what it shows ("Now", for speech input too); on a phone only the icon shows. */}
          <Button type="button" variant="outline" title="Use the current time" onClick={onNow}>
            <CalendarClockIcon aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Now</span>
          </Button>
        </div>
      </FormField>
      <CallingWindowHint move={windowMove} />
    </FormSection>
  );
}
