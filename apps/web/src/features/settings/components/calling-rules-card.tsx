import {
  type CallingRules,
  type CallingRulesInput,
  callingRulesInputSchema,
  DAILY_CALL_CAP_MAX,
  DAILY_CALL_CAP_MIN,
  DISCLOSURE_MAX_LENGTH,
} from '@callwise/shared/schemas/calling-rules';
import { CalendarClockIcon, ClockIcon, ShieldCheckIcon } from 'lucide-react';
import { InlineLoadError } from '@/components/inline-load-error';
import { CardContent } from '@/components/ui/card';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Separator } from '@/components/ui/separator';
import { Textarea } from '@/components/ui/textarea';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useUpdateCallingRules } from '@/features/settings/api/update-calling-rules';
import {
  CallingRulesSkeleton,
  DisclosurePreview,
  FixedRules,
} from '@/features/settings/components/calling-rules-parts';
import { RuleSection } from '@/features/settings/components/rule-section';
import { SaveCancelFooter } from '@/features/settings/components/save-cancel-footer';
import { SettingsFormCard } from '@/features/settings/components/settings-form-card';
import { useSettingsForm } from '@/features/settings/hooks/use-settings-form';
import { clock } from '@/features/settings/utils/clock';
import { useCallingRules } from '@/lib/calling-rules';
import { errorMessage } from '@/lib/errors';

const FIELDS = ['calling_window_start', 'calling_window_end', 'daily_call_cap', 'disclosure'] as const;

const valuesFrom = (rules: CallingRules): CallingRulesInput => ({
  calling_window_start: rules.calling_window_start,
  calling_window_end: rules.calling_window_end,
  daily_call_cap: rules.daily_call_cap,
  disclosure: rules.disclosure,
});

function CallingRulesForm({ rules }: { rules: CallingRules }) {
  const update = useUpdateCallingRules();
  const {
    register,
    reset,
    watch,
    submit,
    formState: { errors, isDirty, isSubmitting },
  } = useSettingsForm({
    schema: callingRulesInputSchema,
    saved: rules,
    valuesFrom,
    save: update.mutateAsync,
    fieldOf: (name) => FIELDS.find((field) => field === name) ?? null,
    savedToast: {
      title: 'Calling rules saved',
      description: 'Calls placed from now on follow the new rules.',
    },
    errorTitle: 'Error saving calling rules',
  });

  const start = watch('calling_window_start');
  const end = watch('calling_window_end');
  const cap = watch('daily_call_cap');
  const disclosure = watch('disclosure') ?? '';
  const capText = Number.isInteger(cap) && cap > 0 ? cap : rules.daily_call_cap;

  return (
    <form onSubmit={submit} noValidate className="contents" aria-labelledby="calling-rules-heading">
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />
      <CardContent className="grid gap-6">
        <RuleSection
          icon={ClockIcon}
          title="Calling window"
          titleId="rule-window"
          explanation={
            <>
              Calls go out only between {clock(start)} and {clock(end)} in the recipient’s local time; a call
              due outside the window waits for the next opening.
            </>
          }
        >
          <fieldset className="grid max-w-md grid-cols-2 gap-3">
            <legend className="sr-only">Calling window, recipient’s local time</legend>
            <FormField id="window-start" label="From" error={errors.calling_window_start?.message}>
              <Input
                id="window-start"
                type="time"
                step={60}
                min="08:00"
                max="21:00"
                aria-invalid={errors.calling_window_start ? true : undefined}
                aria-describedby={
                  errors.calling_window_start ? fieldMessageId('window-start') : 'window-hint'
                }
                {...register('calling_window_start')}
              />
            </FormField>
            <FormField id="window-end" label="Until" error={errors.calling_window_end?.message}>
              <Input
                id="window-end"
                type="time"
                step={60}
                min="08:00"
                max="21:00"
                aria-invalid={errors.calling_window_end ? true : undefined}
                aria-describedby={errors.calling_window_end ? fieldMessageId('window-end') : 'window-hint'}
                {...register('calling_window_end')}
              />
            </FormField>
            <p id="window-hint" className="col-span-2 text-[0.8125rem] text-muted-foreground">
              You can narrow the window, not widen it past 8:00 AM–9:00 PM.
            </p>
          </fieldset>
        </RuleSection>

        <Separator />

        <RuleSection
          icon={CalendarClockIcon}
          title="Calls per contact per day"
          titleId="rule-cap"
          explanation={`Each person gets at most ${capText} ${capText === 1 ? 'call' : 'calls'} a day, counting calls from the app, the API and campaigns.`}
        >
          <FormField
            id="daily-cap"
            label="Most calls per day"
            error={errors.daily_call_cap?.message}
            description={`From ${DAILY_CALL_CAP_MIN} to ${DAILY_CALL_CAP_MAX}.`}
            className="max-w-52"
          >
            <Input
              id="daily-cap"
              type="number"
              inputMode="numeric"
              min={DAILY_CALL_CAP_MIN}
              max={DAILY_CALL_CAP_MAX}
              step={1}
              aria-invalid={errors.daily_call_cap ? true : undefined}
              aria-describedby={fieldMessageId('daily-cap')}
              {...register('daily_call_cap', { valueAsNumber: true })}
            />
          </FormField>
        </RuleSection>

        <Separator />

        <RuleSection
          icon={ShieldCheckIcon}
          title="Disclosure and opt-out"
          titleId="rule-disclosure"
          explanation="Every call opens with this disclosure and offers 9 to opt out; whoever presses 9 goes on your do-not-call list at once."
        >
          <FormField
            id="disclosure"
            label="Disclosure"
            error={errors.disclosure?.message}
            description={
              <>
                Change the wording as you like; keep <code className="font-mono">{'{{business_name}}'}</code>,
                which says your business’s name.
              </>
            }
            labelAside={
              <span className="text-xs text-muted-foreground tabular-nums" aria-hidden="true">
                {disclosure.trim().length}/{DISCLOSURE_MAX_LENGTH}
              </span>
            }
          >
            <Textarea
              id="disclosure"
              rows={2}
              maxLength={DISCLOSURE_MAX_LENGTH + 20}
              aria-invalid={errors.disclosure ? true : undefined}
              aria-describedby={`${fieldMessageId('disclosure')} disclosure-preview`}
              {...register('disclosure')}
            />
          </FormField>
          <DisclosurePreview disclosure={disclosure} businessName={rules.business_name} />
        </RuleSection>

        <Separator />

        <FixedRules />
      </CardContent>
      <SaveCancelFooter
        dirty={isDirty}
        submitting={isSubmitting}
        saveLabel="Save Rules"
        onCancel={() => reset(valuesFrom(rules))}
      />
    </form>
  );
}

/**
 * Settings → Calling rules: each rule explained in one sentence; the calling window, the daily cap per contact
 * and the disclosure's wording can be changed (only made stricter than the law's defaults).
 */
export function CallingRulesCard() {
  const rules = useCallingRules();
  return (
    <SettingsFormCard
      headingId="calling-rules-heading"
      icon={ShieldCheckIcon}
      title="Calling rules"
      description="Every call follows these rules, whether it is scheduled here, through the API or by a campaign."
    >
      {rules.isPending ? (
        <CallingRulesSkeleton />
      ) : rules.isError ? (
        <CardContent>
          <InlineLoadError
            message={<>The calling rules could not be loaded. {errorMessage(rules.error)}</>}
            retrying={rules.isFetching}
            onRetry={() => void rules.refetch()}
          />
        </CardContent>
      ) : (
        <CallingRulesForm rules={rules.data} />
      )}
    </SettingsFormCard>
  );
}
