import { CALL_TYPES } from '@callwise/shared/calls';
import type { CallingRules } from '@callwise/shared/schemas/calling-rules';
import {
  TEXT_TEMPLATE_MAX_LENGTH,
  type TextSettings,
  textSettingsSchema,
} from '@callwise/shared/schemas/messages';
import { MessageSquareIcon, MessageSquareReplyIcon, PhoneMissedIcon } from 'lucide-react';
import { Controller } from 'react-hook-form';
import { InlineLoadError } from '@/components/inline-load-error';
import { CardContent } from '@/components/ui/card';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Separator } from '@/components/ui/separator';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useTextSettings, useUpdateTextSettings } from '@/features/settings/api/text-settings';
import { RuleSection } from '@/features/settings/components/rule-section';
import { SaveCancelFooter } from '@/features/settings/components/save-cancel-footer';
import { SettingsFormCard } from '@/features/settings/components/settings-form-card';
import {
  FollowUpTypesField,
  TextPreviewBox,
  TextSettingsSkeleton,
} from '@/features/settings/components/text-settings-parts';
import { useSettingsForm } from '@/features/settings/hooks/use-settings-form';
import { clock } from '@/features/settings/utils/clock';
import { useCallingRules } from '@/lib/calling-rules';
import { errorMessage } from '@/lib/errors';

const FIELDS = [
  'follow_up_call_types',
  'follow_up_text',
  'missed_call_text_back',
  'missed_call_text',
] as const;
type Field = (typeof FIELDS)[number];

/** The field a server's problem names ("follow_up_call_types.1" is the call types'), or null. */
const fieldOf = (name: string): Field | null =>
  FIELDS.find((field) => name === field || name.startsWith(`${field}.`)) ?? null;

const valuesFrom = (settings: TextSettings): TextSettings => ({
  // In the order the checkboxes show them, so that ticking and unticking one back is no change.
  follow_up_call_types: CALL_TYPES.filter((type) => settings.follow_up_call_types.includes(type)),
  follow_up_text: settings.follow_up_text,
  missed_call_text_back: settings.missed_call_text_back,
  missed_call_text: settings.missed_call_text,
});

