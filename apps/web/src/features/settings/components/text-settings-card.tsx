import { CALL_TYPE_LABELS, CALL_TYPES, type CallType } from '@callwise/shared/calls';
import type { CallingRules } from '@callwise/shared/schemas/calling-rules';
import {
  TEXT_TEMPLATE_MAX_LENGTH,
  type TextSettings,
  textSettingsSchema,
} from '@callwise/shared/schemas/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquareIcon, MessageSquareReplyIcon, PhoneMissedIcon, RotateCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useTextSettings, useUpdateTextSettings } from '@/features/settings/api/text-settings';
import { previewText, SAMPLE_RECIPIENT, sizeLine } from '@/features/settings/utils/text-preview';
import { useCallingRules } from '@/lib/calling-rules';
import { errorMessage } from '@/lib/errors';
import { fieldErrorsOf } from '@/lib/form-errors';

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

/** "08:00" as the person's clock shows it ("8:00 AM"); the text itself when it is not a time. */
function clock(time: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  return new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]))),
  );
}

/** One group of the card: its icon, heading and explanation, then its fields. */
function Group({
  icon: Icon,
  title,
  titleId,
  explanation,
  children,
}: {
  icon: typeof MessageSquareIcon;
  title: string;
  titleId: string;
  explanation: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="grid gap-3 sm:grid-cols-[auto_1fr] sm:gap-x-4">
      <span className="hidden size-9 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground sm:flex">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="grid min-w-0 gap-4">
        <div className="grid gap-1">
          <h3 id={titleId} className="text-sm font-semibold">
            {title}
          </h3>
          <p className="text-sm text-muted-foreground">{explanation}</p>
        </div>
        {children}
      </div>
    </section>
  );
}

/**
 * The text as Maria Garcia would read it, and its size: characters, segments, encoding and cost (naming the
 * characters that make it UCS-2). `id` is described by the textarea.
 */
function TextPreviewBox({
  id,
  template,
  businessName,
}: {
  id: string;
  template: string;
  businessName: string;
}) {
  const preview = previewText(template, businessName);
  return (
    <div className="flex min-w-0 gap-3 rounded-lg border bg-muted/40 p-3">
      <MessageSquareIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div id={id} className="grid min-w-0 gap-1">
        <p className="text-xs font-medium text-muted-foreground">
          Preview for {SAMPLE_RECIPIENT.name}
          <span className="sr-only">:</span>
        </p>
        {preview.ok ? (
          <>
            <p className="text-sm break-words whitespace-pre-wrap" data-testid={`${id}-text`}>
              {preview.text || <span className="text-muted-foreground italic">No text yet</span>}
            </p>
            <p className="text-xs text-muted-foreground tabular-nums" data-testid={`${id}-size`}>
              {sizeLine(preview)}
            </p>
            {preview.nonGsmCharacters.length > 0 && (
              <p className="text-xs text-muted-foreground" data-testid={`${id}-ucs2`}>
                UCS-2 because of{' '}
                {preview.nonGsmCharacters.map((character, index) => (
                  <span key={character}>
                    {index > 0 && ' '}
                    <code className="rounded bg-background px-1 font-mono text-foreground">{character}</code>
                  </span>
                ))}
                : without {preview.nonGsmCharacters.length === 1 ? 'it' : 'them'} a segment holds 160
                characters, not 70.
              </p>
            )}
          </>
        ) : (
          <p className="text-sm text-destructive" data-testid={`${id}-text`}>
            {preview.missing.map((name) => `{{${name}}}`).join(', ')} cannot be filled in: texts know only{' '}
            {'{{first_name}}'}, {'{{name}}'} and {'{{business_name}}'}.
          </p>
        )}
      </div>
    </div>
  );
}

function TextSettingsSkeleton() {
  return (
    <CardContent className="grid gap-6" role="status" aria-label="Loading the texts after calls">
      {['follow-up', 'text-back'].map((key) => (
        <div key={key} className="grid gap-3">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-full max-w-md" />
          <div className="grid gap-2 sm:grid-cols-2">
            <Skeleton className="h-5 w-44" />
            <Skeleton className="h-5 w-44" />
          </div>
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ))}
    </CardContent>
  );
}

