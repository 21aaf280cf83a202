import { consentProblem } from '@callwise/shared/calling-rules';
import { CALL_TYPES, type CallType } from '@callwise/shared/calls';
import { type CampaignDetail, MAX_CAMPAIGN_CONTACTS } from '@callwise/shared/schemas/campaigns';
import { findVoice, VOICES } from '@callwise/shared/voices';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeftIcon, InfoIcon, LoaderCircleIcon, MegaphoneIcon, ShieldAlertIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { VoiceOptions } from '@/components/voice-options';
import { paths } from '@/config/paths';
import { useCreateCampaign } from '@/features/campaigns/api/create-campaign';
import { SCRIPT_OPTIONS_SIZE, useScriptOptions } from '@/features/campaigns/api/get-script-options';
import { useContactTags, useTagConsentGaps } from '@/features/campaigns/api/search-contacts';
import { type ChosenContact, ContactChooser } from '@/features/campaigns/components/contact-chooser';
import { TermList } from '@/features/campaigns/components/term-list';
import {
  type CampaignFormValues,
  campaignFormSchema,
  emptyCampaignForm,
  nextHour,
  spreadDuration,
  toCreateCampaignInput,
  valueVariables,
} from '@/features/campaigns/utils/campaign-form';
import { callTypeLabel, paceLabel, plural, voiceLabel } from '@/features/campaigns/utils/campaign-labels';
import { isApiError } from '@/lib/api-error';
import { formatDateTime, parseLocalInputValue, toLocalInputValue, zonedFieldText } from '@/lib/dates';
import { fieldErrorsOf } from '@/lib/form-errors';
import { useVoices } from '@/lib/voices';

/** From this many calls on, creating them takes long enough to say so. */
const LARGE_CAMPAIGN = 200;

/** Where a server problem about a request field goes in the form. */
function formFieldOf(field: string): FieldPath<CampaignFormValues> | null {
  const [root, ...rest] = field.split('.');
  switch (root) {
    case 'name':
      return 'name';
    case 'script_id':
      return 'scriptId';
    case 'call_type':
      return 'callType';
    case 'voice':
      return 'voice';
    case 'contact_ids':
      return 'contactIds';
    case 'tag':
      return 'tag';
    case 'default_variables':
      return rest.length > 0 ? `variables.${rest.join('.')}` : null;
    case 'starts_at':
      return 'startsAt';
    case 'pace_per_hour':
      return 'pacePerHour';
    default:
      return null;
  }
}

const errorProps = (id: string, error: string | undefined, described = false) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error || described ? fieldMessageId(id) : undefined,
});

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card className="gap-5" role="group" aria-labelledby={id}>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle as="h3" id={id}>
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 px-4 sm:px-6">{children}</CardContent>
    </Card>
  );
}