function TextSettingsForm({ settings, rules }: { settings: TextSettings; rules: CallingRules }) {
  const update = useUpdateTextSettings();
  const {
    control,
    register,
    reset,
    watch,
    submit,
    formState: { errors, isDirty, isSubmitting },
  } = useSettingsForm({
    schema: textSettingsSchema,
    saved: settings,
    valuesFrom,
    save: update.mutateAsync,
    fieldOf,
    focusFirst: true,
    savedToast: { title: 'Texts saved', description: 'Texts sent from now on use these settings.' },
    errorTitle: 'Error saving the texts',
  });

  const followUpText = watch('follow_up_text') ?? '';
  const missedCallText = watch('missed_call_text') ?? '';
  const textBack = watch('missed_call_text_back');
  const counter = (text: string) => (
    <span className="text-xs text-muted-foreground tabular-nums" aria-hidden="true">
      {text.trim().length}/{TEXT_TEMPLATE_MAX_LENGTH}
    </span>
  );
  const variables = (
    <>
      <code className="font-mono">{'{{first_name}}'}</code>, <code className="font-mono">{'{{name}}'}</code>{' '}
      and <code className="font-mono">{'{{business_name}}'}</code> are filled in.
    </>
  );

  return (
    <form onSubmit={submit} noValidate className="contents" aria-labelledby="text-settings-heading">
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />
      <CardContent className="grid gap-6">
        <RuleSection
          icon={PhoneMissedIcon}
          title="Text after a missed call"
          titleId="texts-follow-up"
          explanation="When a call of a type ticked here reaches nobody (no answer or busy after every attempt) or a voicemail, the person gets this text."
          spacing="gap-4"
        >
          <FollowUpTypesField control={control} />
          <FormField
            id="follow-up-text"
            label="Follow-up text"
            error={errors.follow_up_text?.message}
            description={variables}
            labelAside={counter(followUpText)}
          >
            <Textarea
              id="follow-up-text"
              rows={3}
              maxLength={TEXT_TEMPLATE_MAX_LENGTH + 20}
              aria-invalid={errors.follow_up_text ? true : undefined}
              aria-describedby={`${fieldMessageId('follow-up-text')} follow-up-preview`}
              {...register('follow_up_text')}
            />
          </FormField>
          <TextPreviewBox id="follow-up-preview" template={followUpText} businessName={rules.business_name} />
          <p className="text-[0.8125rem] text-muted-foreground" data-testid="follow-up-window">
            The text keeps to your calling window, {clock(rules.calling_window_start)}–
            {clock(rules.calling_window_end)} in the person’s time zone: a call that ends later is followed up
            at the next opening.
          </p>
        </RuleSection>

        <Separator />

        <RuleSection
          icon={MessageSquareReplyIcon}
          title="Missed-call text-back"
          titleId="texts-text-back"
          explanation="When someone calls your business number and nobody takes the call, they get this text at once: it answers their own call."
          spacing="gap-4"
        >
          <Controller
            control={control}
            name="missed_call_text_back"
            render={({ field }) => (
              <div className="flex items-start justify-between gap-4">
                <Label htmlFor="missed-call-text-back" className="leading-snug font-normal">
                  Answer a call to your business number nobody took with a text, at most one a day per caller
                </Label>
                <Switch
                  id="missed-call-text-back"
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  aria-describedby={
                    errors.missed_call_text_back ? fieldMessageId('missed-call-text-back') : undefined
                  }
                />
              </div>
            )}
          />
          {errors.missed_call_text_back && (
            <p id={fieldMessageId('missed-call-text-back')} className="text-[0.8125rem] text-destructive">
              {errors.missed_call_text_back.message}
            </p>
          )}
          <FormField
            id="missed-call-text"
            label="Text-back text"
            error={errors.missed_call_text?.message}
            description={
              textBack ? variables : <>Not sent while the text-back is off; kept for when you turn it on.</>
            }
            labelAside={counter(missedCallText)}
          >
            <Textarea
              id="missed-call-text"
              rows={3}
              maxLength={TEXT_TEMPLATE_MAX_LENGTH + 20}
              aria-invalid={errors.missed_call_text ? true : undefined}
              aria-describedby={`${fieldMessageId('missed-call-text')} missed-call-preview`}
              {...register('missed_call_text')}
            />
          </FormField>
          <TextPreviewBox
            id="missed-call-preview"
            template={missedCallText}
            businessName={rules.business_name}
          />
        </RuleSection>
      </CardContent>
      <SaveCancelFooter
        dirty={isDirty}
        submitting={isSubmitting}
        saveLabel="Save Texts"
        onCancel={() => reset(valuesFrom(settings))}
      />
    </form>
  );
}

/**
 * Settings → Texts: the text after a call that reached nobody or a voicemail (for the call types ticked) and the
 * text that answers a call to the business nobody took, each with a live preview and its size as billed.
 */
export function TextSettingsCard() {
  const settings = useTextSettings();
  // The business's name (for the preview) and the calling window (the follow-up keeps to it).
  const rules = useCallingRules();
  const failed = settings.isError ? settings : rules.isError ? rules : null;
  const retrying = settings.isFetching || rules.isFetching;
  return (
    <SettingsFormCard
      headingId="text-settings-heading"
      icon={MessageSquareIcon}
      title="Texts after calls"
      description="Texts sent for you when a call reaches nobody. Replies show on the Messages page."
    >
      {failed ? (
        <CardContent>
          <InlineLoadError
            message={<>The texts after calls could not be loaded. {errorMessage(failed.error)}</>}
            retrying={retrying}
            onRetry={() => {
              if (settings.isError) void settings.refetch();
              if (rules.isError) void rules.refetch();
            }}
          />
        </CardContent>
      ) : settings.data && rules.data ? (
        <TextSettingsForm settings={settings.data} rules={rules.data} />
      ) : (
        <TextSettingsSkeleton />
      )}
    </SettingsFormCard>
  );
}