function TextSettingsForm({ settings, rules }: { settings: TextSettings; rules: CallingRules }) {
  const update = useUpdateTextSettings();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<TextSettings>({
    resolver: zodResolver(textSettingsSchema),
    defaultValues: valuesFrom(settings),
  });

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset(valuesFrom(saved));
      toast.success('Texts saved', { description: 'Texts sent from now on use these settings.' });
    } catch (error) {
      const problems = fieldErrorsOf(error).flatMap((problem) => {
        const field = fieldOf(problem.field);
        return field ? [{ field, message: problem.message }] : [];
      });
      problems.forEach((problem, index) => {
        setError(problem.field, { message: problem.message }, { shouldFocus: index === 0 });
      });
      if (problems.length === 0) toast.error('Error saving the texts', { description: errorMessage(error) });
    }
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
        <Group
          icon={PhoneMissedIcon}
          title="Text after a missed call"
          titleId="texts-follow-up"
          explanation="When a call of a type ticked here reaches nobody (no answer or busy after every attempt) or a voicemail, the person gets this text."
        >
          <Controller
            control={control}
            name="follow_up_call_types"
            render={({ field, fieldState }) => (
              <fieldset
                className="grid gap-3"
                aria-describedby={fieldState.error ? fieldMessageId('follow-up-types') : undefined}
              >
                <legend className="mb-3 text-sm font-medium">
                  Follow up by text when a call of this type reaches nobody or voicemail
                </legend>
                <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
                  {CALL_TYPES.map((type, index) => {
                    const id = `follow-up-type-${type}`;
                    const checked = field.value.includes(type);
                    const toggle = (on: boolean) =>
                      field.onChange(
                        CALL_TYPES.filter((other: CallType) =>
                          other === type ? on : field.value.includes(other),
                        ),
                      );
                    return (
                      <div key={type} className="flex min-h-9 items-center gap-2">
                        <Checkbox
                          id={id}
                          checked={checked}
                          onCheckedChange={(value) => toggle(value === true)}
                          onBlur={field.onBlur}
                          ref={index === 0 ? field.ref : undefined}
                        />
                        <Label htmlFor={id} className="font-normal">
                          {CALL_TYPE_LABELS[type]}
                        </Label>
                      </div>
                    );
                  })}
                </div>
                {fieldState.error && (
                  <p id={fieldMessageId('follow-up-types')} className="text-[0.8125rem] text-destructive">
                    {fieldState.error.message}
                  </p>
                )}
              </fieldset>
            )}
          />
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
        </Group>

        <Separator />

        <Group
          icon={MessageSquareReplyIcon}
          title="Missed-call text-back"
          titleId="texts-text-back"
          explanation="When someone calls your business number and nobody takes the call, they get this text at once: it answers their own call."
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
        </Group>
      </CardContent>
      <CardFooter className="flex-col-reverse gap-2 border-t pt-6 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          className="w-full sm:w-auto"
          disabled={!isDirty || isSubmitting}
          onClick={() => reset(valuesFrom(settings))}
        >
          Cancel
        </Button>
        <Button type="submit" className="w-full sm:w-auto" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Texts'}
        </Button>
      </CardFooter>
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
    <Card aria-labelledby="text-settings-heading">
      <CardHeader>
        <CardTitle as="h2" id="text-settings-heading" className="flex items-center gap-2">
          <MessageSquareIcon aria-hidden="true" className="size-4 text-primary" />
          Texts after calls
        </CardTitle>
        <CardDescription>
          Texts sent for you when a call reaches nobody. Replies show on the Messages page.
        </CardDescription>
      </CardHeader>
      {failed ? (
        <CardContent>
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-lg border border-destructive/30 p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="text-sm text-destructive">
              The texts after calls could not be loaded. {errorMessage(failed.error)}
            </p>
            <Button
              variant="outline"
              onClick={() => {
                if (settings.isError) void settings.refetch();
                if (rules.isError) void rules.refetch();
              }}
              disabled={retrying}
            >
              <RotateCwIcon aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
              {retrying ? 'Trying again...' : 'Try again'}
            </Button>
          </div>
        </CardContent>
      ) : settings.data && rules.data ? (
        <TextSettingsForm settings={settings.data} rules={rules.data} />
      ) : (
        <TextSettingsSkeleton />
      )}
    </Card>
  );
}