/** A choice of a radio group, with its label and a line under it. */
function Choice({ id, value, label, hint }: { id: string; value: string; label: string; hint: string }) {
  return (
    <div className="flex items-start gap-3 rounded-lg border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary-soft/40">
      <RadioGroupItem id={id} value={value} className="mt-0.5" aria-describedby={`${id}-hint`} />
      <div className="grid gap-0.5">
        <Label htmlFor={id} className="cursor-pointer">
          {label}
        </Label>
        <p id={`${id}-hint`} className="text-[0.8125rem] text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** The notice that the calling rules still apply to every call of the campaign. */
function CallingRulesNote() {
  return (
    <div className="flex gap-3 rounded-lg border bg-muted/40 px-4 py-3 text-[0.8125rem] leading-relaxed">
      <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <p>
        <span className="font-medium">The calling rules apply to every call.</span> Contacts on your
        do-not-call list, without consent for this kind of call, or already called as often as your account
        allows today are skipped; the campaign lists each one and why. Calls go out only inside each
        recipient’s calling window (their local time) and otherwise wait for the next opening.
      </p>
    </div>
  );
}

/** The spec's failure toast, with the server's own reason under it. */
function CreateFailure({ detail }: { detail: string | null }) {
  return (
    <span className="grid gap-1">
      <span>Failed to create the campaign. Please try again.</span>
      {detail && <span>{detail}</span>}
    </span>
  );
}

export interface NewCampaignViewProps {
  /** What the calls would cost, from the billing estimate; shown on the confirmation step. */
  costEstimate: (calls: number) => ReactNode;
  onCreated: (campaign: CampaignDetail) => void;
}

/**
 * The New Campaign flow: a name, a script and its values, the call type and voice, the contacts (chosen one by
 * one or by tag), when it starts and at what pace; then a confirmation step with the number of calls, their
 * estimated cost and the calling rules, before anything is created.
 */
export function NewCampaignView({ costEstimate, onCreated }: NewCampaignViewProps) {
  const navigate = useNavigate();
  const create = useCreateCampaign();
  const voices = useVoices();
  const scripts = useScriptOptions();
  const tags = useContactTags();
  const [step, setStep] = useState<'details' | 'confirm'>('details');
  const [chosen, setChosen] = useState<Map<string, ChosenContact>>(() => new Map());
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const [timeField] = useState(() => zonedFieldText('Start time'));

  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    setError,
    formState: { errors, isSubmitted },
  } = useForm<CampaignFormValues>({
    resolver: zodResolver(campaignFormSchema),
    defaultValues: emptyCampaignForm(),
  });
  const values = useWatch({ control }) as CampaignFormValues;
  const needed = valueVariables(values.scriptContent ?? '');
  const scriptList = scripts.data?.data ?? [];
  const script = scriptList.find((item) => item.id === values.scriptId) ?? null;
  const tagList = tags.data ?? [];
  const tagCount = tagList.find((item) => item.tag === values.tag)?.count ?? 0;
  const calls = values.audience === 'tag' ? tagCount : chosen.size;
  // Who the calling rules would skip for want of consent, said before the campaign is created.
  const tagGaps = useTagConsentGaps(
    values.tag ?? '',
    values.callType,
    step === 'confirm' && values.audience === 'tag',
  );
  const consentGaps =
    values.audience === 'tag'
      ? tagGaps.data
      : [...chosen.values()].filter((contact) =>
          consentProblem(values.callType, {
            consent: contact.consent,
            existingCustomer: contact.existing_customer,
          }),
        ).length;
  const voiceList = voices.data?.data ?? VOICES.map((voice) => ({ ...voice, available: true }));
  const pace = Number(values.pacePerHour);
  const paceValid = values.paced && Number.isInteger(pace) && pace > 0;

  // Each step opens with its heading focused, so that keyboard and screen reader users start at its top.
  useEffect(() => {
    void step;
    headingRef.current?.focus();
  }, [step]);

  const choose = (next: Map<string, ChosenContact>) => {
    setChosen(next);
    setValue('contactIds', [...next.keys()], { shouldValidate: isSubmitted });
  };

  const showFailure = (error: unknown) => {
    if (isApiError(error) && error.status === 401) return; // The session ended; the API client has said so.
    let focused = false;
    for (const problem of fieldErrorsOf(error)) {
      const name = formFieldOf(problem.field);
      if (!name) continue;
      if (!focused) setStep('details');
      setError(name, { type: 'server', message: problem.message }, { shouldFocus: !focused });
      focused = true;
    }
    const api = isApiError(error) ? error : null;
    const detail = api && api.status < 500 ? api.message : null;
    const upgrade = api?.code === 'call_limit_reached';
    toast.error('Error', {
      description: <CreateFailure detail={detail} />,
      ...(upgrade
        ? { action: { label: 'Upgrade', onClick: () => navigate(paths.pricing) }, duration: 10_000 }
        : {}),
    });
  };

  const review = handleSubmit(() => setStep('confirm'));

  const submit = async () => {
    let campaign: CampaignDetail;
    try {
      campaign = await create.mutateAsync(toCreateCampaignInput(getValues()));
    } catch (error) {
      showFailure(error);
      return;
    }
    const skipped = campaign.skipped_count;
    toast.success('Campaign created', {
      description:
        `${plural(campaign.progress.total, 'call')} scheduled` +
        (skipped > 0 ? `; ${plural(skipped, 'contact')} skipped by the calling rules.` : '.'),
    });
    onCreated(campaign);
  };

  const when = values.start === 'later' ? parseLocalInputValue(values.startsAt ?? '') : null;
  const whenText = when && when.getTime() > Date.now() ? formatDateTime(when) : 'Now';
  const audienceText =
    values.audience === 'tag'
      ? `Everyone tagged “${values.tag}” (${plural(tagCount, 'contact')})`
      : `${plural(chosen.size, 'chosen contact')}`;

  const heading = (
    <div className="grid gap-4">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to={paths.campaigns}>
            <ArrowLeftIcon aria-hidden="true" />
            Back to Campaigns
          </Link>
        </Button>
      </div>
      <div className="min-w-0 space-y-1">
        <h2
          ref={headingRef}
          id="campaign-heading"
          tabIndex={-1}
          className="text-xl font-semibold tracking-tight outline-none sm:text-2xl"
        >
          {step === 'details' ? 'New Campaign' : 'Confirm the campaign'}
        </h2>
        <p className="text-sm text-muted-foreground sm:text-base">
          {step === 'details'
            ? 'One script to many contacts: choose who, when and at what pace.'
            : 'Check what will happen before the calls are scheduled.'}
        </p>
      </div>
    </div>
  );

  if (step === 'confirm') {
    return (
      <div className="grid grid-cols-1 gap-6" data-testid="campaign-confirm">
        {heading}
        <Card className="gap-5" aria-labelledby="campaign-heading" role="region">
          <CardHeader className="px-4 sm:px-6">
            <p className="flex items-center gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
                <MegaphoneIcon aria-hidden="true" className="size-5" />
              </span>
              <span className="grid">
                <span
                  className="text-2xl font-semibold tracking-tight tabular-nums"
                  data-testid="campaign-call-count"
                >
                  {plural(calls, 'call')}
                </span>
                <span className="text-sm text-muted-foreground">{audienceText}</span>
              </span>
            </p>
          </CardHeader>
          <CardContent className="grid gap-5 px-4 sm:px-6">
            {costEstimate(calls)}
            <TermList
              rows={[
                ['Name', values.name],
                ['Script', script?.title ?? '—'],
                ['Call type', callTypeLabel(values.callType)],
                ['Voice', voiceLabel(values.voice)],
                ['Starts', whenText],
                [
                  'Pace',
                  paceValid && calls > 1
                    ? `${paceLabel(pace)} (the last call ${spreadDuration(calls, pace)} after the first)`
                    : paceLabel(paceValid ? pace : null),
                ],
                ...needed.map((name): [string, ReactNode] => [
                  `{{${name}}}`,
                  values.variables?.[name]?.trim() ?? '',
                ]),
              ]}
            />
            {consentGaps !== undefined && consentGaps > 0 && (
              <p
                className="flex gap-3 rounded-lg border border-warning/30 bg-warning-soft px-4 py-3 text-[0.8125rem] leading-relaxed text-warning-soft-foreground"
                data-testid="campaign-consent-skips"
              >
                <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>
                  <span className="font-medium">
                    {plural(consentGaps, 'contact')} would be skipped for consent:
                  </span>{' '}
                  {values.callType === 'promotional'
                    ? 'promotional calls need marketing consent.'
                    : 'they have no consent on record and are not marked as existing customers.'}{' '}
                  Record their consent on the Contacts page (one by one, or select them and Set consent).
                </span>
              </p>
            )}
            <CallingRulesNote />
            {create.isPending && calls > LARGE_CAMPAIGN && (
              <p role="status" className="text-[0.8125rem] text-muted-foreground">
                Creating {plural(calls, 'call')}: a large campaign takes a minute or two. Please keep this
                page open.
              </p>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button
                type="button"
                variant="outline"
                onClick={() => setStep('details')}
                disabled={create.isPending}
              >
                Back
              </Button>
              <Button type="button" onClick={() => void submit()} disabled={create.isPending || calls === 0}>
                {create.isPending ? (
                  <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
                ) : (
                  <MegaphoneIcon aria-hidden="true" />
                )}
                {create.isPending ? 'Creating...' : 'Create Campaign'}
              </Button>
            </div>
          </CardContent>
        </Card>
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6" data-testid="new-campaign">
      {heading}
      <form
        onSubmit={review}
        noValidate
        aria-labelledby="campaign-heading"
        className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <div className="grid min-w-0 gap-6">
          <Section
            id="campaign-section-what"
            title="What"
            description="The campaign’s name, script and voice."
          >
            <FormField id="campaign-name" label="Campaign name" error={errors.name?.message}>
              <Input
                id="campaign-name"
                autoComplete="off"
                placeholder="March cleaning reminders"
                aria-required="true"
                {...errorProps('campaign-name', errors.name?.message)}
                {...register('name')}
              />
            </FormField>
            <Controller
              control={control}
              name="scriptId"
              render={({ field, fieldState }) => (
                <FormField
                  id="campaign-script"
                  label="Script"
                  error={fieldState.error?.message}
                  description={
                    scripts.isError
                      ? 'Your scripts could not be loaded.'
                      : scripts.data && scriptList.length === 0
                        ? 'You have no scripts yet: write one on the Scripts page first.'
                        : scripts.data?.next_cursor
                          ? `Your ${SCRIPT_OPTIONS_SIZE} newest scripts.`
                          : undefined
                  }
                >
                  {scripts.isPending ? (
                    <Skeleton className="h-9 w-full" />
                  ) : (
                    <Select
                      value={field.value || undefined}
                      onValueChange={(id) => {
                        field.onChange(id);
                        setValue('scriptContent', scriptList.find((item) => item.id === id)?.content ?? '');
                      }}
                      disabled={scriptList.length === 0}
                    >
                      <SelectTrigger
                        id="campaign-script"
                        ref={field.ref}
                        onBlur={field.onBlur}
                        className="w-full"
                        aria-required="true"
                        {...errorProps(
                          'campaign-script',
                          fieldState.error?.message,
                          scripts.isError || scriptList.length === 0 || Boolean(scripts.data?.next_cursor),
                        )}
                      >
                        <SelectValue placeholder="Choose a script" />
                      </SelectTrigger>
                      <SelectContent>
                        {scriptList.map((item) => (
                          <SelectItem key={item.id} value={item.id}>
                            {item.title}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                </FormField>
              )}
            />
            {script && (
              <blockquote
                className="rounded-lg border-l-2 border-primary bg-muted/40 px-4 py-3 text-sm whitespace-pre-line text-muted-foreground"
                aria-label="The script’s text"
              >
                {script.content}
              </blockquote>
            )}
            {needed.length > 0 && (
              <fieldset className="grid gap-3" data-testid="campaign-values">
                <legend className="mb-1 text-sm font-medium">Values for every call</legend>
                <p className="text-[0.8125rem] text-muted-foreground">
                  {'{{first_name}}'}, {'{{last_name}}'} and {'{{name}}'} are each contact’s name and{' '}
                  {'{{company}}'} their company; the script also needs:
                </p>
                <div className="grid items-start gap-4 sm:grid-cols-2">
                  {needed.map((name) => {
                    const id = `campaign-variable-${name}`;
                    const error = errors.variables?.[name]?.message;
                    return (
                      <FormField key={name} id={id} label={`{{${name}}}`} error={error}>
                        <Input
                          id={id}
                          autoComplete="off"
                          aria-required="true"
                          {...errorProps(id, error)}
                          {...register(`variables.${name}`)}
                        />
                      </FormField>
                    );
                  })}
                </div>
              </fieldset>
            )}
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <Controller
                control={control}
                name="callType"
                render={({ field, fieldState }) => (
                  <FormField
                    id="campaign-call-type"
                    label="Call type"
                    error={fieldState.error?.message}
                    description={
                      field.value === 'promotional'
                        ? 'Promotional calls need marketing consent.'
                        : 'Needs consent or an existing customer.'
                    }
                  >
                    <Select value={field.value} onValueChange={(value) => field.onChange(value as CallType)}>
                      <SelectTrigger
                        id="campaign-call-type"
                        ref={field.ref}
                        onBlur={field.onBlur}
                        className="w-full"
                        {...errorProps('campaign-call-type', fieldState.error?.message, true)}
                      >
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {CALL_TYPES.map((type) => (
                          <SelectItem key={type} value={type}>
                            {callTypeLabel(type)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </FormField>
                )}
              />
              <Controller
                control={control}
                name="voice"
                render={({ field, fieldState }) => (
                  <FormField id="campaign-voice" label="AI voice" error={fieldState.error?.message}>
                    <Select value={field.value} onValueChange={field.onChange}>
                      <SelectTrigger
                        id="campaign-voice"
                        ref={field.ref}
                        onBlur={field.onBlur}
                        className="w-full"
                        {...errorProps('campaign-voice', fieldState.error?.message)}
                      >
                        <SelectValue>{findVoice(field.value)?.name ?? field.value}</SelectValue>
                      </SelectTrigger>
                      <VoiceOptions voices={voiceList} />
                    </Select>
                  </FormField>
                )}
              />
            </div>
          </Section>

          <Section
            id="campaign-section-who"
            title="Who"
            description={`Choose contacts one by one, or everyone with a tag (up to ${MAX_CAMPAIGN_CONTACTS.toLocaleString()}).`}
          >
            <Controller
              control={control}
              name="audience"
              render={({ field }) => (
                <RadioGroup
                  value={field.value}
                  onValueChange={field.onChange}
                  aria-label="Who to call"
                  className="grid gap-3 sm:grid-cols-2"
                >
                  <Choice
                    id="campaign-audience-contacts"
                    value="contacts"
                    label="Choose contacts"
                    hint="Search and tick the contacts to call."
                  />
                  <Choice
                    id="campaign-audience-tag"
                    value="tag"
                    label="Everyone with a tag"
                    hint="Every contact carrying the tag when you create it."
                  />
                </RadioGroup>
              )}
            />
            {values.audience === 'contacts' ? (
              <FormField id="campaign-contacts" label="Contacts" error={errors.contactIds?.message}>
                <ContactChooser
                  id="campaign-contacts"
                  chosen={chosen}
                  onChange={choose}
                  callType={values.callType}
                  invalid={Boolean(errors.contactIds)}
                  describedBy={errors.contactIds ? fieldMessageId('campaign-contacts') : undefined}
                />
              </FormField>
            ) : (
              <Controller
                control={control}
                name="tag"
                render={({ field, fieldState }) => (
                  <FormField
                    id="campaign-tag"
                    label="Tag"
                    error={fieldState.error?.message}
                    description={
                      tags.data && tagList.length === 0
                        ? 'None of your contacts has a tag yet: add tags on the Contacts page.'
                        : field.value
                          ? `${plural(tagCount, 'contact')} with this tag.`
                          : undefined
                    }
                  >
                    {tags.isPending ? (
                      <Skeleton className="h-9 w-full" />
                    ) : (
                      <Select
                        value={field.value || undefined}
                        onValueChange={field.onChange}
                        disabled={tagList.length === 0}
                      >
                        <SelectTrigger
                          id="campaign-tag"
                          ref={field.ref}
                          onBlur={field.onBlur}
                          className="w-full sm:max-w-xs"
                          aria-required="true"
                          {...errorProps(
                            'campaign-tag',
                            fieldState.error?.message,
                            tagList.length === 0 || Boolean(field.value),
                          )}
                        >
                          <SelectValue placeholder="Choose a tag" />
                        </SelectTrigger>
                        <SelectContent>
                          {tagList.map((item) => (
                            <SelectItem key={item.tag} value={item.tag} textValue={item.tag}>
                              {item.tag}
                              <span className="text-muted-foreground">
                                {' '}
                                · {plural(item.count, 'contact')}
                              </span>
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    )}
                  </FormField>
                )}
              />
            )}
          </Section>

          <Section
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
                  <Choice
                    id="campaign-start-now"
                    value="now"
                    label="Start now"
                    hint="The first call goes out right away."
                  />
                  <Choice
                    id="campaign-start-later"
                    value="later"
                    label="Start later"
                    hint="Choose the day and time."
                  />
                </RadioGroup>
              )}
            />
            {values.start === 'later' && (
              <FormField
                id="campaign-starts-at"
                label={timeField.label}
                error={errors.startsAt?.message}
                description={timeField.hint}
              >
                <Input
                  id="campaign-starts-at"
                  type="datetime-local"
                  step={60}
                  min={toLocalInputValue(new Date())}
                  aria-required="true"
                  className="w-full px-2.5 tabular-nums sm:max-w-64 sm:px-3"
                  {...errorProps('campaign-starts-at', errors.startsAt?.message, true)}
                  {...register('startsAt')}
                />
              </FormField>
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
                    {...errorProps('campaign-pace', errors.pacePerHour?.message, true)}
                    {...register('pacePerHour')}
                  />
                </FormField>
              )}
            </div>
          </Section>
        </div>

        <Card className="gap-5 lg:sticky lg:top-20">
          <CardHeader className="px-4 sm:px-6">
            <CardTitle as="h3">Summary</CardTitle>
            <CardDescription>Review it, then confirm on the next step.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5 px-4 sm:px-6">
            <TermList
              rows={[
                [
                  'Calls',
                  <span key="calls" className="font-medium tabular-nums">
                    {plural(calls, 'call')}
                  </span>,
                ],
                ['Script', script?.title ?? '—'],
                ['Starts', whenText],
                ['Pace', paceValid ? paceLabel(pace) : paceLabel(null)],
              ]}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row lg:flex-col-reverse">
              <Button asChild type="button" variant="outline" className="sm:flex-1">
                <Link to={paths.campaigns}>Cancel</Link>
              </Button>
              <Button type="submit" className="sm:flex-1">
                Review Campaign
              </Button>
            </div>
          </CardContent>
        </Card>
      </form>
    </div>
  );
}
