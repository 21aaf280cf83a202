import { CALL_TYPE_LABELS, CALL_TYPES, type CallType } from '@callwise/shared/calls';
import { formatPhone } from '@callwise/shared/phone';
import type { Call } from '@callwise/shared/schemas/calls';
import type { Contact } from '@callwise/shared/schemas/contacts';
import type { Dashboard } from '@callwise/shared/schemas/dashboard';
import type { Script } from '@callwise/shared/schemas/scripts';
import { isRecipientVariable, variablesIn } from '@callwise/shared/variables';
import { findVoice, VOICES } from '@callwise/shared/voices';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ArrowLeftIcon,
  CalendarClockIcon,
  CircleCheckIcon,
  LoaderCircleIcon,
  PhoneOutgoingIcon,
} from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type FieldPath, type FieldPathValue, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { SimulatedCarrierNote } from '@/components/simulated-carrier-note';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { VariableHelper } from '@/components/variable-helper';
import { VoiceOptions } from '@/components/voice-options';
import { paths } from '@/config/paths';
import { useCreateCall } from '@/features/schedule-call/api/create-call';
import { useContact } from '@/features/schedule-call/api/get-contact';
import { useScript } from '@/features/schedule-call/api/get-script';
import { useUpdateCall } from '@/features/schedule-call/api/update-call';
import { CallingWindowHint, useWindowMove } from '@/features/schedule-call/components/calling-window-hint';
import { ContactPicker } from '@/features/schedule-call/components/contact-picker';
import { ScriptPicker } from '@/features/schedule-call/components/script-picker';
import { VoicePreviewPanel } from '@/features/schedule-call/components/voice-preview-panel';
import { useVoicePreview } from '@/features/schedule-call/hooks/use-voice-preview';
import {
  emptyScheduleForm,
  LATE_GRACE_MS,
  MESSAGE_REQUIRED,
  missingValue,
  PREVIEW_MESSAGE_REQUIRED,
  type ScheduleFormValues,
  scheduleFormFromCall,
  scheduleFormSchema,
  TIME_PASSED,
  toCreateCallInput,
  toPreviewInput,
  toUpdateCallInput,
  valueVariables,
} from '@/features/schedule-call/utils/schedule-form';
import { nextMinute } from '@/features/schedule-call/utils/schedule-time';
import { callTypeForScript, QUICK_TEMPLATES } from '@/features/schedule-call/utils/templates';
import { isApiError } from '@/lib/api-error';
import { formatDateTime, parseLocalInputValue, toLocalInputValue, zonedFieldText } from '@/lib/dates';
import { flowError, flowSuccess } from '@/lib/flow-toasts';
import { fieldErrorsOf } from '@/lib/form-errors';
import { useVoices } from '@/lib/voices';

type Usage = Dashboard['usage'];

const VALUE_PLACEHOLDERS: Record<string, string> = {
  date: 'Tuesday, March 4',
  time: '3:30 PM',
};

/** Where a server problem about a request field goes in the form. */
function formFieldOf(field: string): FieldPath<ScheduleFormValues> | null {
  const [root, ...rest] = field.split('.');
  switch (root) {
    case 'phone':
      return 'phone';
    case 'recipient_name':
      return 'recipientName';
    case 'message':
    case 'script':
    case 'script_id':
      return 'message';
    case 'scheduled_at':
      return 'scheduledAt';
    case 'voice':
      return 'voice';
    case 'call_type':
      return 'callType';
    case 'variables':
      return rest.length > 0 ? `variables.${rest.join('.')}` : 'message';
    default:
      return null;
  }
}

/** Where a refusal by a calling rule goes in the form: the recipient's number, or the kind of call. */
const RULE_FIELDS: Record<string, FieldPath<ScheduleFormValues>> = {
  do_not_call: 'phone',
  frequency_cap_reached: 'phone',
  state_rule: 'phone',
  consent_required: 'callType',
};

/** The toasts of the schedule form and of the edit dialog: a success takes the form's earlier errors away. */
const FLOW = 'schedule-call';

