import { Controller, type UseFormReturn } from 'react-hook-form';
import { LocalTimeField } from '@/components/call-setup/local-time-field';
import { fieldAria } from '@/components/form-parts/field-aria';
import { FormSection } from '@/components/form-parts/form-section';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup } from '@/components/ui/radio-group';
import { Switch } from '@/components/ui/switch';
import { CampaignChoice } from '@/features/campaigns/components/campaign-choice';
import type { CampaignDraft } from '@/features/campaigns/hooks/use-campaign-draft';
import { type CampaignFormValues, nextHour, spreadDuration } from '@/features/campaigns/utils/campaign-form';
import { plural } from '@/features/campaigns/utils/campaign-labels';
import { parseLocalInputValue, toLocalInputValue } from '@/lib/dates';

/** When the campaign starts (now, or a day and time), and whether its calls are spread out at a pace. */
export function CampaignWhenSection({
  form,
  values,
  draft,
}: {
  form: UseFormReturn<CampaignFormValues>;
  values: CampaignFormValues;
  draft: Pick<CampaignDraft, 'calls' | 'pace' | 'paceValid'>;
}) {
  const {
    register,
    control,
    getValues,
    setValue,
    formState: { errors },
  } = form;
  const { calls, pace, paceValid } = draft;
  return (
    <FormSection
      id="campaign-section-when"
      title="When"
      description="When the first call goes out, and how fast the others follow."
    >
      <Controller
        control={control}
        name="start"
        render={({ field }) => (
          <RadioGroup
            value={field.value}
            onValueChange={(value) => {
              field.onChange(value);
              if (value === 'later' && !parseLocalInputValue(getValues('startsAt'))) {
                setValue('startsAt', toLocalInputValue(nextHour()));
              }
            }}
            aria-label="When to start"
            className="grid gap-3 sm:grid-cols-2"
          >
            <CampaignChoice
              id="campaign-start-now"
              value="now"
              label="Start now"
              hint="The first call goes out right away."
            />
            <CampaignChoice
              id="campaign-start-later"
              value="later"
              label="Start later"
              hint="Choose the day and time."
            />
          </RadioGroup>
        )}
      />
      {values.start === 'later' && (
        <LocalTimeField
          id="campaign-starts-at"
          label="Start time"
          error={errors.startsAt?.message}
          className="w-full px-2.5 tabular-nums sm:max-w-64 sm:px-3"
          registration={register('startsAt')}
        />
      )}
      <div className="grid gap-4 rounded-lg border p-4">
        <Controller
          control={control}
          name="paced"
          render={({ field }) => (
            <div className="flex items-start justify-between gap-4">
              <div className="grid gap-0.5">
                <Label htmlFor="campaign-paced">Spread the calls out</Label>
                <p id="campaign-paced-hint" className="text-[0.8125rem] text-muted-foreground">
                  Off: every call goes out at the start. On: one after the other, at a steady pace.
                </p>
              </div>
              <Switch
                id="campaign-paced"
                checked={field.value}
                onCheckedChange={field.onChange}
                aria-describedby="campaign-paced-hint"
              />
            </div>
          )}
        />
        {values.paced && (
          <FormField
            id="campaign-pace"
            label="Calls per hour"
            error={errors.pacePerHour?.message}
            description={
              paceValid && calls > 1
                ? `${plural(calls, 'call')} take ${spreadDuration(calls, pace)} from the first to the last.`
                : 'How many calls go out in an hour.'
            }
          >
            <Input
              id="campaign-pace"
              type="number"
              inputMode="numeric"
              min={1}
              max={3600}
              step={1}
              className="w-full sm:max-w-40"
              {...fieldAria('campaign-pace', errors.pacePerHour?.message, true)}
              {...register('pacePerHour')}
            />
          </FormField>
        )}
      </div>
    </FormSection>
  );
}