/** "7 of 10 trial calls remaining" or "420 calls left this month". */
function allowanceText(usage: Usage): string {
  if (usage.plan === 'trial') return `${usage.remaining} of ${usage.included} trial calls remaining`;
  return `${usage.remaining} ${usage.remaining === 1 ? 'call' : 'calls'} left this month`;
}

function Allowance({ usage }: { usage: Usage | undefined }) {
  if (!usage) return <Skeleton className="h-6 w-48" />;
  return (
    <Badge
      variant={usage.remaining === 0 ? 'destructive' : usage.remaining <= 2 ? 'warning' : 'secondary'}
      className="px-2.5 py-1 text-[0.8125rem] whitespace-normal"
      data-testid="schedule-allowance"
    >
      {allowanceText(usage)}
    </Badge>
  );
}

/** The spec's failure toast, with the server's own reason under it when that says more. */
function ScheduleFailure({ detail, editing }: { detail: string | null; editing: boolean }) {
  return (
    <span className="grid gap-1">
      <span>{editing ? 'The call could not be changed.' : 'Failed to schedule call. Please try again.'}</span>
      {detail && <span>{detail}</span>}
    </span>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const id = `schedule-section-${title.toLowerCase().replace(/\s+/g, '-')}`;
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

export interface ScheduleCallViewProps {
  /** The plan's allowance (from the dashboard); undefined while loading. */
  usage: Usage | undefined;
  /** The built-in simulated carrier places the calls: say so. */
  simulated: boolean;
  /** Prefill from the address: `?contact=<id>` (Call Now) and `?script=<id>` (Test). */
  contactId: string | null;
  scriptId: string | null;
  /** Prefill the recipient with this number (E.164): your own, for the checklist's test call (`?test=1`). */
  testCallTo?: string | null;
  /** Cancel and Back to Dashboard. */
  onClose: () => void;
  /** After a call has been scheduled and the form reset: the prefill in the address is used up. */
  onScheduled: () => void;
  /** The call's cost, shown above the Schedule button (the page gives the billing feature's estimate). */
  costEstimate?: ReactNode;
  /**
   * Edit this call (not gone out yet) instead of scheduling a new one: the form starts from it, has no page
   * header (the dialog around it has the title), and saves with PATCH /v1/calls/{id}.
   */
  editing?: Call | null;
  /** After the edited call was saved. */
  onSaved?: (call: Call) => void;
}

/**
 * The dashboard's schedule view: who to call (typed or one of the contacts), the call type, when, the AI voice
 * and the message (typed, from a quick template or from a script, with variables), a voice preview, and
 * Schedule Call. A scheduled call resets the form and the preview.
 */
export function ScheduleCallView({
  usage,
  simulated,
  contactId,
  scriptId,
  testCallTo = null,
  onClose,
  onScheduled,
  costEstimate,
  editing = null,
  onSaved,
}: ScheduleCallViewProps) {
  const navigate = useNavigate();
  const createCall = useCreateCall();
  const updateCall = useUpdateCall();
  const voices = useVoices();
  const prefillContact = useContact(contactId);
  const prefillScript = useScript(scriptId);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const messageRef = useRef<HTMLTextAreaElement | null>(null);
  const recipientRef = useRef<HTMLInputElement | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const successRef = useRef<HTMLParagraphElement | null>(null);
  /** A submit was refused: once its errors are on screen, the first invalid field takes the focus. */
  const focusInvalid = useRef(false);
  /** What the last successful schedule said; the focus goes there, as the button it came from is disabled. */
  const [scheduled, setScheduled] = useState<string | null>(null);
  /** Until the message box has had the focus, a variable goes at the end of the text. */
  const cursorPlaced = useRef(false);
  const applied = useRef<{ contact: string | null; script: string | null; test: string | null }>({
    contact: null,
    script: null,
    test: null,
  });

  const [contact, setContact] = useState<Contact | null>(null);
  const [script, setScript] = useState<Script | null>(null);
  const [timeField] = useState(() => zonedFieldText('Schedule time'));

  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    setError,
    clearErrors,
    reset,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<ScheduleFormValues>({
    resolver: zodResolver(scheduleFormSchema),
    defaultValues: editing ? scheduleFormFromCall(editing) : emptyScheduleForm('custom'),
    // The form's own order would be the order the fields registered in; the effect below takes the page's.
    shouldFocusError: false,
  });

  const [voice, message, recipientName, phone, scheduledAt, variables] = useWatch({
    control,
    name: ['voice', 'message', 'recipientName', 'phone', 'scheduledAt', 'variables'],
  });
  const callType = useWatch({ control, name: 'callType' });
  const needed = useMemo(() => valueVariables(message ?? ''), [message]);
  const usesName = useMemo(() => variablesIn(message ?? '').some(isRecipientVariable), [message]);
  // What the preview speaks: a change to any of it (message, voice, a value) discards the preview.
  const previewContent = JSON.stringify([
    voice,
    (message ?? '').trim(),
    needed.map((name) => variables?.[name]?.trim() ?? ''),
    usesName ? (recipientName ?? '').trim() : '',
    usesName ? (contact?.id ?? '') : '',
  ]);
  const voicePreview = useVoicePreview(previewContent);

  // The view opens with its heading focused, so that keyboard and screen reader users start at the top.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // A refused submit: the first invalid field in the page's order (Recipient name before Custom message), after
  // the render that marks them (the form publishes its errors after calling onInvalid).
  useEffect(() => {
    if (!focusInvalid.current) return;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    focusInvalid.current = false;
    field.focus();
  });

  // A scheduled call: its confirmation takes the focus (the Schedule Call button was disabled while it went).
  useEffect(() => {
    if (scheduled) successRef.current?.focus();
  }, [scheduled]);

  /** Sets a field as typing would: dirty, and checked again once the form has been submitted. */
  const setField = <K extends FieldPath<ScheduleFormValues>>(
    name: K,
    value: FieldPathValue<ScheduleFormValues, K>,
  ) => setValue(name, value, { shouldDirty: true, shouldValidate: isSubmitted });

  const pickContact = (picked: Contact) => {
    setContact(picked);
    setValue('contactId', picked.id);
    setField('recipientName', picked.name);
    setField('phone', formatPhone(picked.phone));
    clearErrors(['recipientName', 'phone']);
  };

  const clearContact = () => {
    setContact(null);
    setValue('contactId', null);
    setField('recipientName', '');
    setField('phone', '');
    requestAnimationFrame(() => recipientRef.current?.focus());
  };

  const setMessage = (text: string) => {
    setField('message', text);
    cursorPlaced.current = false;
  };

  const pickScript = (picked: Script) => {
    setScript(picked);
    setMessage(picked.content);
    const type = callTypeForScript(picked);
    if (type) setField('callType', type);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: applied once per contact from the address.
  useEffect(() => {
    const data = prefillContact.data;
    if (!data || applied.current.contact === data.id) return;
    applied.current.contact = data.id;
    pickContact(data);
  }, [prefillContact.data]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: applied once per script from the address.
  useEffect(() => {
    const data = prefillScript.data;
    if (!data || applied.current.script === data.id) return;
    applied.current.script = data.id;
    pickScript(data);
  }, [prefillScript.data]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: applied once per number from the address.
  useEffect(() => {
    if (!testCallTo || applied.current.test === testCallTo) return;
    applied.current.test = testCallTo;
    applyTestNumber(testCallTo);
  }, [testCallTo]);

  const insertAtCursor = (token: string) => {
    const element = messageRef.current;
    const value = getValues('message') ?? '';
    const start = cursorPlaced.current && element ? element.selectionStart : value.length;
    const end = cursorPlaced.current && element ? element.selectionEnd : value.length;
    setField('message', value.slice(0, start) + token + value.slice(end));
    const caret = start + token.length;
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
      cursorPlaced.current = true;
    });
  };

  const applyTestNumber = (number: string) => {
    if (contact) {
      setContact(null);
      setValue('contactId', null);
    }
    setField('phone', formatPhone(number));
    if (!getValues('recipientName').trim()) setField('recipientName', 'Test Caller');
    clearErrors('phone');
  };

  const generatePreview = () => {
    const values = getValues();
    if (!values.message.trim()) {
      setError('message', { type: 'preview', message: PREVIEW_MESSAGE_REQUIRED }, { shouldFocus: true });
      flowError(FLOW, 'Error', { description: PREVIEW_MESSAGE_REQUIRED });
      return;
    }
    const missing = needed.filter((name) => !values.variables[name]?.trim());
    if (missing.length > 0) {
      missing.forEach((name, index) => {
        setError(
          `variables.${name}`,
          { type: 'preview', message: missingValue(name) },
          { shouldFocus: index === 0 },
        );
      });
      flowError(FLOW, 'Error', {
        description: `Failed to generate voice preview: ${missing.map((name) => `{{${name}}}`).join(', ')} ${missing.length === 1 ? 'needs a value' : 'need values'} first.`,
      });
      return;
    }
    clearErrors('message');
    void voicePreview.generate(toPreviewInput(values, contact));
  };

  const resetForm = () => {
    voicePreview.discard();
    reset(emptyScheduleForm('custom'));
    setContact(null);
    setScript(null);
    cursorPlaced.current = false;
  };

  const showFailure = (error: unknown) => {
    if (isApiError(error) && error.status === 401) return; // The session ended; the API client has said so.
    let focused = false;
    for (const problem of fieldErrorsOf(error)) {
      const name = formFieldOf(problem.field);
      if (!name) continue;
      setError(name, { type: 'server', message: problem.message }, { shouldFocus: !focused });
      focused = true;
    }
    const api = isApiError(error) ? error : null;
    if (api && api.status === 403 && /voice/i.test(api.message)) {
      setError('voice', { type: 'server', message: api.message }, { shouldFocus: !focused });
      focused = true;
    }
    const ruleField = api ? RULE_FIELDS[api.code] : undefined;
    if (api && ruleField) {
      // A calling rule said no: that is its own message, not a failure to try again.
      setError(ruleField, { type: 'server', message: api.message }, { shouldFocus: !focused });
      flowError(FLOW, editing ? 'Call not changed' : 'Call not scheduled', { description: api.message });
      return;
    }
    const limit = api?.code === 'call_limit_reached';
    const detail = api && api.status < 500 ? api.message : null;
    flowError(FLOW, 'Error', {
      description: <ScheduleFailure detail={detail} editing={editing !== null} />,
      ...(limit
        ? { action: { label: 'Upgrade', onClick: () => navigate(paths.pricing) }, duration: 10_000 }
        : {}),
    });
  };

  const save = async (call: Call, values: ScheduleFormValues) => {
    let saved: Call;
    try {
      saved = await updateCall.mutateAsync({ id: call.id, input: toUpdateCallInput(values, script) });
    } catch (error) {
      showFailure(error);
      return;
    }
    flowSuccess(FLOW, 'Call updated', {
      description: `The call to ${saved.recipient_name} is set for ${formatDateTime(saved.scheduled_at)}.${saved.schedule_note ? ` ${saved.schedule_note}` : ''}`,
    });
    onSaved?.(saved);
  };

  const submit = handleSubmit(
    async (values) => {
      if (editing) return save(editing, values);
      setScheduled(null);
      let recipient: string;
      let note: string | null;
      try {
        const call = await createCall.mutateAsync(toCreateCallInput(values, script));
        recipient = call.recipient_name;
        note = call.schedule_note;
      } catch (error) {
        showFailure(error);
        return;
      }
      const description = `Your call to ${recipient || 'the recipient'} has been scheduled successfully.${note ? ` ${note}` : ''}`;
      flowSuccess(FLOW, 'Call Scheduled!', {
        description,
        action: { label: 'View', onClick: () => navigate(paths.callHistory) },
      });
      resetForm();
      setScheduled(description);
      onScheduled();
    },
    (invalid) => {
      setScheduled(null);
      focusInvalid.current = true;
      if (invalid.message?.message === MESSAGE_REQUIRED) {
        flowError(FLOW, 'Error', { description: MESSAGE_REQUIRED });
      }
    },
  );

  const voiceList = voices.data?.data ?? VOICES.map((item) => ({ ...item, available: true }));
  const selectedVoice = voiceList.find((item) => item.id === voice) ?? findVoice(voice);
  const when = parseLocalInputValue(scheduledAt ?? '');
  const windowMove = useWindowMove(when, phone ?? '', contact?.timezone);
  // The review says what the field and the window notice say: a time the form refuses as passed is passed (not
  // "Now"), and a time the calling window moves is the opening, in the recipient's zone, as the notice words it.
  let whenText = '—';
  if (when && when.getTime() < Date.now() - LATE_GRACE_MS) whenText = TIME_PASSED;
  else if (windowMove) whenText = windowMove.text;
  else if (when) whenText = when.getTime() <= Date.now() ? 'Now' : formatDateTime(when);
  const fromScript = script && (message ?? '').trim() === script.content.trim() ? script : null;
  const { ref: messageFieldRef, ...messageField } = register('message');
  const { ref: recipientFieldRef, ...recipientField } = register('recipientName');

  const errorProps = (id: string, error: string | undefined, described = false) => ({
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || described ? fieldMessageId(id) : undefined,
  });

  return (
    <div className="grid grid-cols-1 gap-6" data-testid={editing ? 'edit-call-view' : 'schedule-view'}>
      {!editing && (
        <div className="grid gap-4">
          <div>
            <Button type="button" variant="ghost" size="sm" className="-ml-2" onClick={onClose}>
              <ArrowLeftIcon aria-hidden="true" />
              Back to Dashboard
            </Button>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div className="min-w-0 space-y-1">
              <h2
                ref={headingRef}
                id="schedule-heading"
                tabIndex={-1}
                className="text-xl font-semibold tracking-tight outline-none sm:text-2xl"
              >
                Schedule a Call
              </h2>
              <p className="text-sm text-muted-foreground sm:text-base">
                Choose who to call and when, pick a voice and write what it says.
              </p>
            </div>
            <Allowance usage={usage} />
          </div>
          {usage && usage.remaining === 0 && (
            <p
              role="alert"
              className="rounded-lg border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm text-destructive-soft-foreground"
            >
              {usage.plan === 'trial'
                ? `You have used all ${usage.included} calls of your free trial. `
                : 'You have used all the calls of your plan this month. '}
              <Link to={paths.pricing} className="font-medium underline underline-offset-4">
                Upgrade to keep calling
              </Link>
              .
            </p>
          )}
          {simulated && <SimulatedCarrierNote onUseNumber={applyTestNumber} />}
          {scheduled && (
            // Not a live region: the toast announces it; this is where the focus lands, and it stays to be read.
            <p
              ref={successRef}
              tabIndex={-1}
              data-testid="schedule-success"
              className="flex items-start gap-2 rounded-lg border border-success/30 bg-success-soft px-4 py-3 text-sm text-success-soft-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <span className="font-semibold">Call Scheduled!</span> {scheduled}
              </span>
            </p>
          )}
        </div>
      )}

      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        {...(editing ? { 'aria-label': 'Edit the call' } : { 'aria-labelledby': 'schedule-heading' })}
        className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <div className="grid min-w-0 gap-6">
          <Section title="Recipient" description="One of your contacts, or anyone by name and number.">
            <ContactPicker
              contact={contact}
              callType={callType}
              loading={prefillContact.isFetching && !contact}
              onSelect={pickContact}
              onClear={clearContact}
            />
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <FormField
                id="schedule-recipient"
                label="Recipient name"
                error={errors.recipientName?.message}
                description={contact ? 'From the contact.' : undefined}
              >
                <Input
                  id="schedule-recipient"
                  autoComplete="off"
                  placeholder="Maria Lopez"
                  readOnly={contact !== null}
                  className={contact ? 'bg-muted/50' : undefined}
                  aria-required="true"
                  {...errorProps('schedule-recipient', errors.recipientName?.message, contact !== null)}
                  ref={(element) => {
                    recipientFieldRef(element);
                    recipientRef.current = element;
                  }}
                  {...recipientField}
                />
              </FormField>
              <FormField
                id="schedule-phone"
                label="Phone number"
                error={errors.phone?.message}
                description={contact ? 'From the contact.' : 'Any format, e.g. (202) 555-0105.'}
              >
                <Input
                  id="schedule-phone"
                  type="tel"
                  autoComplete="off"
                  placeholder="(202) 555-0105"
                  readOnly={contact !== null}
                  className={contact ? 'bg-muted/50 tabular-nums' : 'tabular-nums'}
                  aria-required="true"
                  {...errorProps('schedule-phone', errors.phone?.message, true)}
                  {...register('phone')}
                />
              </FormField>
            </div>
          </Section>

          <Section title="Call details" description="What kind of call, when it is placed and who speaks.">
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <Controller
                control={control}
                name="callType"
                render={({ field, fieldState }) => (
                  <FormField id="schedule-call-type" label="Call type" error={fieldState.error?.message}>
                    <Select value={field.value} onValueChange={(value) => field.onChange(value as CallType)}>
                      <SelectTrigger
                        id="schedule-call-type"
                        ref={field.ref}
                        onBlur={field.onBlur}
                        className="w-full"
                        {...errorProps('schedule-call-type', fieldState.error?.message)}
                      >
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {CALL_TYPES.map((type) => (
                          <SelectItem key={type} value={type}>
                            {CALL_TYPE_LABELS[type]}
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
                  <FormField
                    id="schedule-voice"
                    label="AI voice"
                    error={fieldState.error?.message}
                    description={
                      voices.data?.provider === 'espeak' ? 'Offline voices (eSpeak NG).' : undefined
                    }
                  >
                    <Select value={field.value} onValueChange={field.onChange}>
                      <SelectTrigger
                        id="schedule-voice"
                        ref={field.ref}
                        onBlur={field.onBlur}
                        className="w-full"
                        {...errorProps(
                          'schedule-voice',
                          fieldState.error?.message,
                          voices.data?.provider === 'espeak',
                        )}
                      >
                        <SelectValue>
                          {selectedVoice ? (
                            <span>
                              {selectedVoice.name}
                              <span className="text-muted-foreground"> · {selectedVoice.tone}</span>
                            </span>
                          ) : (
                            field.value
                          )}
                        </SelectValue>
                      </SelectTrigger>
                      <VoiceOptions voices={voiceList} />
                    </Select>
                  </FormField>
                )}
              />
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
                  {...errorProps('schedule-time', errors.scheduledAt?.message, true)}
                  {...register('scheduledAt')}
                />
                {/* Named by what it shows ("Now", for speech input too); on a phone only the icon shows. */}
                <Button
                  type="button"
                  variant="outline"
                  title="Use the current time"
                  onClick={() => setField('scheduledAt', toLocalInputValue(nextMinute()))}
                >
                  <CalendarClockIcon aria-hidden="true" />
                  <span className="sr-only sm:not-sr-only">Now</span>
                </Button>
              </div>
            </FormField>
            <CallingWindowHint move={windowMove} />
          </Section>

          <Section title="Message" description="What the AI voice says when the call is answered.">
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <ScriptPicker
                onSelect={pickScript}
                hint={
                  fromScript ? `Using “${fromScript.title}”.` : 'Fills the message from one of your scripts.'
                }
              />
              <fieldset className="grid gap-2">
                <legend className="mb-2 text-sm font-medium">Quick templates</legend>
                <div className="flex flex-wrap gap-2">
                  {QUICK_TEMPLATES.map((template) => (
                    <Button
                      key={template.title}
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => {
                        setScript(null);
                        setMessage(template.message);
                        setField('callType', template.callType);
                      }}
                    >
                      {template.title}
                    </Button>
                  ))}
                </div>
              </fieldset>
            </div>

            <FormField
              id="schedule-message"
              label="Custom message"
              error={errors.message?.message}
              description="{{first_name}}, {{last_name}} and {{name}} are the recipient's; other variables get their values below."
            >
              <Textarea
                id="schedule-message"
                rows={4}
                placeholder="Hi {{first_name}}, this is a reminder of your appointment on {{date}} at {{time}}."
                className="resize-y"
                aria-required="true"
                {...errorProps('schedule-message', errors.message?.message, true)}
                ref={(element) => {
                  messageFieldRef(element);
                  messageRef.current = element;
                }}
                onFocus={() => {
                  cursorPlaced.current = true;
                }}
                {...messageField}
              />
            </FormField>

            <VariableHelper content={message ?? ''} onInsert={insertAtCursor} />

            {needed.length > 0 && (
              <fieldset className="grid gap-3" data-testid="variable-values">
                <legend className="mb-3 text-sm font-medium">Values for this call</legend>
                <div className="grid items-start gap-4 sm:grid-cols-2">
                  {needed.map((name) => {
                    const id = `schedule-variable-${name}`;
                    const error = errors.variables?.[name]?.message;
                    return (
                      <FormField key={name} id={id} label={`{{${name}}}`} error={error}>
                        <Input
                          id={id}
                          autoComplete="off"
                          placeholder={VALUE_PLACEHOLDERS[name] ?? ''}
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
          </Section>
        </div>

        <Card className="gap-5 lg:sticky lg:top-20">
          <CardHeader className="px-4 sm:px-6">
            <CardTitle as="h3">{editing ? 'Review and save' : 'Review and schedule'}</CardTitle>
            <CardDescription>
              {editing ? 'The same rules as a new call apply.' : 'Listen first, then schedule.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5 px-4 sm:px-6">
            <VoicePreviewPanel
              preview={voicePreview.preview}
              voiceName={selectedVoice?.name ?? String(voice)}
              audioRef={voicePreview.audioRef}
              audioEvents={voicePreview.audioEvents}
              onGenerate={generatePreview}
              onPlay={voicePreview.play}
              onStop={voicePreview.stop}
            />
            <dl className="grid gap-2 text-sm" data-testid="schedule-review">
              {[
                [
                  'To',
                  recipientName?.trim()
                    ? `${recipientName.trim()}${phone?.trim() ? ` · ${phone.trim()}` : ''}`
                    : '—',
                ],
                ['When', whenText],
                ['Voice', selectedVoice ? `${selectedVoice.name} (${selectedVoice.tone})` : '—'],
              ].map(([term, value]) => (
                <div key={term} className="grid grid-cols-[4rem_1fr] gap-2">
                  <dt className="text-muted-foreground">{term}</dt>
                  <dd className="min-w-0 break-words">{value}</dd>
                </div>
              ))}
            </dl>
            {costEstimate}
            <div className="flex flex-col-reverse gap-2 sm:flex-row lg:flex-col-reverse">
              <Button
                type="button"
                variant="outline"
                className="sm:flex-1"
                onClick={onClose}
                disabled={isSubmitting}
              >
                Cancel
              </Button>
              <Button type="submit" className="sm:flex-1" disabled={isSubmitting}>
                {isSubmitting ? (
                  <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
                ) : (
                  <PhoneOutgoingIcon aria-hidden="true" />
                )}
                {editing
                  ? isSubmitting
                    ? 'Saving...'
                    : 'Save Changes'
                  : isSubmitting
                    ? 'Scheduling...'
                    : 'Schedule Call'}
              </Button>
            </div>
          </CardContent>
        </Card>
      </form>
    </div>
  );
}
